import { DEFAULT_TIME_WINDOW, type TimeWindowId } from '@hs/api/domain/booking/catalogue';

/** What the visitor has typed into the booking form, kept while they go to payment and back. */
export interface BookingDraft {
  readonly name: string;
  /** The company its invoices are made out to (optional); '' when none. */
  readonly company: string;
  readonly phone: string;
  readonly email: string;
  readonly address: string;
  readonly postalCode: string;
  readonly date: string;
  readonly time: TimeWindowId;
  /** The project's description (the estimate form asks for it); '' when none. */
  readonly details: string;
  /**
   * Monthly Visit: for each visit whose window is full, the window of its week the visitor took
   * instead ('2026-12-16:afternoon'), by the visit's planned date.
   */
  readonly visitChoices: VisitChoices;
}

export type VisitChoices = Readonly<Partial<Record<string, string>>>;

/** The draft's text fields, one form control each. */
export type DraftField = Exclude<keyof BookingDraft, 'visitChoices'>;

export const DRAFT_FIELDS: readonly DraftField[] = [
  'name',
  'company',
  'phone',
  'email',
  'address',
  'postalCode',
  'date',
  'time',
  'details',
];

export const EMPTY_DRAFT: BookingDraft = {
  name: '',
  company: '',
  phone: '',
  email: '',
  address: '',
  postalCode: '',
  date: '',
  time: DEFAULT_TIME_WINDOW,
  details: '',
  visitChoices: {},
};

/**
 * The member-discount link a Monthly Visit plan's address is emailed:
 * /service/service1?member=<token>&email=<address>. The token is signed for that address, so the
 * form starts with it; whether the visit is discounted is for the server to say.
 */
export interface MemberLink {
  readonly token: string;
  readonly email: string;
}

/** The member link of the page's address, if it carries both halves. */
export function memberLinkOf(token: string | null, email: string | null): MemberLink | null {
  const linkToken = token?.trim() ?? '';
  const linkEmail = email?.trim() ?? '';
  return linkToken === '' || linkEmail === '' ? null : { token: linkToken, email: linkEmail };
}

/** A blank form, but for the member link's address. */
export function startingDraft(member: MemberLink | null): BookingDraft {
  return member === null ? EMPTY_DRAFT : { ...EMPTY_DRAFT, email: member.email };
}

/**
 * The draft with one field changed. A new date or time makes a new plan whose weeks differ, so
 * the choices made for the old one's full windows go rather than quietly apply to it.
 */
export function withField(draft: BookingDraft, field: DraftField, value: string): BookingDraft {
  const next = { ...draft, [field]: value };
  return field === 'date' || field === 'time' ? { ...next, visitChoices: {} } : next;
}

export function withVisitChoice(
  draft: BookingDraft,
  plannedDate: string,
  choice: string,
): BookingDraft {
  return { ...draft, visitChoices: { ...draft.visitChoices, [plannedDate]: choice } };
}

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
