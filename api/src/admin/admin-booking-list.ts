import { escapeRegex } from '../platform/escape-regex';
import type { FilterQuery } from 'mongoose';
import { z } from 'zod';
import { BookingModel, type Booking, type BookingDocument } from '../bookings/booking-model';
import { nameKeyForm, type BookingSort } from '../domain/admin/booking-search';
import type { BookingStatus } from '../domain/booking/booking-status';
import { TIME_WINDOW_IDS } from '../domain/booking/catalogue';
import { normalisePostalCode } from '../domain/booking/service-area';
import { isCalendarDate } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import { encodeCursor, ListCursorMessages } from './list-cursor';

export interface BookingListQuery {
  date?: string;
  status?: BookingStatus;
  /** What the operator typed in the search box, trimmed. */
  q?: string;
  sort: BookingSort;
  /** Older: the rows after this place in the order. */
  after?: BookingCursor;
  /** Newer: the rows before this place in the order. */
  before?: BookingCursor;
  limit: number;
}

/**
 * The parts of an order, each one range of visit dates read one way along the list's index:
 * `soon` (today and later, soonest first) then `past` (latest first) for `upcoming`; `all`
 * (latest first) for `latest`.
 */
export const BOOKING_LIST_PARTS = ['soon', 'past', 'all'] as const;
export type BookingListPart = (typeof BOOKING_LIST_PARTS)[number];

/** A place in the list: its part and a row's sort key (visit date, window, made, id). */
export interface BookingCursor {
  part: BookingListPart;
  date: string;
  windowRank: number;
  createdAt: Date;
  id: string;
}

/** What a cursor carries, in order: checked whole before it reaches a query. */
export const bookingCursorValues = z
  .tuple([
    z.enum(BOOKING_LIST_PARTS),
    z.string().refine(isCalendarDate),
    z
      .number()
      .int()
      .min(0)
      .max(TIME_WINDOW_IDS.length - 1),
    z.number().int().min(0).max(8_640_000_000_000_000),
    z.string().regex(/^[A-Za-z0-9]{1,64}$/),
  ])
  .transform(([part, date, windowRank, createdAt, id]): BookingCursor => ({
    part,
    date,
    windowRank,
    createdAt: new Date(createdAt),
    id,
  }));

export function bookingCursorText(cursor: BookingCursor): string {
  return encodeCursor([
    cursor.part,
    cursor.date,
    cursor.windowRank,
    cursor.createdAt.getTime(),
    cursor.id,
  ]);
}

const REFERENCE = /^(?:HS-?)?([A-Z0-9]{6})$/;
const PHONE_CHARACTERS = /^[\d\s().+-]+$/;
/** Fewer digits than this is part of a number, which the exact match on digits cannot find. */
const PHONE_MIN_DIGITS = 7;
const FORWARD_SORTATION_AREA = /^[A-Z]\d[A-Z]$/;

/**
 * What a search may mean, one clause per reading, each on an index of its own (so MongoDB can
 * answer the $or index by index): the reference, the email and the phone's digits exactly, the
 * postal code or its area, and a name by the start of any of its words, whatever the case: a
 * prefix of the lower-case keys kept beside the name (`nameKeys`), one range of their index.
 */
export function searchClauses(search: string): FilterQuery<Booking>[] {
  const text = search.trim();
  const upper = text.toUpperCase();
  const clauses: FilterQuery<Booking>[] = [];
  const reference = REFERENCE.exec(upper.replace(/\s+/g, ''));
  if (reference?.[1]) clauses.push({ reference: `HS-${reference[1]}` });
  if (text.includes('@')) clauses.push({ email: text.toLowerCase() });
  const digits = text.replace(/\D/g, '');
  if (PHONE_CHARACTERS.test(text) && digits.length >= PHONE_MIN_DIGITS) {
    // With or without the country code, as a customer may have typed it either way.
    const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    clauses.push({ phoneDigits: { $in: [...new Set([digits, national, `1${national}`])] } });
  }
  const postalCode = normalisePostalCode(text);
  if (postalCode !== null) clauses.push({ postalCode });
  else if (FORWARD_SORTATION_AREA.test(upper)) {
    clauses.push({ postalCode: { $regex: `^${upper} ` } });
  }
  const name = nameKeyForm(text);
  if (/\p{L}/u.test(name)) clauses.push({ nameKeys: { $regex: `^${escapeRegex(name)}` } });
  return clauses;
}

