import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { loadApiConfig } from '../src/config/api-config';
import { ClosureModel } from '../src/calendar/closure-model';
import type {
  AdminClosureList,
  AdminClosurePreview,
  AdminClosureResult,
  AdminScheduleWeek,
} from '../src/domain/admin/admin-views';
import type { Availability, ManagedBookingView } from '../src/domain/booking/booking-schema';
import { BookingMessages } from '../src/domain/booking/booking-schema';
import { findTimeWindow } from '../src/domain/booking/catalogue';
import { ontarioHolidays } from '../src/domain/calendar/ontario-holidays';
import {
  addDays,
  daysBetween,
  todayInToronto,
  torontoTimeToUtc,
  weekdayOf,
} from '../src/domain/calendar/toronto-date';
import type { MonthlyPlanPreview } from '../src/domain/subscription/visit-schedule';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
import type { MailDetail } from '../src/dev-mailbox/mailbox-client';
import { TestPaymentProvider } from '../src/payments/test-provider';
import { signUp } from '../../tests/support/accounts';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import {
  bookingFields,
  isWorkingDay,
  withFields,
  type BookingFields,
} from '../../tests/support/booking-form';
import { calendarEntriesOf } from '../../tests/support/calendar-mail';
import { everythingReadIn, mailbox } from '../../tests/support/mailbox';
import { activePlan } from '../../tests/support/plans';
import { eventually } from '../../tests/support/poll';
import { testEnv } from '../../tests/support/test-env';

/** Ontario's public holidays as the province publishes them, observed days included. */
const PUBLISHED: Record<number, [string, string][]> = {
  2026: [
    ['2026-01-01', "New Year's Day"],
    ['2026-02-16', 'Family Day'],
    ['2026-04-03', 'Good Friday'],
    ['2026-05-18', 'Victoria Day'],
    ['2026-07-01', 'Canada Day'],
    ['2026-09-07', 'Labour Day'],
    ['2026-10-12', 'Thanksgiving'],
    ['2026-12-25', 'Christmas Day'],
    ['2026-12-26', 'Boxing Day'],
    ['2026-12-28', 'Boxing Day (observed)'],
  ],
  2027: [
    ['2027-01-01', "New Year's Day"],
    ['2027-02-15', 'Family Day'],
    ['2027-03-26', 'Good Friday'],
    ['2027-05-24', 'Victoria Day'],
    ['2027-07-01', 'Canada Day'],
    ['2027-09-06', 'Labour Day'],
    ['2027-10-11', 'Thanksgiving'],
    ['2027-12-25', 'Christmas Day'],
    ['2027-12-26', 'Boxing Day'],
    ['2027-12-27', 'Christmas Day (observed)'],
    ['2027-12-28', 'Boxing Day (observed)'],
  ],
  2028: [
    ['2028-01-01', "New Year's Day"],
    ['2028-01-03', "New Year's Day (observed)"],
    ['2028-02-21', 'Family Day'],
    ['2028-04-14', 'Good Friday'],
    ['2028-05-22', 'Victoria Day'],
    ['2028-07-01', 'Canada Day'],
    ['2028-07-03', 'Canada Day (observed)'],
    ['2028-09-04', 'Labour Day'],
    ['2028-10-09', 'Thanksgiving'],
    ['2028-12-25', 'Christmas Day'],
    ['2028-12-26', 'Boxing Day'],
  ],
  2029: [
    ['2029-01-01', "New Year's Day"],
    ['2029-02-19', 'Family Day'],
    ['2029-03-30', 'Good Friday'],
    ['2029-05-21', 'Victoria Day'],
    ['2029-07-01', 'Canada Day'],
    ['2029-07-02', 'Canada Day (observed)'],
    ['2029-09-03', 'Labour Day'],
    ['2029-10-08', 'Thanksgiving'],
    ['2029-12-25', 'Christmas Day'],
    ['2029-12-26', 'Boxing Day'],
  ],
  2030: [
    ['2030-01-01', "New Year's Day"],
    ['2030-02-18', 'Family Day'],
    ['2030-04-19', 'Good Friday'],
    ['2030-05-20', 'Victoria Day'],
    ['2030-07-01', 'Canada Day'],
    ['2030-09-02', 'Labour Day'],
    ['2030-10-14', 'Thanksgiving'],
    ['2030-12-25', 'Christmas Day'],
    ['2030-12-26', 'Boxing Day'],
  ],
};

