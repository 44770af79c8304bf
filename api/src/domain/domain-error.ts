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

interface CodeDefinition {
  /** The kind an error of this code is thrown as; null for answers no service throws. */
  kind: DomainErrorKind | null;
  /** What the code means, for the API reference. */
  meaning: string;
}

/**
 * Every `code` an error answer can carry, beside its `message`: a program (the site, a client)
 * tells refusals apart by the code, never by the words, which the business may reword. A code
 * is a promise to clients: add codes freely, never rename or reuse one.
 *
 * The first eleven are each kind's code when nothing more particular is said.
 */
export const ERROR_CODES = {
  'validation.invalid': {
    kind: 'invalid',
    meaning: 'The body, query or a field is invalid; `fields` names each bad field.',
  },
  unauthorized: { kind: 'unauthenticated', meaning: 'Sign in first: no login token was sent.' },
  'payment.declined': {
    kind: 'paymentDeclined',
    meaning: 'The card was declined; `reason` says why.',
  },
  forbidden: { kind: 'forbidden', meaning: 'Not allowed for this caller.' },
  not_found: { kind: 'notFound', meaning: 'Nothing there, or nothing this caller may see.' },
  conflict: { kind: 'conflict', meaning: 'The request clashes with the current state.' },
  gone: { kind: 'gone', meaning: 'It existed, but is no longer available.' },
  too_large: { kind: 'tooLarge', meaning: 'The body or file is larger than allowed.' },
  unsupported_media: {
    kind: 'unsupportedMedia',
    meaning: 'The body or file is of a type this route does not take.',
  },
  rate_limited: {
    kind: 'tooMany',
    meaning: 'Too many requests from this connection; wait and try again.',
  },
  unavailable: {
    kind: 'unavailable',
    meaning: 'A service the request needs is unavailable; try again shortly.',
  },

  'validation.malformed': {
    kind: 'invalid',
    meaning: 'The body could not be read at all (not valid JSON, say).',
  },
  refused: { kind: null, meaning: 'Any other refusal of the request as sent.' },
  internal: { kind: null, meaning: 'Our fault: quote the `requestId` when asking about it.' },

  'auth.invalid_credentials': {
    kind: 'unauthenticated',
    meaning: 'Unknown email or wrong password (one answer for both).',
  },
  'auth.session_expired': {
    kind: 'unauthenticated',
    meaning: 'The login token has ended (logged out, expired, or the password changed).',
  },
  'auth.admin_only': { kind: 'forbidden', meaning: 'Signed in, but not with an admin account.' },
  'auth.login_delayed': {
    kind: 'tooMany',
    meaning: 'Too many failed logins for this email; `Retry-After` says when to try again.',
  },
  'auth.email_taken': { kind: 'conflict', meaning: 'An account already uses this email.' },
  'auth.link_invalid': {
    kind: 'invalid',
    meaning: 'A reset, confirmation or email-change link that is wrong, used or expired.',
  },
  'profile.current_password_wrong': {
    kind: 'forbidden',
    meaning: 'Changing the email needs the right current password.',
  },
  'profile.google_sign_in_again': {
    kind: 'forbidden',
    meaning: 'Changing the email of a Google account needs a recent Google sign-in.',
  },
  'link.invalid': {
    kind: 'forbidden',
    meaning: 'A signed link (newsletter, photo, preview) that is wrong or has expired.',
  },
  'booking.closed_day': {
    kind: 'invalid',
    meaning: 'The business is closed that day (a holiday or a closure).',
  },
  'booking.window_closed': {
    kind: 'invalid',
    meaning: 'The time window has started, or starts too soon to book.',
  },
  'booking.window_full': { kind: 'conflict', meaning: 'The time window is fully booked.' },
  'booking.too_many_unpaid': {
    kind: 'conflict',
    meaning: 'The email or phone already holds as many unpaid bookings as allowed.',
  },
  'booking.idempotency_key_reused': {
    kind: 'conflict',
    meaning: 'The Idempotency-Key was used for another request.',
  },
  'payment.not_awaiting': {
    kind: 'conflict',
    meaning: 'The booking is not awaiting payment (paid, cancelled, or an estimate).',
  },
  'payment.hold_ended': {
    kind: 'conflict',
    meaning: "Too little of the booking's hold is left to pay for it.",
  },
  'payment.amount_mismatch': {
    kind: 'invalid',
    meaning: "The amount is not the booking's price.",
  },
  'invoice.not_found': {
    kind: 'notFound',
    meaning: 'No invoice or credit note with that id that this caller may see.',
  },
  'review.link_invalid': { kind: 'notFound', meaning: 'The review link is not valid.' },
  'review.link_expired': { kind: 'gone', meaning: 'The review link has expired.' },
  'review.already_reviewed': {
    kind: 'conflict',
    meaning: 'A review was already left through this link.',
  },
  'quote.not_found': {
    kind: 'notFound',
    meaning: 'No quote with that id and link (a wrong, tampered or other quote’s token).',
  },
  'quote.not_open': {
    kind: 'conflict',
    meaning:
      'The quote can no longer be answered (accepted, declined, expired or replaced); the message says which.',
  },
  'quote.not_draft': { kind: 'conflict', meaning: 'Only a draft quote can be edited or sent.' },
  'quote.estimate_has_quote': {
    kind: 'conflict',
    meaning: 'The estimate request already has a quote; `quoteId` names it.',
  },
} as const satisfies Record<string, CodeDefinition>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Every code, in the order above (the API reference lists them). */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The code an error of each kind carries when it names none of its own. */
export const DEFAULT_CODE_OF_KIND: Record<DomainErrorKind, ErrorCode> = {
  invalid: 'validation.invalid',
  unauthenticated: 'unauthorized',
  paymentDeclined: 'payment.declined',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  gone: 'gone',
  tooLarge: 'too_large',
  unsupportedMedia: 'unsupported_media',
  tooMany: 'rate_limited',
  unavailable: 'unavailable',
};

/** A code that a service may throw: one with a kind. */
export type ThrownCode = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C]['kind'] extends DomainErrorKind ? C : never;
}[ErrorCode];

function isKind(value: DomainErrorKind | ThrownCode): value is DomainErrorKind {
  return (DOMAIN_ERROR_KINDS as readonly string[]).includes(value);
}

/**
 * An error whose message is safe to show the person who caused it. Thrown with a kind (its code
 * is then the kind's default) or with a code of its own, which brings its kind with it:
 * `new DomainError('booking.closed_day', message)` is an `invalid` error.
 */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: ErrorCode;

  constructor(
    kindOrCode: DomainErrorKind | ThrownCode,
    message: string,
    /** Extra fields for the answer, such as `fields` naming the form field at fault. */
    readonly details?: Record<string, unknown>,
    /** How long the caller should wait before trying again (tooMany, unavailable). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'DomainError';
    if (isKind(kindOrCode)) {
      this.kind = kindOrCode;
      this.code = DEFAULT_CODE_OF_KIND[kindOrCode];
    } else {
      this.kind = ERROR_CODES[kindOrCode].kind;
      this.code = kindOrCode;
    }
  }
}
