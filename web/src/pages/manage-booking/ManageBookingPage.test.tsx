import type { ManagedBookingView } from '@hs/api/domain/booking/booking-schema';
import { BookingMessages } from '@hs/api/domain/booking/booking-schema';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingPageContent as copy, torontoMoment } from '../../content/site-content';
import { ManageBookingPage } from './ManageBookingPage';

const ID = 'b'.repeat(32);
const TOKEN = 'manage-link-token';

function paidBooking(overrides: Partial<ManagedBookingView> = {}): ManagedBookingView {
  return {
    id: ID,
    reference: 'HS-7K3F9Q',
    service: 'Painting',
    serviceId: 'painting',
    plan: 'One-time Visit',
    planId: 'one-time',
    date: '2030-06-14',
    time: 'morning',
    timeLabel: 'Morning (8am-12pm)',
    amountCents: 14_900,
    currency: 'cad',
    status: 'paid',
    hasImage: false,
    createdAt: '2030-05-01T12:00:00.000Z',
    monthlyPlan: null,
    discount: null,
    name: 'Maya Singh',
    email: 'maya@example.com',
    phone: '416-555-0199',
    address: '12 Rosedale Ave',
    postalCode: 'M4W 1P8',
    canCancel: true,
    canReschedule: true,
    refundOnCancel: true,
    refundUntil: '2030-06-13T12:00:00.000Z',
    ...overrides,
  };
}

/** The page at its manage link, with the API answering `answer` to the booking's GET. */
function openManagePage(answer: Response): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      asked.push(input);
      if (input.startsWith('/api/availability')) {
        return Promise.resolve(
          Response.json({ capacity: 3, days: [{ date: '2030-06-14', windows: {} }] }),
        );
      }
      return Promise.resolve(answer.clone());
    }),
  );
  const router = createMemoryRouter(
    [{ path: '/bookings/manage', element: <ManageBookingPage /> }],
    {
      initialEntries: [`/bookings/manage?booking=${ID}&token=${TOKEN}`],
    },
  );
  render(<RouterProvider router={router} />);
  return asked;
}

describe('the manage page says what a cancel gives back before the customer confirms', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names the refund deadline, which moving the visit does not move', async () => {
    const asked = openManagePage(Response.json({ booking: paidBooking() }));
    const deadline = torontoMoment('2030-06-13T12:00:00.000Z');
    await screen.findByText(copy.moveKeepsDeadline(deadline));
    screen.getByText(copy.refundNote);
    expect(asked[0]).toBe(`/api/bookings/${ID}?token=${TOKEN}`);
  });

  it('says a visit past its deadline can still move but no cancel is refunded', async () => {
    openManagePage(
      Response.json({
        booking: paidBooking({ refundOnCancel: false, refundUntil: '2030-06-01T12:00:00.000Z' }),
      }),
    );
    await screen.findByText(copy.moveAfterDeadline);
    screen.getByText(copy.noRefundNote);
  });

  it('reads a refused link (the API answers it as an unknown booking) as a link that is not valid', async () => {
    openManagePage(Response.json({ error: BookingMessages.notFound }, { status: 404 }));
    await screen.findByText(copy.invalidLink);
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });
});
