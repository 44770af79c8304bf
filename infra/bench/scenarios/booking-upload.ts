import type autocannon from 'autocannon';
import { BookingModel } from '../../../api/src/bookings/booking-model';
import { measureUploadDiscard } from '../baselines/express-upload-discard';
import { measureFloor } from '../baselines/floor-http';
import type { Scenario } from '../bench-types';
import { BOOKING_FORM_TYPE, bookingUploadBody, photoOfAbout } from '../booking-upload-form';
import { productProcesses } from '../cpu-time';
import { runHttpLoad } from '../http-load';
import { waitUntilQuiet } from '../settle';
import { storedKeys } from '../stored-photos';
import { ratioOf, TargetCheck, TARGETS } from '../targets';

export const BOOKING_CONNECTIONS = 10;
const CONNECTIONS = BOOKING_CONNECTIONS;
export const PHOTO_BYTES = 1024 * 1024;
const TARGET = TARGETS.bookingUpload;
const DOMAIN = 'upload.bench.test';

/** The booking form with `photo`, each from a new address at `domain`, by which they are counted. */
export function bookingRequest(photo: Buffer, domain: string): autocannon.Request {
  let sequence = 0;
  return {
    method: 'POST',
    path: '/api/bookings',
    headers: { 'content-type': BOOKING_FORM_TYPE },
    setupRequest: (shape) => ({
      ...shape,
      body: bookingUploadBody(`customer-${String((sequence += 1))}@${domain}`, photo),
    }),
  };
}

/**
 * Estimate requests with a 1 MB photo, each from a new address: form, S3 upload, booking, jobs.
 * Its floor (baselines/floor-booking-upload.ts): bare Express reading the same multipart form with
 * multer, the photo put to the same S3 server, one insert of the booking with the raw driver and
 * the estimate's two queue adds.
 */
export const bookingUploadScenario: Scenario = {
  name: 'booking-upload',
  async run(context) {
    const { product, sizes, log } = context;
    log('making a 1 MB JPEG...');
    const photo = await photoOfAbout(PHOTO_BYTES);
    const request = bookingRequest(photo, DOMAIN);
    const load = { connections: CONNECTIONS, seconds: sizes.seconds, request };
    const shape = `${String(CONNECTIONS)} connections, ${String(sizes.seconds)} s`;
    await waitUntilQuiet(context);
    log(`baseline: bare Express reading the same upload and dropping it, ${shape}...`);
    const baseline = await measureUploadDiscard(load, log);
    log(`floor: bare Express, the photo to S3, one insert, two queue adds, ${shape}...`);
    const floor = await measureFloor('/bookings', load, product, log);
    log(
      `product: POST /api/bookings with a ${(photo.length / 1e6).toFixed(2)} MB JPEG, ${shape}...`,
    );
    const result = await runHttpLoad(
      { ...load, url: product.url, server: productProcesses(product) },
      log,
    );

    // Requests cut off when the time is up may still finish on the server: let them settle.
    await waitUntilQuiet(context);
    log('counting the bookings and their photos in S3...');
    const bookings = await BookingModel.find(
      { email: { $regex: `@${DOMAIN.replaceAll('.', '\\.')}$` } },
      { imageKey: 1 },
    ).lean();
    const keys = await storedKeys(product.env, 'bookings/');
    const stored = {
      // Warm-up requests make bookings too.
      accepted: result.warmUpSucceeded + result.succeeded,
      bookings: bookings.length,
      withPhoto: bookings.filter((booking) => booking.imageKey !== '').length,
      photoInS3: bookings.filter((booking) => keys.has(booking.imageKey)).length,
      s3Objects: keys.size,
    };

    const floorRatio = ratioOf(result.perSecond, floor.perSecond);
    const check = new TargetCheck()
      .expectFloorRatio(floorRatio, TARGET.minFloorRatio)
      .expectP99(result.p99Ms, TARGET.maxP99Ms)
      .expect(
        stored.bookings >= stored.accepted &&
          stored.withPhoto === stored.bookings &&
          stored.photoInS3 === stored.bookings,
        `${String(stored.accepted)} accepted, ${String(stored.bookings)} stored, ${String(stored.photoInS3)} with their photo in S3`,
      )
      .expect(
        stored.s3Objects === stored.photoInS3,
        `${String(stored.s3Objects - stored.photoInS3)} S3 objects without a booking`,
      )
      .expect(floor.errors === 0, `the floor had ${String(floor.errors)} errors`);
    return {
      scenario: `POST /api/bookings, 1 MB JPEG (${shape})`,
      product: `${String(result.perSecond)} req/s, p99 ${String(result.p99Ms)} ms, ${String(result.errors)} errors; ${String(stored.photoInS3)} of ${String(stored.bookings)} bookings with their photo in S3 (${String(stored.s3Objects)} objects)`,
      baseline: `${String(baseline.perSecond)} req/s, p99 ${String(baseline.p99Ms)} ms`,
      ratio: ratioOf(result.perSecond, baseline.perSecond),
      floor: `${String(floor.perSecond)} req/s, p99 ${String(floor.p99Ms)} ms`,
      floorRatio,
      target: `ratio to floor >= ${String(TARGET.minFloorRatio)}, p99 < ${String(TARGET.maxP99Ms)} ms, every booking with its photo in S3`,
      met: check.met,
      missed: check.missed,
      measured: {
        connections: CONNECTIONS,
        seconds: sizes.seconds,
        photoBytes: photo.length,
        product: result,
        baseline,
        floor,
        stored,
      },
    };
  },
};
