import type { ManagedBookingView } from '@hs/api/domain/booking/booking-schema';
import { BookingMessages } from '@hs/api/domain/booking/booking-schema';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, stubApi } from '../../test-support/api-stub';
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
    canPay: false,
    refundOnCancel: true,
    refundUntil: '2030-06-13T12:00:00.000Z',
    closedDay: null,
    ...overrides,
  };
}

/** The page at its manage link, with the API answering `answer` to the booking's GET. */
function openManagePage(answer: Response): readonly ApiCall[] {
  const api = stubApi({
    '*': () => answer.clone(),
    'GET /api/availability': () =>
      Response.json({ capacity: 3, days: [{ date: '2030-06-14', windows: {} }] }),
  });
  const router = createMemoryRouter(
    [{ path: '/bookings/manage', element: <ManageBookingPage /> }],
    {
      initialEntries: [`/bookings/manage?booking=${ID}&token=${TOKEN}`],
    },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
  return api.calls();
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
    expect(asked[0]?.url).toBe(`/api/bookings/${ID}?token=${TOKEN}`);
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

describe('an unpaid booking on its manage page: pay now, or cancel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const unpaid = () =>
    paidBooking({
      status: 'pending_payment',
      canPay: true,
      refundOnCancel: false,
      refundUntil: null,
    });

  interface Sent {
    path: string;
    method: string;
    body: unknown;
  }

  /** The page at `query`, the API answering the booking, the checkout and payment-left. */
  function openUnpaid(query: string): { sent: Sent[]; redirect: ReturnType<typeof vi.fn> } {
    const sent: Sent[] = [];
    /** Each answer records the call it answers, as the page made it. */
    const recorded =
      (answer: () => Response) =>
      ({ url, method, body }: ApiCall): Response => {
        sent.push({ path: url, method, body });
        return answer();
      };
    stubApi({
      '*': recorded(() => Response.json({ booking: unpaid() })),
      'POST /api/payments/checkout': recorded(() =>
        Response.json({ url: 'https://pay.example/checkout/1' }),
      ),
      [`POST /api/bookings/${ID}/payment-left`]: recorded(() =>
        Response.json({ ok: true }, { status: 202 }),
      ),
      'GET /api/availability': recorded(() => Response.json({ capacity: 3, days: [] })),
    });
    const redirect = vi.fn();
    const router = createMemoryRouter(
      [{ path: '/bookings/manage', element: <ManageBookingPage redirect={redirect} /> }],
      { initialEntries: [`/bookings/manage?booking=${ID}&token=${TOKEN}${query}`] },
    );
    renderWithQueryClient(<RouterProvider router={router} />);
    return { sent, redirect };
  }

  it('offers Pay now, which opens the payment page with the link as its proof', async () => {
    const { sent, redirect } = openUnpaid('');
    fireEvent.click(await screen.findByRole('button', { name: copy.payButton }));
    await waitFor(() => {
      expect(redirect).toHaveBeenCalledWith('https://pay.example/checkout/1');
    });
    expect(sent.find((call) => call.path === '/api/payments/checkout')?.body).toEqual({
      bookingId: ID,
      amount: 14_900,
      email: 'maya@example.com',
      token: TOKEN,
    });
    screen.getByRole('button', { name: 'Cancel booking' });
  });

  it('says what happened after the payment page was cancelled, and has the reminder sent', async () => {
    const { sent } = openUnpaid('&payment=cancelled');
    await screen.findByText(copy.paymentCancelled);
    await waitFor(() => {
      expect(sent.filter((call) => call.path.includes('/payment-left'))).toEqual([
        { path: `/api/bookings/${ID}/payment-left?token=${TOKEN}`, method: 'POST', body: null },
      ]);
    });
  });

  it("asks at once whether to cancel when the email's Cancel link opened it", async () => {
    openUnpaid('&action=cancel');
    const keep = await screen.findByRole('button', { name: copy.cancelKeep });
    expect(document.activeElement).toBe(keep);
    screen.getByRole('button', { name: copy.cancelConfirm });
  });

  it("puts the focus on Pay now when the email's Pay now link opened it", async () => {
    openUnpaid('&action=pay');
    const pay = await screen.findByRole('button', { name: copy.payButton });
    expect(document.activeElement).toBe(pay);
  });
});
