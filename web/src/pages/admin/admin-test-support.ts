import type { AdminBookingView } from '@hs/api/domain/admin/admin-views';

/** Shared by the admin pages' tests: what the API answers (test-support/api-stub.ts stubs it). */

/** A token shaped like the API's (header.claims.signature) with the role it was issued for. */
export function tokenFor(role: 'admin' | 'customer'): string {
  const claims = btoa(JSON.stringify({ sub: 'u1', ver: 0, role })).replace(/=+$/, '');
  return `eyJhbGciOiJIUzI1NiJ9.${claims}.signature`;
}

export const paidBooking: AdminBookingView = {
  id: 'b1',
  reference: 'HS-1001',
  service: 'Garden Maintenance',
  serviceId: 'garden-maintenance',
  plan: 'One-time Visit',
  planId: 'one-time',
  date: '2030-05-14',
  time: 'morning',
  timeLabel: 'Morning (8am-12pm)',
  amountCents: 14900,
  currency: 'cad',
  status: 'paid',
  hasImage: true,
  createdAt: '2030-05-01T12:00:00.000Z',
  monthlyPlan: null,
  discount: null,
  name: 'Alex Doe',
  email: 'alex@example.com',
  phone: '416-555-0100',
  address: '1 Queen St W, Toronto',
  postalCode: 'M5H 2N2',
  canCancel: true,
  canReschedule: true,
  canPay: false,
  refundOnCancel: true,
  refundUntil: '2030-05-13T12:00:00.000Z',
  closedDay: null,
  photoUrl: 'https://storage.example.com/photos/b1.jpg?signature=abc',
  allowedStatuses: ['cancelled', 'refunded'],
  crewId: null,
  details: '',
};

export const pendingBooking: AdminBookingView = {
  ...paidBooking,
  id: 'b2',
  reference: 'HS-1002',
  date: '2030-05-20',
  time: 'evening',
  timeLabel: 'Evening (4pm-8pm)',
  status: 'pending_payment',
  hasImage: false,
  name: 'Robin Roe',
  email: 'robin@example.com',
  photoUrl: null,
  allowedStatuses: ['paid', 'payment_failed', 'cancelled'],
};

/** The address a fetch call was made with, whatever form it took. */
export function urlOf(input: RequestInfo | URL | undefined): string {
  if (input === undefined) return '';
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}
