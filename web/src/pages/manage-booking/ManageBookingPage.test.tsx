import type { ManagedBookingView } from '@hs/api/domain/booking/booking-schema';
import { BookingMessages } from '@hs/api/domain/booking/booking-schema';
import type { InvoiceSummary } from '@hs/api/domain/invoice/invoice-schema';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, type ApiRoute, stubApi } from '../../test-support/api-stub';
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
    [`GET /api/bookings/${ID}/invoices`]: () => Response.json({ invoices: [] }),
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

describe('the invoices of the booking on its manage page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  const invoice: InvoiceSummary = {
    id: 'inv-1',
    kind: 'invoice',
    number: 'HS-2030-000001',
    issueDate: '2030-05-01',
    reference: 'HS-7K3F9Q',
    totalCents: 14_900,
    hstCents: 1_714,
  };
  const creditNote: InvoiceSummary = {
    ...invoice,
    id: 'cn-1',
    kind: 'credit_note',
    number: 'HS-CN-2030-000001',
    issueDate: '2030-05-03',
  };

  /** The page at `address`, the API answering the booking and its invoices. */
  function openWithInvoices(
    booking: ManagedBookingView,
    invoices: ApiRoute,
    address = `/bookings/manage?booking=${ID}&token=${TOKEN}`,
  ) {
    const api = stubApi({
      '*': () => Response.json({ booking }),
      [`GET /api/bookings/${ID}/invoices`]: invoices,
      'GET /api/availability': () => Response.json({ capacity: 3, days: [] }),
    });
    const router = createMemoryRouter(
      [{ path: '/bookings/manage', element: <ManageBookingPage /> }],
      { initialEntries: [address] },
    );
    renderWithQueryClient(<RouterProvider router={router} />);
    return api;
  }

  async function invoicesSection(): Promise<HTMLElement> {
    const heading = await screen.findByRole('heading', { level: 2, name: 'Invoices' });
    const section = heading.closest('section');
    if (section === null) throw new Error('the Invoices heading is not inside its section');
    return section;
  }

  it("lists them with the link's token, which their pages and PDFs carry on", async () => {
    const api = openWithInvoices(paidBooking(), { json: { invoices: [creditNote, invoice] } });
    const section = await invoicesSection();
    const row = (await within(section).findByRole('rowheader', { name: 'HS-2030-000001' }))
      .parentElement;
    if (row === null) throw new Error('the invoice has no row');
    within(section).getByRole('rowheader', { name: 'HS-CN-2030-000001' });
    within(section).getByText('Credit note');
    within(row).getByText('Invoice');
    within(row).getByText('$149');

    const [asked] = api.callsTo(`GET /api/bookings/${ID}/invoices`);
    expect(asked?.url).toBe(`/api/bookings/${ID}/invoices?token=${TOKEN}`);
    expect(asked?.authorization).toBeNull();
    expect(within(row).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      `/invoices/inv-1?token=${TOKEN}`,
    );
    // The token is proof enough for a plain link: the browser downloads the PDF itself.
    const pdf = within(row).getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe(`/api/invoices/inv-1/pdf?token=${TOKEN}`);
    expect(pdf.getAttribute('download')).toBe('HS-2030-000001.pdf');
  });

  it('opens them with the login when the address has no token', async () => {
    window.localStorage.setItem('authToken', 'login-token');
    const api = openWithInvoices(
      paidBooking(),
      { json: { invoices: [invoice] } },
      `/bookings/manage?booking=${ID}`,
    );
    const section = await invoicesSection();
    await within(section).findByRole('rowheader', { name: 'HS-2030-000001' });
    const [asked] = api.callsTo(`GET /api/bookings/${ID}/invoices`);
    expect(asked?.url).toBe(`/api/bookings/${ID}/invoices`);
    expect(asked?.authorization).toBe('Bearer login-token');
    expect(within(section).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      '/invoices/inv-1',
    );
    // A link cannot send the login: the PDF is fetched with it instead.
    within(section).getByRole('button', { name: 'Download PDF' });
  });

  it('says when there are none yet', async () => {
    openWithInvoices(paidBooking(), { json: { invoices: [] } });
    const section = await invoicesSection();
    await within(section).findByText("No invoices yet. Each payment's invoice appears here.");
  });

  it('shows why they did not load, and tries again on request', async () => {
    let calls = 0;
    openWithInvoices(paidBooking(), () =>
      (calls += 1) === 1
        ? { status: 503, body: { error: 'Invoices are unavailable right now.' } }
        : { json: { invoices: [invoice] } },
    );
    const section = await invoicesSection();
    expect((await within(section).findByRole('alert')).textContent).toBe(
      'Your invoices could not be loaded. Invoices are unavailable right now.',
    );
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    await within(section).findByRole('rowheader', { name: 'HS-2030-000001' });
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('asks nothing for a booking never paid for, or an estimate', async () => {
    for (const booking of [
      paidBooking({ status: 'pending_payment', canPay: true, refundUntil: null }),
      paidBooking({ planId: 'custom-estimate', amountCents: null, status: 'estimate_requested' }),
    ]) {
      const api = openWithInvoices(booking, { json: { invoices: [invoice] } });
      await screen.findByText('HS-7K3F9Q');
      expect(screen.queryByRole('heading', { name: 'Invoices' })).toBeNull();
      expect(api.callsTo(`GET /api/bookings/${ID}/invoices`)).toHaveLength(0);
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
