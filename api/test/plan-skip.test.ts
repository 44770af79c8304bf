import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel, type BookingDocument } from '../src/bookings/booking-model';
import { SlotModel } from '../src/bookings/slot-model';
import { timeLabel } from '../src/domain/booking/booking-schema';
import { BOOKING_STATUS_LABELS } from '../src/domain/booking/booking-status';
import { findTimeWindow } from '../src/domain/booking/catalogue';
import { addDays, longDate, torontoTimeToUtc } from '../src/domain/calendar/toronto-date';
import { PlanMessages } from '../src/domain/subscription/plan-messages';
import type { MailDetail } from '../src/dev-mailbox/mailbox-client';
import { QueueName } from '../src/jobs/job-definitions';
import { signUp } from '../../tests/support/accounts';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { calendarEntriesOf, type CalendarEntry } from '../../tests/support/calendar-mail';
import { mailbox } from '../../tests/support/mailbox';
import { activePlan } from '../../tests/support/plans';
import { eventually } from '../../tests/support/poll';
import { jobsSettled } from '../../tests/support/settled-jobs';
import { testEnv } from '../../tests/support/test-env';

const PASSWORD = 'plan-skip-Passw0rd!';

/**
 * A plan's visit its customer skips reads as skipped everywhere, never as a cancelled booking:
 * its status, the manage page's answer, its own email (the plan goes on, the next visit), and the
 * calendar entry that takes it out. A plan an operator ends takes its visits out of the calendar.
 */
