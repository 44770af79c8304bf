import { DEFAULT_TIME_WINDOW, type TimeWindowId } from '@hs/api/domain/booking/catalogue';

/** What the visitor has typed into the booking form, kept while they go to payment and back. */
export interface BookingDraft {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly date: string;
  readonly time: TimeWindowId;
}

export type DraftField = keyof BookingDraft;

export const EMPTY_DRAFT: BookingDraft = {
  name: '',
  phone: '',
  email: '',
  address: '',
  date: '',
  time: DEFAULT_TIME_WINDOW,
};

export interface DraftPhoto {
  readonly file: File;
  /** An object URL for the preview; revoked when the photo is replaced or removed. */
  readonly url: string;
}

/** 8 to 100 letters, digits, - or _, as the API asks of an Idempotency-Key. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** docs/product.md section 9: the text is cut at `limit` characters until Read more is pressed. */
export function truncate(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit).trimEnd()}…`;
}