describe("Ontario's public holidays", () => {
  it.each(Object.keys(PUBLISHED).map(Number))('are the published dates in %i', (year) => {
    expect(ontarioHolidays(year).map((holiday) => [holiday.date, holiday.name])).toEqual(
      PUBLISHED[year],
    );
  });

  it('adds the optional holidays the configuration names, and refuses an unknown one', () => {
    const extras = ontarioHolidays(2027, ['civic-holiday', 'easter-monday']);
    expect(extras).toContainEqual({ date: '2027-08-02', name: 'Civic Holiday' });
    expect(extras).toContainEqual({ date: '2027-03-29', name: 'Easter Monday' });
    const env = testEnv({ EXTRA_HOLIDAYS: 'civic-holiday, st-patricks-day' });
    expect(() => loadApiConfig(env)).toThrow(/EXTRA_HOLIDAYS.*unknown holiday st-patricks-day/s);
  });
});

/** The first `month`-`day` at least two days ahead. */
function nextDate(month: number, day: number): string {
  const soonest = addDays(todayInToronto(), 2);
  const year = Number(soonest.slice(0, 4));
  const mmdd = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const thisYear = `${String(year)}-${mmdd}`;
  return thisYear >= soonest ? thisYear : `${String(year + 1)}-${mmdd}`;
}

/** The Monday of the week holding `date`. */
const mondayOf = (date: string) => addDays(date, -((weekdayOf(date) + 6) % 7));

