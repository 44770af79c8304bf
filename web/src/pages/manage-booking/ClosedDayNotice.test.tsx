import {
  BookingMessages,
  type ClosedDayNotice,
  type ManagedBookingView,
  type MonthlyPlanView,
} from '@hs/api/domain/booking/booking-schema';
import { addDays, longDate, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { planStanding } from '@hs/api/domain/subscription/plan-standing';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test-support/api-stub';
import { closedDayCopy, managePlanCopy } from '../../content/services-content';
import { bookingPageContent as copy } from '../../content/site-content';
import { ManageBookingPage } from './ManageBookingPage';

const ID = 'c'.repeat(32);
const TOKEN = 'manage-link-token';
const MORNING = 'Morning (8am-12pm)';
const AFTERNOON = 'Afternoon (12pm-4pm)';

const today = todayInToronto();
/** The visit's day, which an operator closed after it was booked. */
const stormDay = addDays(today, 10);
/** Another day the calendar closes (a holiday), to try in the move form. */
const holiday = addDays(today, 20);
const openDay = addDays(today, 12);
const offer: NonNullable<ClosedDayNotice['offer']> = {
  date: addDays(today, 11),
  time: 'afternoon',
};
const offerWhen = `${longDate(offer.date)}, ${AFTERNOON}`;

function closedBooking(overrides: Partial<ManagedBookingView> = {}): ManagedBookingView {
  return {
    id: ID,
    reference: 'HS-STORM1',
    service: 'Painting',
    serviceId: 'painting',
    plan: 'One-time Visit',
    planId: 'one-time',
    date: stormDay,
    time: 'morning',
    timeLabel: MORNING,
    amountCents: 14_900,
    currency: 'cad',
    status: 'paid',
    hasImage: false,
    createdAt: '2026-01-01T12:00:00.000Z',
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
    refundUntil: `${addDays(stormDay, -1)}T13:00:00.000Z`,
    closedDay: { date: stormDay, reason: 'Snowstorm', offer },
    ...overrides,
  };
}

/** The booking as the API answers it once moved off the closed day. */
const movedTo = (date: string, time: 'morning' | 'afternoon', timeLabel: string) =>
  closedBooking({ date, time, timeLabel, closedDay: null });

/** The availability of a day as the API answers it: the two closed days, and open ones. */
function dayOf(date: string) {
  const reason = date === stormDay ? 'Snowstorm' : date === holiday ? 'Christmas Day' : undefined;
  return reason === undefined
    ? { date, windows: { morning: 2, afternoon: 2, evening: 2 }, closed: [] }
    : {
        date,
        windows: { morning: 0, afternoon: 0, evening: 0 },
        closed: ['morning', 'afternoon', 'evening'],
        closedReason: reason,
      };
}

interface Sent {
  path: string;
  body: unknown;
}

/**
 * The manage page at the booking's link: the API answers the booking's GET with `booking`,
 * availability by day, and each POST with what `answer` gives. Returns the POSTs sent, in order.
 */
function openPage(
  booking: ManagedBookingView,
  answer: (path: string, body: unknown) => Response = () => Response.json({}),
  query = '',
): Sent[] {
  const sent: Sent[] = [];
  stubApi({
    '*': () => Response.json({ booking }),
    [`GET /api/bookings/${ID}/invoices`]: () => Response.json({ invoices: [] }),
    'GET /api/availability': ({ query: asked }) =>
      Response.json({ capacity: 3, days: [dayOf(asked.get('from') ?? '')] }),
    'POST *': ({ path, body }) => {
      sent.push({ path, body });
      return answer(path, body);
    },
  });
  const router = createMemoryRouter(
    [{ path: '/bookings/manage', element: <ManageBookingPage redirect={vi.fn()} /> }],
    { initialEntries: [`/bookings/manage?booking=${ID}&token=${TOKEN}${query}`] },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
  return sent;
}

const notice = () => within(screen.getByRole('region', { name: closedDayCopy.heading }));

const summaryDate = () => screen.getByText('Date').nextElementSibling?.textContent;

function optionTexts(select: HTMLElement): { text: string | null; disabled: boolean }[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => ({
      text: option.textContent,
      disabled: option instanceof HTMLOptionElement && option.disabled,
    }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the manage page of a visit on a day we closed since it was booked', () => {
  it('says so at the top, with the day offered and a full refund as the ways on', async () => {
    openPage(closedBooking());
    const region = await screen.findByRole('region', { name: closedDayCopy.heading });
    const section = within(region);
    section.getByRole('heading', { level: 2, name: closedDayCopy.heading });
    section.getByText(`We are closed on ${longDate(stormDay)} (Snowstorm).`);
    section.getByText(closedDayCopy.offer(offerWhen));
    section.getByText(closedDayCopy.choiceRefund);
    expect(section.getAllByRole('button').map((button) => button.textContent)).toEqual([
      `Move to ${offerWhen}`,
      'Choose another day',
      'Cancel with a full refund',
    ]);
    // Above the booking itself, and the only place to move or cancel it from.
    const summary = screen.getByText('Reference');
    expect(region.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('heading', { name: copy.rescheduleHeading })).toBeNull();
    expect(screen.queryByRole('button', { name: copy.cancelButton })).toBeNull();
  });

  it('moves the visit to the day offered in one click and shows it moved', async () => {
    const message = BookingMessages.rescheduled(offer.date, AFTERNOON);
    const sent = openPage(closedBooking(), () =>
      Response.json({ booking: movedTo(offer.date, 'afternoon', AFTERNOON), message }),
    );
    fireEvent.click(await screen.findByRole('button', { name: `Move to ${offerWhen}` }));

    expect((await screen.findByRole('status')).textContent).toBe(message);
    expect(sent).toEqual([
      {
        path: `/api/bookings/${ID}/reschedule`,
        body: { token: TOKEN, date: offer.date, time: 'afternoon' },
      },
    ]);
    expect(summaryDate()).toBe(longDate(offer.date));
    expect(screen.queryByRole('region', { name: closedDayCopy.heading })).toBeNull();
    // The button used is gone: the focus is on the page's heading, the answer right under it.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    // An ordinary visit again: moved or cancelled from the usual panels.
    screen.getByRole('heading', { name: copy.rescheduleHeading });
  });

  it('says when the day offered was taken meanwhile, and opens the form to choose another', async () => {
    const full = BookingMessages.windowFull(offer.date, AFTERNOON);
    const sent = openPage(closedBooking(), (path, body) => {
      if ((body as { date?: string }).date === offer.date) {
        return Response.json({ error: full, fields: { time: full } }, { status: 409 });
      }
      return Response.json({
        booking: movedTo(openDay, 'morning', MORNING),
        message: BookingMessages.rescheduled(openDay, MORNING),
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: `Move to ${offerWhen}` }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(closedDayCopy.offerTaken(offerWhen));
    const form = within(notice().getByRole('region', { name: closedDayCopy.chooseHeading }));
    const date = form.getByLabelText(copy.dateLabel);
    await waitFor(() => {
      expect(document.activeElement).toBe(date);
    });
    expect(notice().queryByRole('button', { name: `Move to ${offerWhen}` })).toBeNull();
    // The form starts on the closed day, and says so.
    await form.findByText('Closed: Snowstorm. Please choose another date.');

    fireEvent.change(date, { target: { value: openDay } });
    await waitFor(() => {
      expect(form.queryByText(/Closed:/)).toBeNull();
    });
    fireEvent.click(form.getByRole('button', { name: copy.moveButton }));
    await screen.findByText(BookingMessages.rescheduled(openDay, MORNING));
    expect(sent.map((call) => call.body)).toEqual([
      { token: TOKEN, date: offer.date, time: 'afternoon' },
      { token: TOKEN, date: openDay, time: 'morning' },
    ]);
    expect(summaryDate()).toBe(longDate(openDay));
  });

  it('cancels with a full refund, after a confirm that says so', async () => {
    const sent = openPage(closedBooking(), () =>
      Response.json({
        booking: closedBooking({
          status: 'cancelled',
          canCancel: false,
          canReschedule: false,
          refundOnCancel: false,
          closedDay: null,
        }),
        message: BookingMessages.cancelledWithRefund,
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel with a full refund' }));

    const confirm = notice().getByRole('group', { name: closedDayCopy.cancelRefundHeading });
    expect(confirm.getAttribute('aria-describedby')).not.toBeNull();
    notice().getByText(copy.refundNote);
    // The safe answer has the focus.
    expect(document.activeElement).toBe(
      within(confirm).getByRole('button', { name: copy.cancelKeep }),
    );
    expect(sent).toEqual([]);
    fireEvent.click(
      within(confirm).getByRole('button', { name: 'Yes, cancel with a full refund' }),
    );

    expect((await screen.findByRole('status')).textContent).toBe(
      BookingMessages.cancelledWithRefund,
    );
    expect(sent).toEqual([{ path: `/api/bookings/${ID}/cancel`, body: { token: TOKEN } }]);
    expect(screen.queryByRole('region', { name: closedDayCopy.heading })).toBeNull();
  });

  it('asks at once whether to cancel, with the full refund, when the email’s Cancel link opened it', async () => {
    openPage(closedBooking(), undefined, '&action=cancel');
    const keep = await screen.findByRole('button', { name: copy.cancelKeep });
    expect(document.activeElement).toBe(keep);
    notice().getByRole('button', { name: 'Yes, cancel with a full refund' });
  });

  it('opens the form to choose a day when none was offered, and refuses a closed day there', async () => {
    const sent = openPage(
      closedBooking({ closedDay: { date: stormDay, reason: 'Snowstorm', offer: null } }),
    );
    await screen.findByRole('region', { name: closedDayCopy.heading });
    expect(notice().queryByRole('button', { name: /^Move to/ })).toBeNull();
    const choose = notice().getByRole('button', { name: 'Choose another day' });
    expect(choose.className).toBe('button');
    expect(choose.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(choose);

    expect(choose.getAttribute('aria-expanded')).toBe('true');
    const form = within(notice().getByRole('region', { name: closedDayCopy.chooseHeading }));
    const date = form.getByLabelText(copy.dateLabel);
    expect(document.activeElement).toBe(date);
    fireEvent.change(date, { target: { value: holiday } });
    await form.findByText('Closed: Christmas Day. Please choose another date.');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(optionTexts(form.getByLabelText(copy.timeLabel))).toEqual([
      { text: `${MORNING} — closed`, disabled: true },
      { text: `${AFTERNOON} — closed`, disabled: true },
      { text: 'Evening (4pm-8pm) — closed', disabled: true },
    ]);
    form.getByLabelText(copy.timeLabel).focus();
    fireEvent.click(form.getByRole('button', { name: copy.moveButton }));
    expect(document.activeElement).toBe(date);
    expect(sent).toEqual([]);

    fireEvent.click(form.getByRole('button', { name: closedDayCopy.close }));
    expect(document.activeElement).toBe(choose);
    expect(notice().queryByRole('region', { name: closedDayCopy.chooseHeading })).toBeNull();
  });

  it('offers an unpaid visit a plain cancel, and still the payment', async () => {
    openPage(
      closedBooking({
        status: 'pending_payment',
        canPay: true,
        refundOnCancel: false,
        refundUntil: null,
      }),
    );
    await screen.findByRole('region', { name: closedDayCopy.heading });
    notice().getByText(closedDayCopy.choiceUnpaid);
    expect(notice().queryByText(/full refund/)).toBeNull();
    fireEvent.click(notice().getByRole('button', { name: copy.cancelButton }));
    notice().getByRole('button', { name: copy.cancelConfirm });
    screen.getByRole('button', { name: copy.payButton });
  });
});

describe('the move form on the manage page', () => {
  it('refuses a day we are closed before anything is sent', async () => {
    const sent = openPage(closedBooking({ date: openDay, closedDay: null }));
    const panel = within(await screen.findByRole('region', { name: copy.rescheduleHeading }));
    const date = panel.getByLabelText(copy.dateLabel);
    fireEvent.change(date, { target: { value: holiday } });
    await panel.findByText('Closed: Christmas Day. Please choose another date.');
    expect(date.getAttribute('aria-describedby')).not.toBeNull();
    fireEvent.click(panel.getByRole('button', { name: copy.moveButton }));
    expect(document.activeElement).toBe(date);
    expect(sent).toEqual([]);
  });
});

describe('a Monthly Visit plan’s visit on a day we closed', () => {
  const plan: MonthlyPlanView = {
    id: 'p'.repeat(32),
    status: 'active',
    rule: `4 visits a month: every week, ${MORNING}.`,
    amountCents: 24_900,
    periodStart: addDays(stormDay, -7),
    nextPeriodStart: addDays(stormDay, 21),
    standing: planStanding({
      status: 'active',
      nextPeriodStart: addDays(stormDay, 21),
      pausedMonth: null,
      cancelAtPeriodEnd: false,
      endedOn: null,
    }),
    neverPaid: false,
    visits: [0, 7, 14, 21].map((offset, index) => ({
      id: index === 1 ? ID : String(index).repeat(32),
      date: addDays(stormDay, offset - 7),
      time: 'morning',
      timeLabel: MORNING,
      status: 'paid',
    })),
  };

  it("opens that visit's Move in the plan, and offers no refund", async () => {
    openPage(
      closedBooking({
        plan: 'Monthly Visit',
        planId: 'monthly',
        monthlyPlan: plan,
        refundOnCancel: false,
        refundUntil: null,
        closedDay: { date: stormDay, reason: 'Snowstorm', offer: null },
      }),
    );
    await screen.findByRole('region', { name: closedDayCopy.heading });
    notice().getByText(closedDayCopy.choicePlan);
    expect(
      notice()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Choose another day']);
    fireEvent.click(notice().getByRole('button', { name: 'Choose another day' }));

    const move = await screen.findByRole('region', {
      name: managePlanCopy.moveHeading(longDate(stormDay)),
    });
    expect(document.activeElement).toBe(within(move).getByLabelText(copy.dateLabel));
    await within(move).findByText('Closed: Snowstorm. Please choose another date.');
  });
});
