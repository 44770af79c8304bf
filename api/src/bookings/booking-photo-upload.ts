import { PassThrough, type Readable } from 'node:stream';
import type { Request, RequestHandler } from 'express';
import { isBookingId } from '../domain/booking/booking-id';
import multer from 'multer';
import {
  BOOKING_IMAGE_FIELD,
  BOOKING_IMAGE_MAX_BYTES,
  BookingMessages,
} from '../domain/booking/booking-schema';
import { DomainError, type DomainErrorKind } from '../domain/domain-error';
import { fileFieldError, uploadError } from '../http/upload-errors';
import { detectImageType } from '../media/image-type';
import type { Logger } from '../platform/logger';
import type { Storage } from '../platform/storage';

/** What the upload leaves on `req.file` besides multer's own fields. */
export interface UploadedPhoto {
  key: string;
  mimeType: string;
  size: number;
}

/** Bytes needed to tell a JPEG or PNG from anything else. */
const SNIFF_BYTES = 16;

const photoError = (kind: DomainErrorKind, message: string) =>
  fileFieldError(BOOKING_IMAGE_FIELD, kind, message);

/** Reads the first bytes of a stream, then hands back a stream of the whole file. */
function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; whole: PassThrough }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = () => {
      stream.off('data', onData);
      stream.off('end', finish);
      stream.off('error', reject);
      stream.pause();
      const head = Buffer.concat(chunks);
      const whole = new PassThrough();
      whole.write(head);
      stream.pipe(whole);
      resolve({ head, whole });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) finish();
    };
    stream.on('data', onData);
    stream.once('end', finish);
    stream.once('error', reject);
  });
}

/**
 * A multer storage engine that streams the photo straight to S3 under the booking's key, after
 * judging its first bytes: only JPEG and PNG pass, whatever the file is called. Nothing is kept
 * in memory or on disk; a photo that grows past the limit is abandoned and removed.
 */
class BookingPhotoStorage implements multer.StorageEngine {
  constructor(
    private readonly storage: Storage,
    private readonly logger: Logger,
  ) {}

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    callback: (error?: unknown, info?: Partial<Express.Multer.File & UploadedPhoto>) => void,
  ): void {
    const source = file.stream;
    const keyBase = bookingPhotoKeyBase(req);
    peek(source, SNIFF_BYTES).then(
      ({ head, whole }) => {
        const type = detectImageType(head);
        if (!type || type.mimeType === 'image/webp') {
          source.unpipe(whole);
          source.resume();
          callback(photoError('unsupportedMedia', BookingMessages.imageWrongType));
          return;
        }
        const key = `${keyBase}.${type.extension}`;
        let tooLarge = false;
        source.once('limit', () => {
          tooLarge = true;
          whole.destroy(new Error('photo over the size limit'));
        });
        this.storage.put(key, whole, type.mimeType).then(
          ({ bytes }) => {
            callback(null, { key, mimeType: type.mimeType, size: bytes });
          },
          (error: unknown) => {
            source.resume();
            // Multer keeps no record of a file whose engine failed: remove what may be there.
            void this.remove(key);
            callback(
              tooLarge ? photoError('tooLarge', BookingMessages.imageTooLarge) : unavailable(error),
            );
          },
        );
      },
      (error: unknown) => {
        callback(error);
      },
    );
  }

  _removeFile(
    _req: Request,
    file: Express.Multer.File & Partial<UploadedPhoto>,
    callback: (error: Error | null) => void,
  ): void {
    if (!file.key) {
      callback(null);
      return;
    }
    void this.remove(file.key).then(() => {
      callback(null);
    });
  }

  async remove(key: string): Promise<void> {
    try {
      await this.storage.delete(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'could not remove an abandoned booking photo');
    }
  }
}

/** `bookings/<booking id>/photo`: the id is chosen before the upload starts. */
export function bookingPhotoKeyBase(req: Request): string {
  const bookingId: unknown = req.res?.locals.bookingId;
  if (!isBookingId(bookingId)) {
    throw new Error('booking id must be chosen before the photo is received');
  }
  return `bookings/${bookingId}/photo`;
}

const PHOTO_UPLOAD_MESSAGES = {
  tooLarge: BookingMessages.imageTooLarge,
  oneOnly: BookingMessages.imageOneOnly,
  unreadable: BookingMessages.imageUnreadable,
};

/** Storage failed: the booking cannot be taken with its photo right now. */
function unavailable(cause: unknown): DomainError {
  const error = new DomainError('unavailable', BookingMessages.unavailable);
  error.cause = cause;
  return error;
}

/** Receives the booking form: its text fields into req.body, its optional photo into S3. */
export function receiveBookingForm(storage: Storage, logger: Logger): RequestHandler {
  const engine = new BookingPhotoStorage(storage, logger);
  const upload = multer({
    storage: engine,
    limits: {
      fileSize: BOOKING_IMAGE_MAX_BYTES,
      files: 1,
      fields: 20,
      fieldSize: 2 * 1024,
      parts: 22,
    },
  }).single(BOOKING_IMAGE_FIELD);
  return (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (error) next(uploadError(BOOKING_IMAGE_FIELD, PHOTO_UPLOAD_MESSAGES, error));
      else next();
    });
  };
}

/** The photo a request stored, if any, as the booking service needs it. */
export function storedPhoto(req: Request): UploadedPhoto | undefined {
  const file: (Express.Multer.File & Partial<UploadedPhoto>) | undefined = req.file;
  if (!file?.key || !file.mimeType) return undefined;
  return { key: file.key, mimeType: file.mimeType, size: file.size };
}
