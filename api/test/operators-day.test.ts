import type { Job } from 'bullmq';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminMessages } from '../src/domain/admin/admin-messages';
import { BookingModel } from '../src/bookings/booking-model';
import { SlotModel } from '../src/bookings/slot-model';
import { REVIEW_REQUEST_HOUR } from '../src/bookings/visit-times';
import type { AdminBookingView, AdminScheduleWeek } from '../src/domain/admin/admin-views';
import { BookingMessages } from '../src/domain/booking/booking-schema';
import {
  addDays,
  todayInToronto,
  torontoTimeToUtc,
  weekdayOf,
} from '../src/domain/calendar/toronto-date';
import { QueueName } from '../src/jobs/job-definitions';
import { signUp } from '../../tests/support/accounts';
import { startApiAndWorkers, type ProductHarness } from '../../tests/support/api-harness';
import {
  bookingFields,
  isWorkingDay,
  withFields,
  workingDay,
} from '../../tests/support/booking-form';
import { visitMadeOnClosedDay } from '../../tests/support/done-visits';
import { waitForMail } from '../../tests/support/mailbox';
import { testEmail, testEnv } from '../../tests/support/test-env';

/**
 * The operator's day through the API, with the real workers: crews sent to visits, an estimate's
 * site visit booked, visits marked done or missed, a missed one made on another day.
 */

interface Booked {
  id: string;
  reference: string;
  token: string;
  email: string;
}

