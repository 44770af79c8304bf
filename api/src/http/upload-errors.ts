import multer from 'multer';
import { HttpError } from './http-error';

export interface UploadMessages {
  tooLarge: string;
  oneOnly: string;
  unreadable: string;
}

/** An error about the file field, named in `fields` so a form can mark it. */
export function fileFieldError(field: string, status: number, message: string): HttpError {
  return new HttpError(status, message, { fields: { [field]: message } });
}

/**
 * Every way a multipart upload can fail becomes a client error with a message to show. Errors
 * already judged (an HttpError from a storage engine) keep their own status and message.
 */
export function uploadError(field: string, messages: UploadMessages, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return fileFieldError(field, 413, messages.tooLarge);
      case 'LIMIT_FILE_COUNT':
      case 'LIMIT_UNEXPECTED_FILE':
        return fileFieldError(field, 400, messages.oneOnly);
      default:
        return fileFieldError(field, 400, messages.unreadable);
    }
  }
  // busboy's own complaints: a malformed or truncated multipart body, a missing boundary.
  return fileFieldError(field, 400, messages.unreadable);
}