function filterOf(query: BookingListQuery): FilterQuery<Booking> {
  const filter: FilterQuery<Booking> = {};
  if (query.date !== undefined) filter.date = query.date;
  if (query.status !== undefined) filter.status = query.status;
  if (query.q !== undefined) {
    const clauses = searchClauses(query.q);
    // Nothing it could be: nothing is found, rather than everything.
    filter.$or = clauses.length > 0 ? clauses : [{ _id: { $in: [] } }];
  }
  return filter;
}

interface Part {
  name: BookingListPart;
  /** The visit dates in this part. */
  range: FilterQuery<Booking>;
  /** 1 when the part reads its index forwards (oldest first), -1 backwards. */
  direction: 1 | -1;
}

/** The parts of `sort`, in the order the list shows them. */
function partsOf(sort: BookingSort, today: string): [Part, ...Part[]] {
  if (sort === 'latest') return [{ name: 'all', range: {}, direction: -1 }];
  return [
    { name: 'soon', range: { date: { $gte: today } }, direction: 1 },
    { name: 'past', range: { date: { $lt: today } }, direction: -1 },
  ];
}

const KEY = ['date', 'windowRank', 'createdAt', '_id'] as const;

/**
 * The rows strictly beyond `from` going `direction` along the key: a range on the visit date,
 * whose bounds the index reads, and the tie-breaks within that date.
 */
function beyond(from: BookingCursor, direction: 1 | -1): FilterQuery<Booking> {
  const op = direction === 1 ? '$gt' : '$lt';
  const values = [from.date, from.windowRank, from.createdAt, from.id];
  const ties: FilterQuery<Booking>[] = KEY.map((field, index) => {
    const clause: Record<string, unknown> = {};
    KEY.slice(0, index).forEach((equal, at) => {
      clause[equal] = values[at];
    });
    clause[field] = { [op]: values[index] };
    return clause;
  });
  return { $and: [{ date: { [direction === 1 ? '$gte' : '$lte']: from.date } }, { $or: ties }] };
}

/** Up to `limit` rows of one part, going `direction` from `from` (or from the part's end). */
async function readPart(
  filter: FilterQuery<Booking>,
  part: Part,
  direction: 1 | -1,
  from: BookingCursor | undefined,
  limit: number,
): Promise<{ row: BookingDocument; part: BookingListPart }[]> {
  if (limit <= 0) return [];
  const rows = await partQuery(filter, part, direction, from).limit(limit);
  return rows.map((row) => ({ row, part: part.name }));
}

function partQuery(
  filter: FilterQuery<Booking>,
  part: Part,
  direction: 1 | -1,
  from: BookingCursor | undefined,
) {
  const conditions: FilterQuery<Booking>[] = [filter, part.range];
  if (from !== undefined) conditions.push(beyond(from, direction));
  return BookingModel.find({ $and: conditions }).sort({
    date: direction,
    windowRank: direction,
    createdAt: direction,
    _id: direction,
  });
}

/** The read a page of `query` starts with (its cursor's part, or the first): for `explain`. */
export function firstPartQuery(query: BookingListQuery, today: string) {
  const parts = partsOf(query.sort, today);
  const at = query.after ?? query.before;
  const part = parts.find((candidate) => candidate.name === at?.part) ?? parts[0];
  const direction = query.before === undefined ? part.direction : part.direction === 1 ? -1 : 1;
  return partQuery(filterOf(query), part, direction, at).limit(query.limit + 1);
}

