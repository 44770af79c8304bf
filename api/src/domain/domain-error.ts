/**
 * What went wrong, in the product's own terms. Services, the domain and the workers throw these
 * and know nothing of HTTP; the API's error handler alone turns a kind into a status code.
 */
export const DOMAIN_ERROR_KINDS = [
  'invalid',
  'unauthenticated',
  'paymentDeclined',
  'forbidden',
  'notFound',
  'conflict',
  'gone',
  'tooLarge',
  'unsupportedMedia',
  'tooMany',
  'unavailable',
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/** An error whose message is safe to show the person who caused it. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Extra fields for the answer, such as `fields` naming the form field at fault. */
    readonly details?: Record<string, unknown>,
    /** How long the caller should wait before trying again (tooMany, unavailable). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
