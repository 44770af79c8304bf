import { escapeRegex } from '../platform/escape-regex';
import type { FilterQuery, PipelineStage } from 'mongoose';
import { BookingModel, type Booking, type BookingDocument } from '../bookings/booking-model';
import type { BookingSort } from '../domain/admin/booking-search';
import type { BookingStatus } from '../domain/booking/booking-status';
import { TIME_WINDOW_IDS } from '../domain/booking/catalogue';
import { normalisePostalCode } from '../domain/booking/service-area';

export interface BookingListQuery {
  date?: string;
  status?: BookingStatus;
  /** What the operator typed in the search box, trimmed. */
  q?: string;
  sort: BookingSort;
  skip: number;
  limit: number;
}

/** A reference as it is quoted on the phone: 'HS-7K3F9Q', 'hs 7k3f9q' or '7K3F9Q'. */
const REFERENCE = /^(?:HS-?)?([A-Z0-9]{6})$/;
const PHONE_CHARACTERS = /^[\d\s().+-]+$/;
/** Fewer digits than this is part of a number, which the exact match on digits cannot find. */
const PHONE_MIN_DIGITS = 7;
const FORWARD_SORTATION_AREA = /^[A-Z]\d[A-Z]$/;

/**
 * What a search may mean, one clause per reading, each on an index of its own (so MongoDB can
 * answer the $or index by index): the reference, the email and the phone's digits exactly, the
 * postal code or its area, and a name by the start of any of its words, whatever the case. The
 * name's clause reads the name index's keys rather than the bookings: a case-insensitive match
 * has no narrower range to read.
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
  if (/\p{L}/u.test(text)) {
    clauses.push({ name: { $regex: `(?:^|\\s)${escapeRegex(text)}`, $options: 'i' } });
  }
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

/** A window's place in the day: morning first. */
const windowRank = { $indexOfArray: [[...TIME_WINDOW_IDS], '$time'] };

/**
 * The order of the list as sort keys. `upcoming`: visits from `today` on come first, soonest
 * first (day, then window); past ones after them, latest first. Ties go to the booking made
 * first, then the id, so a page never shows a booking twice or skips one.
 */
function orderStages(sort: BookingSort, today: string): PipelineStage[] {
  if (sort === 'latest') {
    return [
      { $addFields: { _rank: windowRank } },
      { $sort: { date: -1, _rank: -1, createdAt: -1, _id: -1 } },
    ];
  }
  const past = { $lt: ['$date', today] };
  return [
    {
      $addFields: {
        _past: past,
        // Upcoming visits sort by date ascending and past ones descending: each gets the key of
        // its own part, and the other part's key is a constant.
        _soon: { $cond: [past, '', '$date'] },
        _late: { $cond: [past, '$date', ''] },
        _rank: { $cond: [past, { $multiply: [-1, windowRank] }, windowRank] },
      },
    },
    { $sort: { _past: 1, _soon: 1, _late: -1, _rank: 1, createdAt: 1, _id: 1 } },
  ];
}

/** A page of the operators' bookings list, and how many bookings the filters find in all. */
export async function listBookings(
  query: BookingListQuery,
  today: string,
): Promise<{ bookings: BookingDocument[]; total: number }> {
  const filter = filterOf(query);
  const [rows, total] = await Promise.all([
    BookingModel.aggregate<Booking & { _id: string }>([
      { $match: filter },
      ...orderStages(query.sort, today),
      { $skip: query.skip },
      { $limit: query.limit },
      { $project: { _past: 0, _soon: 0, _late: 0, _rank: 0 } },
    ]),
    BookingModel.countDocuments(filter),
  ]);
  return { bookings: rows.map((row) => BookingModel.hydrate(row)), total };
}

/** The stored photo of a booking, for its signed address: its key and type, or null for none. */
export async function bookingPhoto(
  id: string,
): Promise<{ key: string; contentType: string } | null> {
  const booking = await BookingModel.findById(id, { imageKey: 1, imageType: 1 }).lean();
  if (!booking?.imageKey) return null;
  return { key: booking.imageKey, contentType: booking.imageType || 'application/octet-stream' };
}
