import type { ManagedBookingView, MonthlyPlanView } from '@hs/api/domain/booking/booking-schema';
import { BookingMessages } from '@hs/api/domain/booking/booking-schema';
import { addDays, longDate, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { PlanMessages } from '@hs/api/domain/subscription/plan-messages';
import {
  planStanding,
  type PlanStanding,
  type PlanStandingFacts,
} from '@hs/api/domain/subscription/plan-standing';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, stubApi } from '../../test-support/api-stub';
import { planStandingCopy } from '../../content/plan-standing-content';
import { managePlanCopy } from '../../content/services-content';
import { ManageBookingPage } from './ManageBookingPage';

const PLAN_ID = 'a'.repeat(32);
const TOKEN = 'plan-token';
const LOGIN = 'login-token';
const MORNING = 'Morning (8am-12pm)';

const today = todayInToronto();
const periodStart = addDays(today, -3);
const renewsOn = addDays(today, 25);
const monthAfter = addDays(renewsOn, 30);
/** A month under way: one visit gone by, two to come (one still unpaid), one skipped. */
const visitDates = [periodStart, addDays(today, 4), addDays(today, 11), addDays(today, 18)];
const visitIds = visitDates.map((_date, index) => String(index + 1).repeat(32));
const visitId = (index: number) => visitIds[index] ?? '';
const visitDate = (index: number) => visitDates[index] ?? '';

/** The standing the API would compute for these facts (the plan's page only shows it). */
function standingWith(facts: Partial<PlanStandingFacts> = {}): PlanStanding {
  return planStanding({
    status: 'active',
    nextPeriodStart: renewsOn,
    pausedMonth: null,
    cancelAtPeriodEnd: false,
    endedOn: null,
    ...facts,
  });
}
const pausedNextMonth = { from: renewsOn, until: monthAfter, begun: false };

function plan(overrides: Partial<MonthlyPlanView> = {}): MonthlyPlanView {
  const status = overrides.status ?? 'active';
  return {
    id: PLAN_ID,
    status,
    rule: `4 visits a month: every week, ${MORNING}.`,
    amountCents: 24_900,
    periodStart,
    nextPeriodStart: renewsOn,
    standing: standingWith({ status }),
    neverPaid: false,
    visits: visitDates.map((date, index) => ({
      id: visitId(index),
      date,
      time: 'morning',
      timeLabel: MORNING,
      status: index === 2 ? 'pending_payment' : index === 3 ? 'skipped' : 'paid',
    })),
    ...overrides,
  };
}

function visit(
  index: number,
  planOverrides: Partial<MonthlyPlanView> = {},
  overrides: Partial<ManagedBookingView> = {},
): ManagedBookingView {
  return {
    id: visitId(index),
    reference: `HS-VISIT${String(index)}`,
    service: 'Garden Maintenance',
    serviceId: 'garden-maintenance',
    plan: 'Monthly Visit',
    planId: 'monthly',
    date: visitDate(index),
    time: 'morning',
    timeLabel: MORNING,
    amountCents: 24_900,
    currency: 'cad',
    status: 'paid',
    hasImage: false,
    createdAt: '2030-05-01T12:00:00.000Z',
    monthlyPlan: plan(planOverrides),
    discount: null,
    name: 'Maya Singh',
    email: 'maya@example.com',
    phone: '416-555-0199',
    address: '12 Rosedale Ave',
    postalCode: 'M4W 1P8',
    canCancel: true,
    canReschedule: true,
    canPay: false,
    refundOnCancel: false,
    refundUntil: null,
    closedDay: null,
    ...overrides,
  };
}

/**
 * The page at `address`, the API answering the booking's GET with `booking` and each POST with
 * what `answer` gives for its path. Answers every request it was asked, in order.
 */
function openPage(
  address: string,
  booking: ManagedBookingView,
  answer: (url: string, body: unknown) => Response = () => Response.json({}),
  redirect: (url: string) => void = vi.fn(),
): readonly ApiCall[] {
  const api = stubApi({
    // A paid plan's page lists its invoices too: none here.
    '*': ({ path }) =>
      path.endsWith('/invoices') ? Response.json({ invoices: [] }) : Response.json({ booking }),
    'GET /api/availability': () => Response.json({ capacity: 3, days: [] }),
    'POST *': (call) => answer(call.url, call.body),
  });
  const router = createMemoryRouter(
    [{ path: '/bookings/manage', element: <ManageBookingPage redirect={redirect} /> }],
    { initialEntries: [address] },
  );
  renderWithQueryClient(<RouterProvider router={router} />);
  return api.calls();
}

