import {
  BookingMessages,
  formatPlanVisits,
  type BookingView,
  type MonthlyPlanView,
} from '@hs/api/domain/booking/booking-schema';
import { PLANS, SERVICES, type Plan, type Service } from '@hs/api/domain/booking/catalogue';
import { addDays, longDate, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { planStanding } from '@hs/api/domain/subscription/plan-standing';
import {
  firstPeriodVisits,
  nextPeriodStart,
  anchorDayOf,
  type MonthlyPlanPreview,
  type PlannedVisit,
  type VisitSlot,
} from '@hs/api/domain/subscription/visit-schedule';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi as installApi } from '../../test-support/api-stub';
import { ApiError } from '../../api/api-client';
import { uploadForm } from '../../api/upload';
import { monthlyVisitsCopy } from '../../content/services-content';
import { BookingFlow } from './BookingFlow';
import type { BookingStep } from './booking-step';

vi.mock('../../api/upload', () => ({ uploadForm: vi.fn() }));
const upload = vi.mocked(uploadForm);

function find<T>(items: readonly T[], match: (item: T) => boolean): T {
  const found = items.find(match);
  if (found === undefined) throw new Error('no such item');
  return found;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${String(index)}`);
  return item;
}

const garden: Service = find(SERVICES, (service) => service.id === 'garden-maintenance');
const monthly: Plan = find(PLANS, (plan) => plan.id === 'monthly');
const oneTime: Plan = find(PLANS, (plan) => plan.id === 'one-time');

const firstVisit: VisitSlot = { date: addDays(todayInToronto(), 3), time: 'morning' };
const weekly = firstPeriodVisits(firstVisit);
const renewsOn = nextPeriodStart(firstVisit.date, anchorDayOf(firstVisit.date));
const thirdWeek = at(weekly, 2).date;
/** The third week's morning is full; its week still has these, nearest day first. */
const thirdWeekAlternatives: VisitSlot[] = [
  { date: addDays(thirdWeek, 1), time: 'afternoon' },
  { date: addDays(thirdWeek, -1), time: 'evening' },
];
/** The plan with the third visit moved to the first of them. */
const chosenVisits = [at(weekly, 0), at(weekly, 1), at(thirdWeekAlternatives, 0), at(weekly, 3)];

const MORNING = 'Morning (8am-12pm)';
const RULE = 'Four visits a month, every week on the same day and in the same window.';

function preview(full: Partial<Record<number, VisitSlot[]>> = {}): MonthlyPlanPreview {
  return {
    rule: RULE,
    periodStart: firstVisit.date,
    renewsOn,
    visits: weekly.map((visit, index): PlannedVisit => ({
      ...visit,
      available: full[index] === undefined,
      alternatives: full[index] ?? [],
    })),
  };
}

/** Answers the flow's fetch calls by path, and records the monthly-plan questions it asked. */
function stubApi(plan: () => Response) {
  const asked: URLSearchParams[] = [];
  installApi({
    'GET /api/monthly-plan': ({ query }) => {
      asked.push(query);
      return plan();
    },
    'GET /api/availability': () => jsonResponse(200, { capacity: 3, days: [] }),
    'GET /api/payments/config': () =>
      jsonResponse(200, { provider: 'test', publishableKey: null, currency: 'cad' }),
  });
  return asked;
}

function Flow({ plan }: { plan: Plan }) {
  const [step, setStep] = useState<BookingStep>({
    kind: 'form',
    service: garden,
    plan,
    viaPlans: false,
  });
  return (
    <BookingFlow
      step={step}
      onStep={setStep}
      onBack={vi.fn()}
      plans={PLANS}
      onNotice={vi.fn()}
      redirect={vi.fn()}
    />
  );
}

function openForm(plan = monthly) {
  renderWithQueryClient(<Flow plan={plan} />);
  const dialog = screen.getByRole('dialog', { name: 'Book Your Service' });
  const form = within(dialog);
  fireEvent.change(form.getByLabelText('Full Name'), { target: { value: 'Ada Lovelace' } });
  fireEvent.change(form.getByLabelText('Phone Number'), { target: { value: '416-555-0199' } });
  fireEvent.change(form.getByLabelText('Email Address'), { target: { value: 'ada@example.com' } });
  fireEvent.change(form.getByLabelText('Service Address'), {
    target: { value: '1 Yonge St, Toronto' },
  });
  fireEvent.change(form.getByLabelText('Postal Code'), { target: { value: 'M5E 1W7' } });
  fireEvent.change(form.getByLabelText('Preferred Date'), { target: { value: firstVisit.date } });
  return { dialog, form };
}

const visitsSection = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('group', { name: monthlyVisitsCopy.heading }));

function sentForm(): FormData {
  const form = upload.mock.calls[0]?.[1];
  if (!(form instanceof FormData)) throw new Error('nothing was sent');
  return form;
}

function monthlyPlanView(visits: readonly VisitSlot[]): MonthlyPlanView {
  return {
    id: 'a'.repeat(32),
    status: 'incomplete',
    rule: RULE,
    amountCents: 24_900,
    periodStart: firstVisit.date,
    nextPeriodStart: renewsOn,
    standing: planStanding({
      status: 'incomplete',
      nextPeriodStart: renewsOn,
      pausedMonth: null,
      cancelAtPeriodEnd: false,
      endedOn: null,
    }),
    neverPaid: true,
    visits: visits.map((visit, index) => ({
      id: String(index).repeat(32),
      date: visit.date,
      time: visit.time,
      timeLabel: visit.time === 'morning' ? MORNING : 'Afternoon (12pm-4pm)',
      status: 'pending_payment',
    })),
  };
}

function bookingView(visits: readonly VisitSlot[]): BookingView {
  return {
    id: 'a'.repeat(32),
    reference: 'HS-1234',
    service: garden.title,
    serviceId: garden.id,
    plan: monthly.name,
    planId: 'monthly',
    date: firstVisit.date,
    time: firstVisit.time,
    timeLabel: MORNING,
    amountCents: 24_900,
    currency: 'cad',
    status: 'pending_payment',
    hasImage: false,
    createdAt: new Date().toISOString(),
    monthlyPlan: monthlyPlanView(visits),
    discount: null,
  };
}

const submit = (dialog: HTMLElement) => {
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
};

beforeEach(() => {
  upload.mockReset();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the Monthly Visit plan in the booking form', () => {
  it('shows the rule, the renewal and the four visits of the chosen date and window', async () => {
    const asked = stubApi(() => jsonResponse(200, preview()));
    const { dialog } = openForm();
    const section = visitsSection(dialog);
    const list = await section.findByRole('list', { name: monthlyVisitsCopy.listLabel });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(weekly.map((visit) => `${longDate(visit.date)}, ${MORNING}`));
    section.getByText(RULE);
    section.getByText(`Renews on ${longDate(renewsOn)}`);
    section.getByText(monthlyVisitsCopy.allFree);
    expect(asked.map((query) => [query.get('date'), query.get('time')])).toEqual([
      [firstVisit.date, 'morning'],
    ]);

    fireEvent.change(within(dialog).getByLabelText('Preferred Time'), {
      target: { value: 'evening' },
    });
    section.getByText(monthlyVisitsCopy.loading);
    await waitFor(() => {
      expect(asked.at(-1)?.get('time')).toBe('evening');
    });
  });

  it('asks for another window of its week for a full visit, and sends the visits chosen', async () => {
    stubApi(() => jsonResponse(200, preview({ 2: thirdWeekAlternatives })));
    upload.mockReturnValue(new Promise(() => {}));
    const { dialog } = openForm();
    const section = visitsSection(dialog);
    const choice = await section.findByRole('combobox', {
      name: `Week of ${longDate(thirdWeek)}: choose another window`,
    });
    const full = section.getAllByRole('listitem')[2];
    expect(full?.textContent).toContain(`${longDate(thirdWeek)}, ${MORNING} Full`);
    section.getByText(monthlyVisitsCopy.someFull(1));
    expect(choice.hasAttribute('required')).toBe(true);
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      monthlyVisitsCopy.choosePlaceholder,
      `${longDate(addDays(thirdWeek, 1))}, Afternoon (12pm-4pm)`,
      `${longDate(addDays(thirdWeek, -1))}, Evening (4pm-8pm)`,
    ]);

    submit(dialog);
    section.getByText(monthlyVisitsCopy.chooseRequired);
    expect(choice.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(choice);
    expect(upload).not.toHaveBeenCalled();

    fireEvent.change(choice, { target: { value: `${addDays(thirdWeek, 1)}:afternoon` } });
    expect(section.queryByText(monthlyVisitsCopy.chooseRequired)).toBeNull();
    submit(dialog);
    await waitFor(() => {
      expect(upload).toHaveBeenCalledTimes(1);
    });
    const form = sentForm();
    expect(form.get('plan')).toBe('monthly');
    expect(form.get('visits')).toBe(formatPlanVisits(chosenVisits));
  });

  it('says a week with no window left is fully booked and asks for another start date', async () => {
    stubApi(() => jsonResponse(200, preview({ 1: [] })));
    const { dialog } = openForm();
    const section = visitsSection(dialog);
    const weekFull = monthlyVisitsCopy.weekFull(longDate(at(weekly, 1).date));
    await section.findByText(weekFull);
    expect(section.queryByRole('combobox')).toBeNull();

    submit(dialog);
    const date = within(dialog).getByLabelText('Preferred Date');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getAllByText(weekFull)).toHaveLength(2);
    expect(document.activeElement).toBe(date);
    expect(upload).not.toHaveBeenCalled();
  });

  it('leaves the plan to the server when its visits could not be checked, and asks again', async () => {
    let answer = jsonResponse(503, { error: BookingMessages.unavailable });
    const asked = stubApi(() => answer);
    upload.mockRejectedValue(new ApiError('That window is now full.', 409));
    const { dialog } = openForm();
    const section = visitsSection(dialog);
    await section.findByText(new RegExp(monthlyVisitsCopy.failedNext));

    submit(dialog);
    await waitFor(() => {
      expect(upload).toHaveBeenCalledTimes(1);
    });
    expect(sentForm().get('visits')).toBeNull();
    // The refusal says the places changed: the visits are checked again without being asked.
    answer = jsonResponse(200, preview());
    await section.findByText(monthlyVisitsCopy.allFree);
    expect(asked).toHaveLength(2);
  });

  it('says which visit moved off a day we are closed, and books it where it moved', async () => {
    const movedTo: VisitSlot = { date: addDays(thirdWeek, -1), time: 'afternoon' };
    const plan = preview();
    plan.visits[2] = {
      ...movedTo,
      available: true,
      alternatives: [],
      movedFrom: { date: thirdWeek, reason: 'Christmas Day' },
    };
    stubApi(() => jsonResponse(200, plan));
    upload.mockReturnValue(new Promise(() => {}));
    const { dialog } = openForm();
    const section = visitsSection(dialog);
    const list = await section.findByRole('list', { name: monthlyVisitsCopy.listLabel });
    expect(within(list).getAllByRole('listitem')[2]?.textContent).toBe(
      `${longDate(movedTo.date)}, Afternoon (12pm-4pm) — moved from ${longDate(thirdWeek)} (Closed: Christmas Day)`,
    );
    section.getByText(`${monthlyVisitsCopy.allFree} ${monthlyVisitsCopy.someMoved(1)}`);
    // Nothing to choose: the visit is booked where it moved, as shown.
    expect(section.queryByRole('combobox')).toBeNull();
    submit(dialog);
    await waitFor(() => {
      expect(upload).toHaveBeenCalledTimes(1);
    });
    expect(sentForm().get('visits')).toBe(
      formatPlanVisits([at(weekly, 0), at(weekly, 1), movedTo, at(weekly, 3)]),
    );
  });

  it('says the API refused a first day we are closed, and offers no way on but another date', async () => {
    const refusal = BookingMessages.dayClosed(firstVisit.date, 'Snowstorm');
    stubApi(() => jsonResponse(400, { error: refusal, fields: { date: refusal } }));
    const { dialog } = openForm();
    const section = visitsSection(dialog);
    await section.findByText(refusal);
    expect(section.queryByText(new RegExp(monthlyVisitsCopy.failedNext))).toBeNull();
    expect(section.queryByRole('button', { name: monthlyVisitsCopy.retry })).toBeNull();
  });

  it('shows nothing of it, and sends no visits, for a One-time Visit', async () => {
    const asked = stubApi(() => jsonResponse(200, preview()));
    upload.mockReturnValue(new Promise(() => {}));
    const { dialog } = openForm(oneTime);
    expect(within(dialog).queryByRole('group', { name: monthlyVisitsCopy.heading })).toBeNull();
    submit(dialog);
    await waitFor(() => {
      expect(upload).toHaveBeenCalledTimes(1);
    });
    expect(sentForm().get('visits')).toBeNull();
    expect(asked).toHaveLength(0);
  });
});

describe('the Monthly Visit plan in the payment summary', () => {
  it('lists the four visits, the renewal and the price a month', async () => {
    stubApi(() => jsonResponse(200, preview({ 2: thirdWeekAlternatives })));
    upload.mockResolvedValue({
      booking: bookingView(chosenVisits),
      token: 'booking-token',
      message: BookingMessages.created,
    });
    const { dialog } = openForm();
    const choice = await visitsSection(dialog).findByRole('combobox');
    fireEvent.change(choice, { target: { value: `${addDays(thirdWeek, 1)}:afternoon` } });
    submit(dialog);

    const payment = await screen.findByRole('dialog', { name: 'Complete Your Payment' });
    const summary = within(within(payment).getByRole('region', { name: 'Order summary' }));
    const visits = summary.getAllByRole('listitem').map((item) => item.textContent);
    expect(visits).toEqual([
      `${longDate(at(chosenVisits, 0).date)}, ${MORNING}`,
      `${longDate(at(chosenVisits, 1).date)}, ${MORNING}`,
      `${longDate(at(chosenVisits, 2).date)}, Afternoon (12pm-4pm)`,
      `${longDate(at(chosenVisits, 3).date)}, ${MORNING}`,
    ]);
    summary.getByText(RULE);
    summary.getByText(longDate(renewsOn));
    summary.getByText('Renews on');
    summary.getByText('$249 a month');
  });
});
