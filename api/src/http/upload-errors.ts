import multer from 'multer';
import { DomainError, type DomainErrorKind } from '../domain/domain-error';

export interface UploadMessages {
  tooLarge: string;
  oneOnly: string;
  unreadable: string;
}

/** An error about the file field, named in `fields` so a form can mark it. */
export function fileFieldError(field: string, kind: DomainErrorKind, message: string): DomainError {
  return new DomainError(kind, message, { fields: { [field]: message } });
}

/**
 * Every way a multipart upload can fail becomes a client error with a message to show. Errors
 * already judged (a DomainError from a storage engine) keep their own status and message.
 */
export function uploadError(field: string, messages: UploadMessages, error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_SIZE':
        return fileFieldError(field, 'tooLarge', messages.tooLarge);
      case 'LIMIT_FILE_COUNT':
      case 'LIMIT_UNEXPECTED_FILE':
        return fileFieldError(field, 'invalid', messages.oneOnly);
      default:
        return fileFieldError(field, 'invalid', messages.unreadable);
    }
  }
  // busboy's own complaints: a malformed or truncated multipart body, a missing boundary.
  return fileFieldError(field, 'invalid', messages.unreadable);
}