describe('the business calendar in the API', () => {
  const env = testEnv({
    LOG_LEVEL: 'info',
    FORM_RATE_LIMIT_MAX: '1000',
    AUTH_RATE_LIMIT_MAX: '1000',
    UNPAID_HOLDS_PER_CONTACT: '20',
    SLOT_CAPACITY: '20',
    EXTRA_HOLIDAYS: 'civic-holiday',
  });
  let product: ProductHarness;
  let api: ApiHarness;
  let admin: string;
  const christmas = nextDate(12, 25);

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
    admin = (await signUp(api.app, 'calendar-Passw0rd!', 'admin')).token;
  });
  afterAll(async () => {
    await product.close();
  });

  async function book(overrides: BookingFields = {}) {
    const fields = bookingFields(overrides);
    const answer = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return {
      id: answer.body.booking.id as string,
      token: answer.body.token as string,
      email: fields.email ?? '',
    };
  }

  async function bookPaid(overrides: BookingFields = {}) {
    const made = await book(overrides);
    const paid = await request(api.app).post('/api/payments').send({
      bookingId: made.id,
      amount: 14900,
      paymentMethod: 'card',
      customerEmail: made.email,
      paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
      token: made.token,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await eventually(async () =>
      expect((await BookingModel.findById(made.id))?.status).toBe('paid'),
    );
    return made;
  }

  const availability = async (from: string, to: string) => {
    const answer = await request(api.app).get(`/api/availability?from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    return answer.body as Availability;
  };

  const asAdmin = (test: request.Test) => test.set('Authorization', `Bearer ${admin}`);

  async function managed(made: { id: string; token: string }): Promise<ManagedBookingView> {
    const answer = await request(api.app).get(`/api/bookings/${made.id}?token=${made.token}`);
    expect(answer.status).toBe(200);
    return answer.body.booking as ManagedBookingView;
  }

  async function mailSaying(email: string, words: string): Promise<MailDetail> {
    let found: MailDetail | undefined;
    await eventually(async () => {
      const summary = (await mailbox().list({ to: email })).find((mail) =>
        mail.Subject.includes(words),
      );
      expect(summary, `an email to ${email} saying "${words}"`).toBeDefined();
      found = await mailbox().get(summary?.ID ?? '');
    });
    if (!found) throw new Error('unreachable');
    return found;
  }

  it('shows a holiday closed, with its name, and a configured optional holiday too', async () => {
    const days = (await availability(addDays(christmas, -1), addDays(christmas, 1))).days;
    expect(days.map((day) => day.closedReason)).toEqual([undefined, 'Christmas Day', 'Boxing Day']);
    expect(days[1]).toMatchObject({
      windows: { morning: 0, afternoon: 0, evening: 0 },
      closed: ['morning', 'afternoon', 'evening'],
    });
    const civic = ontarioHolidays(Number(christmas.slice(0, 4)) + 1, ['civic-holiday']).find(
      (holiday) => holiday.name === 'Civic Holiday',
    )?.date;
    if (!civic) throw new Error('no Civic Holiday');
    const [civicDay] = (await availability(civic, civic)).days;
    expect(civicDay?.closedReason).toBe('Civic Holiday');
  });

  it('refuses a closed day on every booking path, naming the day, and changes nothing', async () => {
    const said = BookingMessages.dayClosed(christmas, 'Christmas Day');
    const before = await BookingModel.countDocuments();
    const refusedWith = (answer: request.Response, field: string) => {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.fields?.[field]).toBe(said);
      expect(said).toContain('Christmas Day');
    };

    // The site's form, the original form's path, a plan's first visit, an estimate's preferred day.
    refusedWith(
      await withFields(request(api.app).post('/api/bookings'), bookingFields({ date: christmas })),
      'date',
    );
    refusedWith(
      await withFields(
        request(api.app).post('/api-docs/api/bookings'),
        bookingFields({ date: christmas }),
      ),
      'date',
    );
    refusedWith(
      await withFields(
        request(api.app).post('/api/bookings'),
        bookingFields({ date: christmas, plan: 'monthly' }),
      ),
      'date',
    );
    refusedWith(
      await withFields(
        request(api.app).post('/api/bookings'),
        bookingFields({
          date: christmas,
          service: 'Free Construction Estimate',
          plan: 'Custom Estimate',
        }),
      ),
      'date',
    );
    refusedWith(
      await request(api.app).get(`/api/monthly-plan?date=${christmas}&time=afternoon`),
      'date',
    );
    // A plan's visits chosen by hand: the rule's own four, one on Christmas Day.
    const weekBefore = addDays(christmas, -7);
    const visits = [0, 7, 14, 21]
      .map((offset) => `${addDays(weekBefore, offset)}:afternoon`)
      .join(',');
    refusedWith(
      await withFields(
        request(api.app).post('/api/bookings'),
        bookingFields({ date: weekBefore, time: 'afternoon', plan: 'monthly', visits }),
      ),
      'visits',
    );
    expect(await BookingModel.countDocuments()).toBe(before);

    // Moving a visit there: the customer's manage page, and the operator's schedule board.
    const made = await book({ date: addDays(christmas, -3) });
    refusedWith(
      await request(api.app)
        .post(`/api/bookings/${made.id}/reschedule`)
        .send({ token: made.token, date: christmas, time: 'morning' }),
      'date',
    );
    const estimate = await book({
      date: addDays(christmas, -3),
      service: 'Free Construction Estimate',
      plan: 'Custom Estimate',
    });
    refusedWith(
      await asAdmin(
        request(api.app)
          .post(`/api/admin/bookings/${estimate.id}/schedule`)
          .send({ date: christmas, time: 'morning' }),
      ),
      'date',
    );
    const unchanged = await BookingModel.find({ _id: { $in: [made.id, estimate.id] } }).lean();
    expect(unchanged.map((booking) => [booking.date, booking.status]).sort()).toEqual([
      [addDays(christmas, -3), 'estimate_requested'],
      [addDays(christmas, -3), 'pending_payment'],
    ]);
  });

  it("steps a plan begun on December 11 around Christmas Day and New Year's Day", async () => {
    // December 11, 25 and January 1 share a weekday: its rule would land on both holidays.
    const start = nextDate(12, 11);
    const newYear = addDays(start, 21);
    const preview = await request(api.app).get(`/api/monthly-plan?date=${start}&time=afternoon`);
    expect(preview.status).toBe(200);
    const shown = (preview.body as MonthlyPlanPreview).visits;
    expect(shown.map((visit) => visit.movedFrom?.date ?? null)).toEqual([
      null,
      null,
      addDays(start, 14),
      newYear,
    ]);
    expect(shown[2]?.movedFrom?.reason).toBe('Christmas Day');
    expect(shown[3]?.movedFrom?.reason).toBe("New Year's Day");

    const owner = await signUp(api.app, 'calendar-Passw0rd!');
    const plan = await activePlan(
      api.app,
      { email: owner.email, date: start, time: 'afternoon' },
      owner.token,
    );
    const period = await mailSaying(plan.email, 'Your Monthly Visit plan: 4 visits');
    const entries = await calendarEntriesOf(period);
    expect(entries).toHaveLength(4);
    const afternoon = findTimeWindow('afternoon');
    const days = entries
      .map((entry) => entry.start)
      .sort((a, b) => a.getTime() - b.getTime())
      .map((instant) => {
        const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
          instant,
        );
        // Every visit in the plan's window: 12:00 Toronto time.
        expect(instant.getTime()).toBe(torontoTimeToUtc(date, afternoon?.startHour ?? 0).getTime());
        return date;
      });
    // What the customer saw before paying is what was booked and sent.
    expect(days).toEqual(shown.map((visit) => visit.date));
    expect(days).not.toContain(addDays(start, 14));
    expect(days).not.toContain(newYear);
    expect(days.every(isWorkingDay)).toBe(true);
    // Each stepped visit stays in its own week, a day from the holiday.
    for (const [ruled, booked] of [
      [addDays(start, 14), days[2]],
      [newYear, days[3]],
    ] as const) {
      expect(mondayOf(booked ?? '')).toBe(mondayOf(ruled));
      expect(Math.abs(daysBetween(ruled, booked ?? ''))).toBe(1);
    }
  });

  it("steps a renewal's visit off New Year's Day", async () => {
    // A plan begun on November 27 renews on December 27; its rule's first visit of that month,
    // on the same weekday, is January 1.
    const start = nextDate(11, 27);
    const newYear = addDays(start, 35);
    expect(newYear.slice(5)).toBe('01-01');
    const owner = await signUp(api.app, 'calendar-Passw0rd!');
    const plan = await activePlan(
      api.app,
      { email: owner.email, date: start, time: 'morning' },
      owner.token,
    );
    const provider = api.context.paymentProvider;
    if (!(provider instanceof TestPaymentProvider)) throw new Error('expected the test provider');
    expect(await provider.billing.renew(plan.id)).toBe('paid');
    let renewed: string[] = [];
    await eventually(async () => {
      const visits = await BookingModel.find({ subscriptionId: plan.id, periodIndex: 1 }).sort({
        visitIndex: 1,
      });
      expect(visits.map((visit) => visit.status)).toEqual(Array(4).fill('paid'));
      renewed = visits.map((visit) => visit.date);
    });
    expect(renewed).not.toContain(newYear);
    expect(renewed.every(isWorkingDay)).toBe(true);
    expect(mondayOf(renewed[0] ?? '')).toBe(mondayOf(newYear));
    expect(renewed.slice(1)).toEqual([7, 14, 21].map((days) => addDays(newYear, days)));
  });

  it('closes a day with three visits: the plan visit moves, the others choose, the emails say so', async () => {
    // A working Wednesday with working days around it, far enough ahead to be this test's own.
    let day = addDays(todayInToronto(), 40);
    while (
      weekdayOf(day) !== 3 ||
      ![-1, 0, 1].every((offset) => isWorkingDay(addDays(day, offset)))
    ) {
      day = addDays(day, 1);
    }
    const owner = await signUp(api.app, 'calendar-Passw0rd!');
    const plan = await activePlan(
      api.app,
      { email: owner.email, date: addDays(day, -7), time: 'evening' },
      owner.token,
    );
    const planVisit = await BookingModel.findOne({ subscriptionId: plan.id, date: day });
    expect(planVisit?.status).toBe('paid');
    const taker = await bookPaid({ date: day, time: 'morning' });
    const canceller = await bookPaid({ date: day, time: 'afternoon' });
    // As if first paid for within a day of its visit: a cancel would refund nothing (24-hour rule).
    await BookingModel.updateOne(
      { _id: canceller.id },
      { $set: { refundCutoff: new Date(Date.now() - 3_600_000) } },
    );
    expect((await managed(canceller)).refundOnCancel).toBe(false);

    const preview = await asAdmin(
      request(api.app).post('/api/admin/closures/preview').send({ from: day, reason: 'Snowstorm' }),
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const seen = preview.body as AdminClosurePreview;
    expect(seen.days).toEqual([{ date: day, closedAlready: null }]);
    expect(seen.visits.map((visit) => [visit.kind, visit.booking.id]).sort()).toEqual(
      [
        ['one-time', taker.id],
        ['one-time', canceller.id],
        ['plan', planVisit?.id as string],
      ].sort(),
    );
    // A preview changes nothing.
    expect(await ClosureModel.countDocuments()).toBe(0);

    const closed = await asAdmin(
      request(api.app).post('/api/admin/closures').send({ from: day, reason: 'Snowstorm' }),
    );
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    expect(closed.body as AdminClosureResult).toMatchObject({
      moved: 1,
      asked: 2,
      unplaced: 0,
      closure: { from: day, to: day, reason: 'Snowstorm' },
    });

    // Nothing more is booked that day, and the board and availability say why.
    const [closedDay] = (await availability(day, day)).days;
    expect(closedDay?.closedReason).toBe('Snowstorm');
    const refused = await withFields(
      request(api.app).post('/api/bookings'),
      bookingFields({ date: day }),
    );
    expect(refused.body.fields?.date).toBe(BookingMessages.dayClosed(day, 'Snowstorm'));
    const board = await asAdmin(request(api.app).get(`/api/admin/schedule?week=${day}`));
    const boardDay = (board.body as AdminScheduleWeek).days.find((entry) => entry.date === day);
    expect(boardDay?.closedReason).toBe('Snowstorm');

    // The plan's visit moved by the plan's rule: the nearest open day of its week, same window.
    const moved = await BookingModel.findById(planVisit?.id);
    expect([moved?.date, moved?.time]).toEqual([addDays(day, -1), 'evening']);
    const movedMail = await mailSaying(plan.email, 'has moved to');
    const movedText = await everythingReadIn(movedMail);
    expect(movedText).toContain('(Snowstorm), so your visit has moved');
    const [movedEntry] = await calendarEntriesOf(movedMail);
    expect(movedEntry?.start.getTime()).toBe(
      torontoTimeToUtc(addDays(day, -1), findTimeWindow('evening')?.startHour ?? 0).getTime(),
    );

    // The others are offered the next open day, or a full refund, on their booking page.
    for (const customer of [taker, canceller]) {
      const mail = await mailSaying(customer.email, 'We are closed on');
      const text = await everythingReadIn(mail);
      expect(text).toContain('(Snowstorm)');
      expect(text).toContain('full refund');
      expect(text).toContain(`/bookings/manage?booking=${customer.id}`);
    }
    const offered = await managed(taker);
    expect(offered.closedDay).toEqual({
      date: day,
      reason: 'Snowstorm',
      offer: { date: addDays(day, 1), time: 'morning' },
    });
    expect(offered.refundOnCancel).toBe(true);
    // The day closed by us: the 24-hour rule no longer keeps the money.
    expect((await managed(canceller)).refundOnCancel).toBe(true);

    // One takes the day offered; the other cancels and gets the money back.
    const took = await request(api.app)
      .post(`/api/bookings/${taker.id}/reschedule`)
      .send({ token: taker.token, date: addDays(day, 1), time: 'morning' });
    expect(took.status, JSON.stringify(took.body)).toBe(200);
    expect((took.body.booking as ManagedBookingView).closedDay).toBeNull();
    const tookText = await everythingReadIn(await mailSaying(taker.email, 'has moved to'));
    expect(tookText).toContain('(Snowstorm), so your visit has moved');

    const cancelled = await request(api.app)
      .post(`/api/bookings/${canceller.id}/cancel`)
      .send({ token: canceller.token });
    expect(cancelled.status).toBe(200);
    await eventually(async () =>
      expect((await BookingModel.findById(canceller.id))?.status).toBe('refunded'),
    );

    // Opening the day again: bookable, and nothing is owed to a visit still on it.
    const list = await asAdmin(request(api.app).get('/api/admin/closures'));
    const listed = list.body as AdminClosureList;
    expect(listed.closures.map((closure) => closure.reason)).toEqual(['Snowstorm']);
    expect(listed.holidays.map((holiday) => holiday.name)).toContain('Christmas Day');
    const reopened = await asAdmin(
      request(api.app).delete(`/api/admin/closures/${listed.closures[0]?.id ?? ''}`),
    );
    expect(reopened.status).toBe(200);
    expect((await availability(day, day)).days[0]?.closedReason).toBeUndefined();
  });

  it('refuses a closure that is malformed, in the past or not an operator’s, storing nothing', async () => {
    const today = todayInToronto();
    const cases: [Record<string, unknown>, string][] = [
      [{ from: addDays(today, -1), reason: 'Storm' }, 'from'],
      [{ from: addDays(today, 5), to: addDays(today, 4), reason: 'Storm' }, 'to'],
      [{ from: addDays(today, 5), to: addDays(today, 60), reason: 'Storm' }, 'to'],
      [{ from: addDays(today, 5), reason: '' }, 'reason'],
      [{ from: addDays(today, 5), reason: 'Storm\nBCC: x@example.test' }, 'reason'],
      [{ from: '2027-02-30', reason: 'Storm' }, 'from'],
    ];
    const before = await ClosureModel.countDocuments();
    for (const [body, field] of cases) {
      const answer = await asAdmin(request(api.app).post('/api/admin/closures').send(body));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields?.[field], JSON.stringify(answer.body)).toBeTruthy();
    }
    const customer = await signUp(api.app, 'calendar-Passw0rd!');
    const stranger = await request(api.app)
      .post('/api/admin/closures')
      .set('Authorization', `Bearer ${customer.token}`)
      .send({ from: addDays(today, 5), reason: 'Storm' });
    expect(stranger.status).toBe(403);
    const nobody = await request(api.app)
      .post('/api/admin/closures')
      .send({ from: addDays(today, 5), reason: 'Storm' });
    expect(nobody.status).toBe(401);
    expect(await ClosureModel.countDocuments()).toBe(before);

    // A closure already begun cannot be taken back.
    const begun = await asAdmin(
      request(api.app).post('/api/admin/closures').send({ from: today, reason: 'Staff day' }),
    );
    expect(begun.status).toBe(201);
    const reopen = await asAdmin(
      request(api.app).delete(`/api/admin/closures/${begun.body.closure.id as string}`),
    );
    expect(reopen.status).toBe(409);
    const unknown = await asAdmin(request(api.app).delete('/api/admin/closures/nothing-here'));
    expect(unknown.status).toBe(404);
  });
});
