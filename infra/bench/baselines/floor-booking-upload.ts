import { randomBytes, randomInt } from 'node:crypto';
import { Readable } from 'node:stream';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { RequestHandler } from 'express';
import type { Db } from 'mongodb';
import multer from 'multer';
import {
  BOOKING_IMAGE_FIELD,
  BOOKING_IMAGE_MAX_BYTES,
} from '../../../api/src/domain/booking/booking-schema';
import { findPlan, findService } from '../../../api/src/domain/booking/catalogue';
import { jobs } from '../../../api/src/jobs/job-definitions';
import { emailOf, textField } from './floor-form';
import type { FloorQueues } from './floor-queues';

/** The product's reference alphabet (no 0/O, 1/I): the reference has a unique index to keep. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const reference = () =>
  `HS-${Array.from({ length: 6 }, () => ALPHABET.charAt(randomInt(ALPHABET.length))).join('')}`;

const NO_PAYMENT = {
  provider: null,
  checkoutSessionId: null,
  checkoutUrl: null,
  checkoutExpiresAt: null,
  intentId: null,
  paidAt: null,
  failureReason: null,
  refundRequestedAt: null,
  refundedAt: null,
};

/** A string id of 128 random bits, as the product's; the rest of the row is the product's fields. */
type BookingRow = { _id: string } & Record<string, unknown>;

export interface BookingFloorDeps {
  db: Db;
  collection: string;
  queues: FloorQueues;
  s3: S3Client;
  bucket: string;
  keyPrefix: string;
}

/**
 * POST /api/bookings's durable work for a Custom Estimate with a photo: the multipart form read
 * by multer (busboy) as the product does, the photo put to the same S3 server, one insert of the
 * booking row (the product's fields, in a collection with its indexes), and the estimate's two
 * queue adds (the business's notice, the customer's acknowledgement).
 *
 * The photo is held in memory until its last byte, as the product's S3 upload (lib-storage) holds
 * any photo smaller than its 5 MB part, then sent as a stream of known length: the SDK signs that
 * as UNSIGNED-PAYLOAD, where the product's Buffer body makes it SHA-256 the whole photo first.
 * That hash protects nothing HTTP's own checks do not, so it is not part of the floor.
 */
export function bookingUploadFloor(deps: BookingFloorDeps): RequestHandler[] {
  const bookings = deps.db.collection<BookingRow>(deps.collection);
  const receive = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: BOOKING_IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 2 * 1024 },
  }).single(BOOKING_IMAGE_FIELD);

  const store: RequestHandler = async (req, res) => {
    const email = emailOf(req.body);
    if (!email) {
      res.status(400).json({ error: 'Check the form.' });
      return;
    }
    const bookingId = randomBytes(16).toString('hex');
    const photo = req.file;
    let imageKey = '';
    if (photo) {
      imageKey = `bookings/${bookingId}/photo.jpg`;
      await deps.s3.send(
        new PutObjectCommand({
          Bucket: deps.bucket,
          Key: `${deps.keyPrefix}${imageKey}`,
          Body: Readable.from([photo.buffer]),
          ContentLength: photo.size,
          ContentType: photo.mimetype,
        }),
      );
    }
    const now = new Date();
    const field = (name: string) => textField(req.body, name);
    const phone = field('phone');
    await bookings.insertOne({
      _id: bookingId,
      reference: reference(),
      userId: null,
      name: field('name'),
      phone,
      phoneDigits: phone.replace(/\D/g, ''),
      email,
      address: field('address'),
      postalCode: field('postalCode'),
      // The catalogue's ids for the form's title and name, as the product stores them.
      serviceId: findService(field('service'))?.id ?? '',
      planId: findPlan(field('plan'))?.id ?? '',
      date: field('date'),
      time: field('time'),
      amountCents: null,
      currency: 'cad',
      status: 'estimate_requested',
      imageKey,
      imageType: photo ? photo.mimetype : '',
      requestFingerprint: '',
      holdUntil: null,
      holdLimit: null,
      refundCutoff: null,
      payment: NO_PAYMENT,
      followUpsPending: true,
      followUpClaimedUntil: null,
      subscriptionId: null,
      discount: null,
      crewId: null,
      periodIndex: null,
      visitIndex: null,
      cancelledAt: null,
      cancelReason: null,
      history: [{ from: null, to: 'estimate_requested', by: 'customer', at: now }],
      createdAt: now,
      updatedAt: now,
    });
    await Promise.all([
      deps.queues.add(jobs.businessBookingNotification, { bookingId }, `notify-${bookingId}`),
      deps.queues.add(jobs.estimateAcknowledgementEmail, { bookingId }, `estimate-ack-${bookingId}`),
    ]);
    res.status(201).json({ id: bookingId });
  };
  return [receive, store];
}