const signedLink = `/bookings/manage?booking=${PLAN_ID}&token=${TOKEN}`;

async function planSection(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: managePlanCopy.heading });
}

function visitItem(section: HTMLElement, index: number): HTMLElement {
  const item = within(section)
    .getAllByRole('listitem')
    .find((element) => element.textContent.includes(longDate(visitDate(index))));
  if (item === undefined) throw new Error(`visit ${String(index)} not listed`);
  return item;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the manage page of a Monthly Visit plan', () => {
  it('shows the plan, its visits, and Skip and Move only for the visits still to come', async () => {
    const asked = openPage(signedLink, visit(0));
    const section = await planSection();

    within(section).getByText('Active');
    within(section).getByText(plan().rule);
    within(section).getByText('$249 a month');
    expect(within(section).getByText('Renews on').nextElementSibling?.textContent).toBe(
      longDate(renewsOn),
    );
    for (const index of [1, 2]) {
      const when = longDate(visitDate(index));
      within(visitItem(section, index)).getByRole('button', { name: `Skip the visit of ${when}` });
      within(visitItem(section, index)).getByRole('button', { name: `Move the visit of ${when}` });
    }
    within(visitItem(section, 2)).getByText('Awaiting payment');
    // Gone by, or skipped already: nothing left to change.
    expect(within(visitItem(section, 0)).queryByRole('button')).toBeNull();
    expect(within(visitItem(section, 3)).queryByRole('button')).toBeNull();
    within(visitItem(section, 3)).getByText('Skipped');
    expect(within(section).queryByText('Cancelled')).toBeNull();
    expect(within(section).queryByText('Paused')).toBeNull();

    // The single booking's own panels stay away: the plan's controls stand for them.
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move my booking' })).toBeNull();
    within(section).getByRole('button', { name: 'Cancel at end of month' });
    within(section).getByRole('button', { name: 'Pause next month' });
    expect(within(section).queryByRole('button', { name: 'Keep my plan' })).toBeNull();
    expect(
      within(section).getByRole('link', { name: managePlanCopy.updateCard }).getAttribute('href'),
    ).toBe(`/api/plans/${PLAN_ID}/billing?token=${TOKEN}`);
    expect(asked[0]?.url).toBe(`/api/bookings/${PLAN_ID}?token=${TOKEN}`);
  });

  it('says what a cancel keeps and gives back before it posts with the token', async () => {
    const ending = plan({ standing: standingWith({ cancelAtPeriodEnd: true }) });
    const message = PlanMessages.cancelScheduled(renewsOn);
    const asked = openPage(signedLink, visit(0), () => Response.json({ plan: ending, message }));
    const section = await planSection();

    const cancel = within(section).getByRole('button', { name: 'Cancel at end of month' });
    fireEvent.click(cancel);
    const question = within(section).getByRole('group', {
      name: PlanMessages.cancelNotice(renewsOn),
    });
    // Going back sends nothing, and the focus goes back where it was.
    fireEvent.click(within(question).getByRole('button', { name: 'Go back' }));
    expect(asked.filter((request) => request.method === 'POST')).toHaveLength(0);
    expect(document.activeElement).toBe(cancel);

    fireEvent.click(cancel);
    fireEvent.click(within(section).getByRole('button', { name: 'Yes, cancel at end of month' }));

    expect((await within(section).findByRole('status')).textContent).toBe(message);
    expect(asked.at(-1)).toMatchObject({
      url: `/api/plans/${PLAN_ID}/cancel`,
      method: 'POST',
      authorization: null,
      body: { token: TOKEN },
    });
    // The page follows the plan the API answered: it now ends, and may be kept after all.
    expect(within(section).getByText('Ends on').nextElementSibling?.textContent).toBe(
      longDate(renewsOn),
    );
    expect(within(section).queryByText('Renews on')).toBeNull();
    within(section).getByText(PlanMessages.standingLabels.ending);
    within(section).getByRole('button', { name: 'Keep my plan' });
    expect(within(section).queryByRole('button', { name: 'Cancel at end of month' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Pause next month' })).toBeNull();
    expect(document.activeElement).toBe(
      within(section).getByRole('heading', { name: managePlanCopy.heading }),
    );
  });

  it("skips a visit with the plan's token, after saying a skip is not refunded", async () => {
    const skipped = visit(1, {
      visits: plan().visits.map((item, index) =>
        index === 1 ? { ...item, status: 'skipped' } : item,
      ),
    });
    const goesOn = PlanMessages.whatComesNext(
      standingWith(),
      `${longDate(visitDate(2))}, ${MORNING}`,
    );
    const asked = openPage(signedLink, visit(0), () =>
      Response.json({
        booking: { ...skipped, status: 'skipped' },
        message: PlanMessages.visitSkipped(goesOn),
      }),
    );
    const section = await planSection();
    const when = longDate(visitDate(1));

    fireEvent.click(
      within(visitItem(section, 1)).getByRole('button', { name: `Skip the visit of ${when}` }),
    );
    const question = within(section).getByRole('group', { name: `Skip your visit of ${when}?` });
    within(section).getByText(managePlanCopy.skipNote);
    expect(document.activeElement).toBe(
      within(question).getByRole('button', { name: 'Keep this visit' }),
    );
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, skip this visit' }));

    // Skipped, and the plan goes on: never "Your booking has been cancelled."
    const banner = await within(section).findByRole('status');
    expect(banner.textContent).toBe(
      `This visit is skipped. Your plan goes on: your next visit is ${longDate(visitDate(2))}, ${MORNING}.`,
    );
    expect(screen.queryByText(BookingMessages.cancelled)).toBeNull();
    expect(asked.at(-1)).toMatchObject({
      url: `/api/bookings/${visitId(1)}/cancel`,
      method: 'POST',
      body: { token: TOKEN },
    });
    within(visitItem(section, 1)).getByText('Skipped');
    expect(within(section).queryByText('Cancelled')).toBeNull();
    expect(within(visitItem(section, 1)).queryByRole('button')).toBeNull();
  });

  it('cancels a plan never paid as a whole, from any of its visits, after saying so', async () => {
    const unpaid = {
      status: 'incomplete' as const,
      standing: standingWith({ status: 'incomplete' }),
    };
    const pendingVisits = plan().visits.map((item) => ({
      ...item,
      status: 'pending_payment' as const,
    }));
    const cancelledVisits = pendingVisits.map((item) => ({
      ...item,
      status: 'cancelled' as const,
    }));
    const ended = {
      status: 'ended' as const,
      standing: standingWith({ status: 'ended', endedOn: today }),
    };
    const asked = openPage(
      signedLink,
      visit(0, { ...unpaid, neverPaid: true, visits: pendingVisits }),
      () =>
        Response.json({
          booking: visit(
            2,
            { ...ended, neverPaid: true, visits: cancelledVisits },
            { status: 'cancelled' },
          ),
          message: PlanMessages.cancelledUnpaid,
        }),
    );
    const section = await planSection();
    const when = longDate(visitDate(2));
    expect(within(section).queryByRole('button', { name: /^Skip/ })).toBeNull();

    fireEvent.click(
      within(visitItem(section, 2)).getByRole('button', {
        name: managePlanCopy.cancelPlanLabel(when),
      }),
    );
    const question = within(section).getByRole('group', { name: managePlanCopy.cancelPlanHeading });
    within(section).getByText(managePlanCopy.cancelPlanNote);
    expect(document.activeElement).toBe(
      within(question).getByRole('button', { name: managePlanCopy.cancelPlanKeep }),
    );
    fireEvent.click(
      within(question).getByRole('button', { name: managePlanCopy.cancelPlanConfirm }),
    );

    expect((await within(section).findByRole('status')).textContent).toBe(
      PlanMessages.cancelledUnpaid,
    );
    expect(asked.at(-1)).toMatchObject({
      url: `/api/bookings/${visitId(2)}/cancel`,
      method: 'POST',
      body: { token: TOKEN },
    });
    // The whole plan is gone: every visit reads cancelled, and none offers anything more.
    for (const index of [1, 2, 3]) {
      within(visitItem(section, index)).getByText('Cancelled');
      expect(within(visitItem(section, index)).queryByRole('button')).toBeNull();
    }
  });

  it('moves a visit within its month with the plan token', async () => {
    const moved = addDays(visitDate(1), 1);
    const asked = openPage(signedLink, visit(0), () =>
      Response.json({ booking: visit(1), message: 'Moved.' }),
    );
    const section = await planSection();
    const when = longDate(visitDate(1));
    fireEvent.click(
      within(visitItem(section, 1)).getByRole('button', { name: `Move the visit of ${when}` }),
    );
    const date = within(section).getByLabelText('New date');
    expect(document.activeElement).toBe(date);
    expect(date.getAttribute('min')).toBe(today);
    expect(date.getAttribute('max')).toBe(addDays(renewsOn, -1));
    fireEvent.change(date, { target: { value: moved } });
    fireEvent.click(within(section).getByRole('button', { name: 'Move this visit' }));

    await within(section).findByText('Moved.');
    expect(asked.at(-1)).toMatchObject({
      url: `/api/bookings/${visitId(1)}/reschedule`,
      body: { token: TOKEN, date: moved, time: 'morning' },
    });
  });

  it('puts a past-due plan’s card link first, with the token', async () => {
    openPage(signedLink, visit(0, { status: 'past_due' }));
    const section = await planSection();
    within(section).getByText(managePlanCopy.pastDue);
    within(section).getByText('Payment overdue');
    const links = within(section).getAllByRole('link', { name: managePlanCopy.updateCard });
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(`/api/plans/${PLAN_ID}/billing?token=${TOKEN}`);
    // No next month to pause while the last payment is missing; cancelling is still possible.
    expect(within(section).queryByRole('button', { name: 'Pause next month' })).toBeNull();
    within(section).getByRole('button', { name: 'Cancel at end of month' });
  });

  it('opens with the login when the address has no token, and acts with it', async () => {
    window.localStorage.setItem('authToken', LOGIN);
    const message = PlanMessages.cancelScheduled(renewsOn);
    const asked = openPage(
      `/bookings/manage?booking=${PLAN_ID}`,
      visit(0, { status: 'past_due' }),
      () =>
        Response.json({
          plan: plan({ standing: standingWith({ cancelAtPeriodEnd: true }) }),
          message,
        }),
    );
    const section = await planSection();
    expect(asked[0]).toMatchObject({
      url: `/api/bookings/${PLAN_ID}`,
      authorization: `Bearer ${LOGIN}`,
    });
    // A full page load carries no login: the card page's address is asked for with it instead.
    expect(within(section).queryByRole('link', { name: managePlanCopy.updateCard })).toBeNull();
    expect(within(section).queryByText(managePlanCopy.updateCardByEmail)).toBeNull();
    within(section).getByRole('button', { name: managePlanCopy.updateCard });

    fireEvent.click(within(section).getByRole('button', { name: 'Cancel at end of month' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Yes, cancel at end of month' }));
    await within(section).findByText(message);
    expect(asked.at(-1)).toMatchObject({
      url: `/api/plans/${PLAN_ID}/cancel`,
      authorization: `Bearer ${LOGIN}`,
      body: {},
    });
  });

  it('sends a signed-in owner to the card page whose address the API answers', async () => {
    window.localStorage.setItem('authToken', LOGIN);
    const redirect = vi.fn();
    const cardPage = 'https://billing.example/p/session_1';
    const asked = openPage(
      `/bookings/manage?booking=${PLAN_ID}`,
      visit(0, { status: 'past_due' }),
      () => Response.json({ url: cardPage }),
      redirect,
    );
    const section = await planSection();
    const button = within(section).getByRole('button', { name: managePlanCopy.updateCard });
    fireEvent.click(button);
    expect(button).toHaveProperty('disabled', true);
    expect(button.textContent).toBe(managePlanCopy.openingCardPage);
    await waitFor(() => {
      expect(redirect).toHaveBeenCalledWith(cardPage);
    });
    expect(asked.at(-1)).toMatchObject({
      url: `/api/plans/${PLAN_ID}/billing`,
      method: 'POST',
      authorization: `Bearer ${LOGIN}`,
      body: {},
    });
    // Back from the card page out of the back-forward cache, the button works again.
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(button).toHaveProperty('disabled', false);
  });

  it("offers an active plan's owner the card page too, and says why it could not open", async () => {
    window.localStorage.setItem('authToken', LOGIN);
    const redirect = vi.fn();
    openPage(
      `/bookings/manage?booking=${PLAN_ID}`,
      visit(0),
      () => Response.json({ error: PlanMessages.noCardOnFile }, { status: 409 }),
      redirect,
    );
    const section = await planSection();
    const actions = within(section).getByRole('region', { name: managePlanCopy.actionsHeading });
    const button = within(actions).getByRole('button', { name: managePlanCopy.updateCard });
    fireEvent.click(button);

    expect((await within(section).findByRole('alert')).textContent).toBe(PlanMessages.noCardOnFile);
    expect(redirect).not.toHaveBeenCalled();
    // It may be tried again: the button is back as it was.
    expect(button).toHaveProperty('disabled', false);
    expect(button.textContent).toBe(managePlanCopy.updateCard);
  });

  it('names the paused month and the renewal after it, once, and offers Resume', async () => {
    openPage(signedLink, visit(0, { standing: standingWith({ pausedMonth: pausedNextMonth }) }));
    const section = await planSection();
    within(section).getByText(PlanMessages.standingLabels.paused);
    expect(within(section).getByText('Paused').nextElementSibling?.textContent).toBe(
      PlanMessages.pausedMonth(renewsOn),
    );
    // "Renews on" is the renewal after the paused month, never the paused month's start.
    expect(within(section).getByText('Renews on').nextElementSibling?.textContent).toBe(
      longDate(monthAfter),
    );
    expect(within(section).getAllByText(new RegExp(longDate(renewsOn)))).toHaveLength(1);
    expect(within(section).queryByText('Ends on')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Pause next month' })).toBeNull();
    within(section).getByRole('button', {
      name: planStandingCopy.resumeLabel(longDate(renewsOn)),
    });
    // Cancelling now ends the plan before the paused month: the question says the pause goes.
    fireEvent.click(within(section).getByRole('button', { name: 'Cancel at end of month' }));
    within(section).getByRole('group', {
      name: `${PlanMessages.cancelNotice(renewsOn)} ${PlanMessages.cancelDropsPause}`,
    });
  });

  it('follows a pause the API answered: the month is named and Pause gives way to Resume', async () => {
    const paused = plan({ standing: standingWith({ pausedMonth: pausedNextMonth }) });
    const asked = openPage(signedLink, visit(0), () =>
      Response.json({ plan: paused, message: paused.standing.summary }),
    );
    const section = await planSection();
    expect(within(section).queryByText('Paused')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Pause next month' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Yes, pause next month' }));

    expect((await within(section).findByRole('status')).textContent).toBe(
      PlanMessages.paused(renewsOn, monthAfter),
    );
    expect(asked.at(-1)).toMatchObject({
      url: `/api/plans/${PLAN_ID}/pause`,
      body: { token: TOKEN },
    });
    expect(within(section).getByText('Renews on').nextElementSibling?.textContent).toBe(
      longDate(monthAfter),
    );
    expect(within(section).queryByRole('button', { name: 'Pause next month' })).toBeNull();
    within(section).getByRole('button', { name: planStandingCopy.resumeLabel(longDate(renewsOn)) });
  });

  it('resumes a paused month before it begins, with the token, and says the plan renews', async () => {
    const active = plan();
    const asked = openPage(
      signedLink,
      visit(0, { standing: standingWith({ pausedMonth: pausedNextMonth }) }),
      () => Response.json({ plan: active, message: active.standing.summary }),
    );
    const section = await planSection();
    fireEvent.click(
      within(section).getByRole('button', {
        name: planStandingCopy.resumeLabel(longDate(renewsOn)),
      }),
    );
    expect((await within(section).findByRole('status')).textContent).toBe(
      PlanMessages.renews(renewsOn),
    );
    expect(asked.at(-1)).toMatchObject({
      url: `/api/plans/${PLAN_ID}/resume`,
      method: 'POST',
      body: { token: TOKEN },
    });
    within(section).getByText('Active');
    expect(within(section).getByText('Renews on').nextElementSibling?.textContent).toBe(
      longDate(renewsOn),
    );
    expect(within(section).queryByText('Paused')).toBeNull();
    within(section).getByRole('button', { name: 'Pause next month' });
  });

  it('keeps an ending plan: active again, renewing next month, with nothing paused left', async () => {
    const active = plan();
    const asked = openPage(
      signedLink,
      visit(0, { standing: standingWith({ cancelAtPeriodEnd: true }) }),
      () => Response.json({ plan: active, message: active.standing.summary }),
    );
    const section = await planSection();
    expect(within(section).queryByText('Paused')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Keep my plan' }));
    await within(section).findByRole('status');
    expect(asked.at(-1)).toMatchObject({ url: `/api/plans/${PLAN_ID}/resume` });
    within(section).getByText('Active');
    expect(within(section).getByText('Renews on').nextElementSibling?.textContent).toBe(
      longDate(renewsOn),
    );
    expect(within(section).queryByText('Ends on')).toBeNull();
    expect(within(section).queryByText('Paused')).toBeNull();
  });

  it("says where the plan's link is when a visit's own link cannot change the plan", async () => {
    openPage(`/bookings/manage?booking=${visitId(1)}&token=visit-token`, visit(1), () =>
      Response.json({ error: PlanMessages.notFound }, { status: 404 }),
    );
    const section = await planSection();
    fireEvent.click(within(section).getByRole('button', { name: 'Pause next month' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Yes, pause next month' }));
    expect((await within(section).findByRole('alert')).textContent).toBe(managePlanCopy.notProven);
  });

  it('still says a link without a token is not valid to a visitor', async () => {
    const asked = openPage(`/bookings/manage?booking=${PLAN_ID}`, visit(0));
    await screen.findByText(/This booking link is not valid/);
    expect(asked).toHaveLength(0);
  });
});