function cursorOf(listed: { row: BookingDocument; part: BookingListPart }): BookingCursor {
  return {
    part: listed.part,
    date: listed.row.date,
    windowRank: listed.row.windowRank ?? 0,
    createdAt: listed.row.createdAt,
    id: listed.row._id,
  };
}

export interface BookingListPage {
  bookings: BookingDocument[];
  /** The rows before the first shown (newer), or null on the first page. */
  previous: BookingCursor | null;
  /** The rows after the last shown (older), or null on the last page. */
  next: BookingCursor | null;
}

/**
 * A page of the operators' bookings list, read by key: from the start, after a place (older)
 * or before one (newer). Each part is one range read along the list's index, `limit + 1` rows
 * to know whether more follow; a page may run on from one part into the next.
 */
export async function listBookings(
  query: BookingListQuery,
  today: string,
): Promise<BookingListPage> {
  const filter = filterOf(query);
  const parts = partsOf(query.sort, today);
  const at = query.after ?? query.before;
  const start = at === undefined ? 0 : parts.findIndex((part) => part.name === at.part);
  if (start === -1) throw new DomainError('validation.invalid', ListCursorMessages.cursor);

  if (query.before !== undefined) {
    // Newer: back along the order from the place, part by part, then shown the right way round.
    const found: { row: BookingDocument; part: BookingListPart }[] = [];
    for (let index = start; index >= 0 && found.length <= query.limit; index -= 1) {
      const part = parts[index] as Part;
      const from = index === start ? query.before : undefined;
      const direction = part.direction === 1 ? -1 : 1;
      found.push(
        ...(await readPart(filter, part, direction, from, query.limit + 1 - found.length)),
      );
    }
    // Back at the top: the first page, whole, rather than the few rows left before the place.
    if (found.length <= query.limit) return listBookings({ ...query, before: undefined }, today);
    const shown = found.slice(0, query.limit).reverse();
    return {
      bookings: shown.map((listed) => listed.row),
      previous: cursorOf(shown[0] as (typeof shown)[number]),
      next: cursorOf(shown[shown.length - 1] as (typeof shown)[number]),
    };
  }

  const found: { row: BookingDocument; part: BookingListPart }[] = [];
  for (let index = start; index < parts.length && found.length <= query.limit; index += 1) {
    const part = parts[index] as Part;
    const from = index === start ? query.after : undefined;
    found.push(
      ...(await readPart(filter, part, part.direction, from, query.limit + 1 - found.length)),
    );
  }
  const shown = found.slice(0, query.limit);
  const first = shown[0];
  const last = shown[shown.length - 1];
  return {
    bookings: shown.map((listed) => listed.row),
    previous: query.after === undefined ? null : first ? cursorOf(first) : query.after,
    next: found.length > query.limit && last ? cursorOf(last) : null,
  };
}

/**
 * How many bookings the filters find, from an index alone: the collection's own count without
 * a filter, a count of index keys for a date or a status. Null for a search, which is not
 * counted (the list says whether there are more instead).
 */
export async function countBookings(query: BookingListQuery): Promise<number | null> {
  if (query.q !== undefined) return null;
  if (query.date === undefined && query.status === undefined) {
    return BookingModel.estimatedDocumentCount();
  }
  return BookingModel.countDocuments(filterOf({ ...query, q: undefined }));
}

/** The stored photo of a booking, for its signed address: its key and type, or null for none. */
export async function bookingPhoto(
  id: string,
): Promise<{ key: string; contentType: string } | null> {
  const booking = await BookingModel.findById(id, { imageKey: 1, imageType: 1 }).lean();
  if (!booking?.imageKey) return null;
  return { key: booking.imageKey, contentType: booking.imageType || 'application/octet-stream' };
}