describe("the operator's day", () => {
  let product: ProductHarness;
  let admin: string;
  const bearer = () => ({ Authorization: `Bearer ${admin}` });
  // A Tuesday far enough ahead that only this file's bookings are on it.
  const ahead = workingDay(addDays(todayInToronto(), 230));
  const tuesday = addDays(ahead, (2 - weekdayOf(ahead) + 7) % 7);

  beforeAll(async () => {
    product = await startApiAndWorkers(
      testEnv({
        CREW_NAMES: 'Crew A, Crew B',
        FORM_RATE_LIMIT_MAX: '1000',
        AUTH_RATE_LIMIT_MAX: '1000',
        UNPAID_HOLDS_PER_CONTACT: '10',
      }),
    );
    admin = (await signUp(product.api.app, 'operators-Passw0rd!', 'admin')).token;
  });
  afterAll(async () => {
    await product.close();
  });

  const app = () => product.api.app;

  async function book(fields: Record<string, string>): Promise<Booked> {
    const email = testEmail('operators-day');
    const answer = await withFields(
      request(app()).post('/api/bookings'),
      bookingFields({ email, ...fields }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const body = answer.body as { booking: { id: string; reference: string }; token: string };
    return { ...body.booking, token: body.token, email };
  }

  const week = async (day: string) => {
    const answer = await request(app()).get(`/api/admin/schedule?week=${day}`).set(bearer());
    expect(answer.status).toBe(200);
    return answer.body as AdminScheduleWeek;
  };
  const sendCrew = (id: string, crewId: string | null) =>
    request(app()).put(`/api/admin/bookings/${id}/crew`).set(bearer()).send({ crewId });
  const schedule = (id: string, date: string, time: string) =>
    request(app()).post(`/api/admin/bookings/${id}/schedule`).set(bearer()).send({ date, time });
  const mark = (id: string, status: string) =>
    request(app()).patch(`/api/admin/bookings/${id}`).set(bearer()).send({ status });
  const crewOf = async (id: string) => (await BookingModel.findById(id))?.crewId ?? null;

  it('names the crews, whose number is each window’s capacity, and sends one per visit per window', async () => {
    const first = await book({ date: tuesday, time: 'morning' });
    const second = await book({ date: tuesday, time: 'morning' });
    const board = await week(tuesday);
    expect(board.crews).toEqual([
      { id: 'crew-a', name: 'Crew A' },
      { id: 'crew-b', name: 'Crew B' },
    ]);
    expect(board.capacity).toBe(2);
    // Two crews, two places: a third visit of the window is refused.
    const third = await withFields(
      request(app()).post('/api/bookings'),
      bookingFields({ date: tuesday, time: 'morning' }),
    );
    expect(third.status).toBe(409);

    const sent = await sendCrew(first.id, 'crew-a');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      booking: { id: first.id, crewId: 'crew-a' },
      message: AdminMessages.crewAssigned('Crew A', first.reference),
    });
    // Crew A is in one place at a time.
    const busy = await sendCrew(second.id, 'crew-a');
    expect(busy.status).toBe(409);
    expect(busy.body.error).toBe(AdminMessages.crewBusy('Crew A', tuesday));
    expect(await crewOf(second.id)).toBeNull();
    expect((await sendCrew(second.id, 'crew-b')).status).toBe(200);
    const unknown = await sendCrew(second.id, 'crew-z');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ crewId: AdminMessages.unknownCrew });
    expect(await crewOf(second.id)).toBe('crew-b');
    const missing = await sendCrew('0123456789abcdef0123456789abcdef', 'crew-a');
    expect(missing.status).toBe(404);

    const morning = (await week(tuesday)).days[1]?.windows[0];
    expect(morning?.visits.map((visit) => [visit.booking.id, visit.booking.crewId])).toEqual([
      [first.id, 'crew-a'],
      [second.id, 'crew-b'],
    ]);

    // Called off, a visit frees its crew; moved, it loses it (the crew was for the old window).
    const cancel = await request(app())
      .post(`/api/bookings/${first.id}/cancel`)
      .send({ token: first.token });
    expect(cancel.status).toBe(200);
    expect(await crewOf(first.id)).toBeNull();
    const replacement = await book({ date: tuesday, time: 'morning' });
    expect((await sendCrew(replacement.id, 'crew-a')).status).toBe(200);
    const moved = await request(app())
      .post(`/api/bookings/${second.id}/reschedule`)
      .send({ token: second.token, date: tuesday, time: 'evening' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await crewOf(second.id)).toBeNull();
    expect((await sendCrew(second.id, null)).body.message).toBe(
      AdminMessages.crewAssigned(null, second.reference),
    );
  });

  it("books an estimate's site visit at the time the operator picks, and tells the customer", async () => {
    const wednesday = addDays(tuesday, 1);
    const estimate = await book({
      date: wednesday,
      service: 'Free Construction Estimate',
      plan: 'Custom Estimate',
    });
    let day = (await week(wednesday)).days[2];
    expect(day?.estimates.map((visit) => visit.booking.id)).toEqual([estimate.id]);
    // Still a request: it has no window of its own for a crew yet.
    const early = await sendCrew(estimate.id, 'crew-a');
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(AdminMessages.notAVisit('estimate_requested'));
    const past = await schedule(estimate.id, addDays(todayInToronto(), -1), 'morning');
    expect(past.status).toBe(400);
    expect(past.body.fields).toEqual({ date: BookingMessages.dateInPast });

    const booked = await schedule(estimate.id, wednesday, 'afternoon');
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const view = booked.body.booking as AdminBookingView;
    expect(view).toMatchObject({ status: 'estimate_scheduled', time: 'afternoon' });
    expect(booked.body.message).toBe(
      AdminMessages.scheduled(view.reference, wednesday, view.timeLabel),
    );
    day = (await week(wednesday)).days[2];
    expect(day?.estimates).toEqual([]);
    const afternoon = day?.windows.find((window) => window.time === 'afternoon');
    expect(afternoon?.used).toBe(1);
    expect(afternoon?.visits.map((visit) => [visit.kind, visit.booking.id])).toEqual([
      ['estimate', estimate.id],
    ]);
    expect((await sendCrew(estimate.id, 'crew-b')).status).toBe(200);

    const mails = await waitForMail(estimate.email, { count: 2 });
    const notice = mails.find((mail) => mail.Subject.includes('site visit'));
    expect(notice?.Subject).toContain(view.reference);
    expect(notice?.Text).toContain(view.timeLabel);
    expect(notice?.Attachments.map((file) => file.FileName)).toEqual([
      `booking-${view.reference}.ics`,
    ]);
  });

  it('marks a visit done or no-show from its day on, asks for a review the next morning, and makes a missed visit again', async () => {
    const today = todayInToronto();
    // Working days: the business calendar refuses holidays (tests/support/booking-form.ts).
    const soon = workingDay(addDays(today, 2));
    const inThree = workingDay(addDays(today, 3));
    const inFour = workingDay(addDays(today, 4));
    const later = await book({ date: inThree, time: 'evening' });
    expect((await mark(later.id, 'paid')).status).toBe(200);
    const early = await mark(later.id, 'done');
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(AdminMessages.visitNotYetDue(inThree));

    // Today's windows close to customers as the day goes on: a visit today is booked ahead, paid,
    // and moved to today by the operator.
    // Each email is awaited at its step: a worker reads the booking as it stands when it sends,
    // so a notice of a date the visit has already left (or of a visit no longer paid) is dropped.
    const paidToday = async () => {
      const visit = await book({ date: inFour, time: 'evening' });
      expect((await mark(visit.id, 'paid')).status).toBe(200);
      await waitForMail(visit.email, { count: 1 });
      // On a public holiday nothing is moved onto today: the visit is put there directly.
      if (!isWorkingDay(today)) {
        await visitMadeOnClosedDay(visit.id, today);
        const list = await request(app()).get(`/api/admin/bookings?date=${today}`).set(bearer());
        const booking = (list.body.bookings as AdminBookingView[]).find(
          (entry) => entry.id === visit.id,
        );
        return { ...visit, answer: { body: { booking } } };
      }
      const moved = await schedule(visit.id, today, 'evening');
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const mails = await waitForMail(visit.email, { count: 2 });
      expect(mails.map((mail) => mail.Subject).join('\n')).toMatch(/has moved to/);
      return { ...visit, answer: moved };
    };
    const done = await paidToday();
    expect(done.answer.body.booking.allowedStatuses).toEqual(['cancelled', 'done', 'no_show']);
    const finished = await mark(done.id, 'done');
    expect(finished.status).toBe(200);
    expect(finished.body.booking).toMatchObject({ status: 'done', allowedStatuses: [] });
    const queue = product.api.context.jobs.queue(QueueName.BookingEmails);
    const job = (await queue.getJob(`review-request-${done.id}`)) as Job | undefined;
    expect(job?.data).toEqual({ bookingId: done.id });
    expect(await job?.getState()).toBe('delayed');
    const due = torontoTimeToUtc(addDays(today, 1), REVIEW_REQUEST_HOUR).getTime();
    expect(Math.abs((job?.timestamp ?? 0) + (job?.opts.delay ?? 0) - due)).toBeLessThan(60_000);
    // Done is done: the place stays used, and nothing moves it again.
    expect(await SlotModel.countDocuments({ holders: done.id })).toBe(1);
    expect((await mark(done.id, 'no_show')).status).toBe(409);
    expect((await schedule(done.id, soon, 'morning')).status).toBe(409);

    const missed = await paidToday();
    const noShow = await mark(missed.id, 'no_show');
    expect(noShow.status).toBe(200);
    expect(noShow.body.booking).toMatchObject({ status: 'no_show', allowedStatuses: ['done'] });
    const again = await schedule(missed.id, soon, 'morning');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.booking).toMatchObject({
      status: 'paid',
      date: soon,
      time: 'morning',
    });
    expect(await SlotModel.countDocuments({ holders: missed.id, date: soon })).toBe(1);
    expect(await SlotModel.countDocuments({ holders: missed.id, date: today })).toBe(0);
    // The confirmation, the move to today (none on a holiday, where it was put directly) and
    // the move away from it.
    const mails = await waitForMail(missed.email, { count: isWorkingDay(today) ? 3 : 2 });
    const soonNotice = mails.filter((mail) => /has moved to/.test(mail.Subject));
    expect(soonNotice.length).toBe(isWorkingDay(today) ? 2 : 1);
  });
});