describe('skipping a visit of a Monthly Visit plan', () => {
  const env = testEnv({
    LOG_LEVEL: 'info',
    FORM_RATE_LIMIT_MAX: '1000',
    AUTH_RATE_LIMIT_MAX: '1000',
    SLOT_CAPACITY: '20',
  });
  let api: ApiHarness;
  let product: ProductHarness;
  let admin: string;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
    admin = (await signUp(api.app, PASSWORD, 'admin')).token;
  });
  afterAll(async () => {
    await product.close();
  });

  const visitsOf = (planId: string) =>
    BookingModel.find({ subscriptionId: planId, periodIndex: 0 }).sort({ visitIndex: 1 });

  /** A paid plan and its first month's email, whose four calendar files are its visits'. */
  async function paidPlan() {
    const owner = await signUp(api.app, PASSWORD);
    const plan = await activePlan(api.app, { email: owner.email }, owner.token);
    // The account's welcome goes to the same address: the month's email is the one with visits.
    const period = await mailSaying(plan.email, 'Your Monthly Visit plan: 4 visits');
    const entries = await calendarEntriesOf(period);
    expect(entries.map((entry) => entry.method)).toEqual(Array(4).fill('PUBLISH'));
    return { plan, owner, entries, visits: await visitsOf(plan.id) };
  }

  /** The calendar file the customer was sent for `visit`: the one at its window. */
  function sentFor(entries: CalendarEntry[], visit: BookingDocument): CalendarEntry {
    const start = torontoTimeToUtc(
      visit.date,
      findTimeWindow(visit.time)?.startHour ?? 0,
    ).getTime();
    const entry = entries.find((candidate) => candidate.start.getTime() === start);
    if (!entry) throw new Error(`no calendar file for ${visit.date}`);
    return entry;
  }

  async function mailSaying(email: string, words: string): Promise<MailDetail> {
    let found: MailDetail | undefined;
    await eventually(async () => {
      const summary = (await mailbox().list({ to: email })).find((mail) =>
        mail.Subject.includes(words),
      );
      expect(summary, `an email saying "${words}"`).toBeDefined();
      found = await mailbox().get(summary?.ID ?? '');
    });
    if (!found) throw new Error('unreachable');
    return found;
  }

  it('reads as skipped on every screen, says the plan goes on, and takes the visit out of the calendar', async () => {
    const { plan, owner, entries, visits } = await paidPlan();
    const [first, second] = visits;
    if (!first || !second) throw new Error('the plan has no visits');
    const secondId = second.id as string;
    const nextVisit = `${longDate(first.date)}, ${timeLabel(first.time)}`;

    const skipped = await request(api.app)
      .post(`/api/bookings/${secondId}/cancel`)
      .send({ token: plan.token });
    expect(skipped.status).toBe(200);
    // The manage page's banner: skipped, and what comes next; not "Your booking has been cancelled."
    expect(skipped.body.message).toBe(
      `This visit is skipped. Your plan goes on: your next visit is ${nextVisit}.`,
    );
    expect(skipped.body.booking.status).toBe('skipped');
    expect(BOOKING_STATUS_LABELS[skipped.body.booking.status as 'skipped']).toBe('Skipped');
    const planVisits = skipped.body.booking.monthlyPlan.visits as { id: string; status: string }[];
    expect(planVisits.find((visit) => visit.id === secondId)?.status).toBe('skipped');
    // Its place is free again, and no refund is asked for.
    const slot = await SlotModel.findOne({ date: second.date, time: second.time }).lean();
    expect(slot?.holders ?? []).not.toContain(secondId);

    // The account's list (the dashboard) and the operators' list (the console) say skipped too.
    const mine = await request(api.app)
      .get('/api/me/bookings')
      .set('Authorization', `Bearer ${owner.token}`);
    const listed = (mine.body.bookings as { id: string; status: string }[]).find(
      (booking) => booking.id === secondId,
    );
    expect(listed?.status).toBe('skipped');
    const plans = await request(api.app)
      .get('/api/admin/plans')
      .set('Authorization', `Bearer ${admin}`);
    const row = (
      plans.body.plans as { id: string; upcomingVisits: { id: string; status: string }[] }[]
    ).find((entry) => entry.id === plan.id);
    expect(row?.upcomingVisits.find((visit) => visit.id === secondId)?.status).toBe('skipped');
    const bookings = await request(api.app)
      .get(`/api/admin/bookings?status=skipped`)
      .set('Authorization', `Bearer ${admin}`);
    expect(bookings.status).toBe(200);
    expect((bookings.body.bookings as { id: string }[]).map((booking) => booking.id)).toContain(
      secondId,
    );

    // Its own email: skipped, the plan goes on, the next visit; no invitation to book again.
    const mail = await mailSaying(plan.email, 'skipped');
    expect(mail.Subject).toBe(`Visit on ${longDate(second.date)} skipped (${second.reference})`);
    expect(mail.Text).toContain(`Your plan goes on: your next visit is ${nextVisit}.`);
    expect(mail.Text).toContain('A skipped visit is not refunded');
    expect(mail.Text).not.toMatch(/book another visit/i);
    expect(mail.Text).not.toMatch(/cancelled/i);
    expect(mail.Text).toContain(`booking=${plan.id}&token=`);
    const [cancel, ...more] = await calendarEntriesOf(mail);
    expect(more).toEqual([]);
    const sent = sentFor(entries, second);
    expect(cancel).toMatchObject({
      method: 'CANCEL',
      contentTypeMethod: 'CANCEL',
      status: 'CANCELLED',
      uid: sent.uid,
    });
    expect(cancel?.sequence).toBeGreaterThan(sent.sequence);

    await jobsSettled(api.context.jobs);
    const refund = await api.context.jobs.queue(QueueName.Bookings).getJob(`refund-${secondId}`);
    expect(refund).toBeUndefined();
    const subjects = (await mailbox().list({ to: plan.email })).map((entry) => entry.Subject);
    expect(subjects.filter((subject) => subject.includes('is cancelled'))).toEqual([]);
    // A skipped visit is skipped for good: a second skip says so.
    const again = await request(api.app)
      .post(`/api/bookings/${secondId}/cancel`)
      .send({ token: plan.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(PlanMessages.cannotSkip);
  });

  it('takes a moved visit out with a SEQUENCE above its move', async () => {
    const { plan, entries, visits } = await paidPlan();
    const third = visits[2];
    if (!third) throw new Error('the plan has no third visit');
    const thirdId = third.id as string;
    const moved = await request(api.app)
      .post(`/api/bookings/${thirdId}/reschedule`)
      .send({ token: plan.token, date: addDays(third.date, 1), time: 'evening' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [update] = await calendarEntriesOf(await mailSaying(plan.email, 'has moved to'));
    expect(update?.uid).toBe(sentFor(entries, third).uid);
    expect(update?.sequence).toBeGreaterThan(0);

    const skipped = await request(api.app)
      .post(`/api/bookings/${thirdId}/cancel`)
      .send({ token: plan.token });
    expect(skipped.status).toBe(200);
    const [cancel] = await calendarEntriesOf(await mailSaying(plan.email, 'skipped'));
    expect(cancel).toMatchObject({ method: 'CANCEL', uid: update?.uid });
    expect(cancel?.sequence).toBeGreaterThan(update?.sequence ?? Infinity);
  });

  it('a plan an operator ends takes each of its visits still to come out of the calendar', async () => {
    const { plan, entries, visits } = await paidPlan();
    const cancelled = await request(api.app)
      .post(`/api/admin/plans/${plan.id}/cancel`)
      .set('Authorization', `Bearer ${admin}`);
    expect(cancelled.status).toBe(200);
    const ended = await mailSaying(plan.email, 'has ended');
    const cancels = await calendarEntriesOf(ended);
    expect(cancels).toHaveLength(visits.length);
    for (const visit of visits) {
      const sent = sentFor(entries, visit);
      const cancel = cancels.find((entry) => entry.uid === sent.uid);
      expect(cancel, `a cancel for ${visit.date}`).toMatchObject({
        method: 'CANCEL',
        status: 'CANCELLED',
      });
      expect(cancel?.sequence).toBeGreaterThan(sent.sequence);
      expect(ended.Text).toContain(longDate(visit.date));
    }
  });
});
