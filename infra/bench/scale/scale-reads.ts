import { addDays } from '../../../api/src/domain/calendar/toronto-date';
import { BOOKING_STATUSES } from '../../../api/src/domain/booking/booking-status';
import { CUSTOMER_BOOKINGS, LIST_PAGES, type ScaleFixtures } from './scale-fixtures';
import type { ProductApi } from './product-api';

/** One read of the list: what the operator's console or the customer's pages ask for. */
export interface ScaleRead {
  name: string;
  who: 'operator' | 'customer' | 'visitor';
  path: string;
}

const BOOKINGS = '/api/admin/bookings';

/** The place the 50th page starts at, reached as the console does: `next`, 49 times. */
export async function fiftiethPageCursor(api: ProductApi, operatorToken: string): Promise<string> {
  let next: string | null = null;
  for (let page = 1; page < LIST_PAGES; page += 1) {
    const path: string = next === null ? BOOKINGS : `${BOOKINGS}?after=${next}`;
    const list: { next: string | null } = await api.getJson(path, operatorToken);
    if (list.next === null) throw new Error(`the bookings list ends at page ${String(page)}`);
    next = list.next;
  }
  if (next === null) throw new Error('no 50th page');
  return next;
}

/**
 * Every read the issue names, as the site sends it: the operators' bookings list (first page,
 * 50th page, each filter, a search by email and by reference), the schedule board's week, the
 * plans and reviews tabs as they open, the customer's dashboard and a booking's manage page, and
 * the booking form's month of availability.
 */
export function scaleReads(
  fixtures: ScaleFixtures,
  today: string,
  fiftiethPage: string,
): ScaleRead[] {
  const operator = (name: string, path: string): ScaleRead => ({ name, who: 'operator', path });
  const { guestBooking } = fixtures;
  return [
    operator('bookings list, first page', BOOKINGS),
    operator(`bookings list, page ${String(LIST_PAGES)}`, `${BOOKINGS}?after=${fiftiethPage}`),
    ...BOOKING_STATUSES.map((status) =>
      operator(`bookings list, status ${status}`, `${BOOKINGS}?status=${status}`),
    ),
    operator('bookings list, one date', `${BOOKINGS}?date=${fixtures.listDate}`),
    operator('bookings list, latest first', `${BOOKINGS}?sort=latest`),
    operator(
      'bookings search by email',
      `${BOOKINGS}?q=${encodeURIComponent(guestBooking.email)}`,
    ),
    operator(
      'bookings search by reference',
      `${BOOKINGS}?q=${encodeURIComponent(guestBooking.reference)}`,
    ),
    operator('schedule board, this week', `/api/admin/schedule?week=${today}`),
    operator('plans tab', '/api/admin/plans'),
    operator('reviews tab (pending)', '/api/admin/reviews?status=pending'),
    {
      name: `customer dashboard (${String(CUSTOMER_BOOKINGS)} bookings)`,
      who: 'customer',
      path: '/api/me/bookings',
    },
    {
      name: 'manage page of a booking',
      who: 'visitor',
      path: `/api/bookings/${guestBooking.id}?token=${encodeURIComponent(guestBooking.token)}`,
    },
    {
      name: 'availability for a month',
      who: 'visitor',
      path: `/api/availability?from=${today}&to=${addDays(today, 30)}`,
    },
  ];
}

/** The Bearer token a read is sent with. */
export function tokenFor(read: ScaleRead, fixtures: ScaleFixtures): string | undefined {
  if (read.who === 'operator') return fixtures.operator.token;
  if (read.who === 'customer') return fixtures.customer.token;
  return undefined;
}
