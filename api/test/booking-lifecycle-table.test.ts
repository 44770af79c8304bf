import type { Job } from 'bullmq';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminMessages } from '../src/domain/admin/admin-messages';
import { newBookingId } from '../src/bookings/booking-id';
import { BookingModel, type BookingDocument } from '../src/bookings/booking-model';
import type { BookingLifecycle } from '../src/bookings/lifecycle/booking-lifecycle';
import { BOOKING_EVENTS, type BookingEvent } from '../src/bookings/lifecycle/booking-moves';
import { refundCutoffFor } from '../src/bookings/lifecycle/refund-policy';
import { SlotModel } from '../src/bookings/slot-model';
import { BookingMessages, timeLabel } from '../src/domain/booking/booking-schema';
import { BOOKING_STATUSES, type BookingStatus } from '../src/domain/booking/booking-status';
import type { TimeWindowId } from '../src/domain/booking/catalogue';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import { DomainError, type DomainErrorKind } from '../src/domain/domain-error';
import { PlanMessages } from '../src/domain/subscription/plan-messages';
import { QueueName } from '../src/jobs/job-definitions';
import { referenceCode } from '../src/platform/reference-code';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { testEmail, testEnv } from '../../tests/support/test-env';

/**
 * Every (status, event) pair through the booking's lifecycle, against MongoDB and Redis: an
 * allowed move leaves the status, the place, the jobs and the history it promises; a refused one
 * says why and changes nothing. No workers run, so every job it queues is still on its queue.
 */

const ADMIN_ID = 'a0000000000000000000000a';
const PRICE = 14900;
const TIME: TimeWindowId = 'morning';
const MOVED_TIME: TimeWindowId = 'afternoon';

interface Seeded {
  id: string;
  date: string;
  /** Where `rescheduled` moves it: a day of its own, so no two cases share a window. */
  movedDate: string;
}

let nextDay = 40;
/** A day of its own for each booking, far enough ahead for a refund and a reminder. */
const freshDate = () => addDays(todayInToronto(), (nextDay += 1));

const HISTORY_TO: Record<BookingStatus, BookingStatus[]> = {
  estimate_requested: ['estimate_requested'],
  estimate_scheduled: ['estimate_requested', 'estimate_scheduled'],
  pending_payment: ['pending_payment'],
  payment_failed: ['pending_payment', 'payment_failed'],
  paid: ['pending_payment', 'paid'],
  cancelled: ['pending_payment', 'paid', 'cancelled'],
  // A plan's visit its customer skipped after its month was paid.
  skipped: ['pending_payment', 'paid', 'skipped'],
  // Cancelled first, then refunded: a repeat of the refund has nothing left to do.
  refunded: ['pending_payment', 'paid', 'cancelled', 'refunded'],
  done: ['pending_payment', 'paid', 'done'],
  no_show: ['pending_payment', 'paid', 'no_show'],
};

/** Statuses whose booking holds its window's place. */
const HOLDING: readonly BookingStatus[] = [
  'pending_payment',
  'payment_failed',
  'paid',
  'estimate_scheduled',
  'done',
  'no_show',
];

/**
 * Events whose bookings are a Monthly Visit plan's visits; a skipped booking is always one. A
 * plan's visit is skipped where any other booking is cancelled (customerCallOff).
 */
const PLAN_VISIT_EVENTS: readonly BookingEvent[] = ['skippedByCustomer'];
const planVisit = () => ({
  subscriptionId: newBookingId(),
  periodIndex: 0,
  visitIndex: 1,
  planId: 'monthly',
});

/** Events about how a visit went: their bookings are seeded for today, the first day they apply. */
const ON_THE_DAY: readonly BookingEvent[] = ['markedDoneByOperator', 'markedNoShowByOperator'];

/** A booking as the product leaves it in `status`: a place held while it holds one, paid by card. */
async function seed(
  api: ApiHarness,
  status: BookingStatus,
  changes: Record<string, unknown> = {},
  path = HISTORY_TO[status],
  date = freshDate(),
): Promise<Seeded> {
  const id = newBookingId();
  const estimate = path.includes('estimate_requested');
  const awaiting = status === 'pending_payment' || status === 'payment_failed';
  const paidOnce = path.includes('paid');
  const ago = new Date(Date.now() - 60_000);
  await BookingModel.create({
    _id: id,
    reference: referenceCode('HS'),
    name: 'Maya Singh',
    phone: '416 555 0199',
    phoneDigits: '4165550199',
    email: testEmail('lifecycle'),
    address: '12 Rosedale Ave',
    serviceId: estimate ? 'specialized-carpentry' : 'garden-maintenance',
    planId: estimate ? 'custom-estimate' : 'one-time',
    date,
    time: TIME,
    amountCents: estimate ? null : PRICE,
    status,
    // The payment timer has come due for an unpaid one.
    holdUntil: awaiting ? ago : null,
    holdLimit: awaiting ? ago : null,
    refundCutoff: estimate ? null : refundCutoffFor({ date, time: TIME }),
    payment: paidOnce
      ? {
          provider: 'test',
          intentId: `pi_${id}`,
          paidAt: ago,
          refundedAt: path.includes('refunded') ? ago : null,
        }
      : {},
    followUpsPending: false,
    ...(path.includes('cancelled') || path.includes('skipped')
      ? { cancelledAt: ago, cancelReason: 'customer' }
      : {}),
    ...(status === 'skipped' ? planVisit() : {}),
    history: path.map((to, index) => ({ from: path[index - 1] ?? null, to, by: 'seed', at: ago })),
    ...changes,
  });
  if (HOLDING.includes(status)) await api.context.slots.take(date, TIME, id);
  return { id, date, movedDate: freshDate() };
}

/** The booking, its place and its jobs: what an event may change. */
async function snapshot(api: ApiHarness, booking: Seeded) {
  const stored = await BookingModel.findById(booking.id).lean();
  const places = await SlotModel.find({ holders: booking.id }).lean();
  return {
    booking: JSON.parse(JSON.stringify(stored)) as unknown,
    places: places.map((slot) => `${slot.date} ${slot.time}`),
    jobs: await jobsOf(api, booking.id),
  };
}

/** The jobs queued for a booking, by id, with their payloads. */
async function jobsOf(api: ApiHarness, bookingId: string): Promise<Record<string, unknown>> {
  const found: Record<string, unknown> = {};
  for (const name of [QueueName.BookingEmails, QueueName.Bookings]) {
    const queued: Job[] = await api.context.jobs
      .queue(name)
      .getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed']);
    for (const job of queued) {
      const data = job.data as { bookingId?: string };
      if (data.bookingId === bookingId && job.id) found[job.id] = job.data;
    }
  }
  return found;
}

type Jobs = (booking: Seeded) => Record<string, unknown>;
const noJobs: Jobs = () => ({});
const confirmation: Jobs = ({ id, date }) => ({
  [`confirmation-${id}`]: { bookingId: id },
  [`reminder-${id}-${date}-${TIME}`]: { bookingId: id, date, time: TIME },
});
/** A plan's visit is confirmed by the period's email: each visit queues its reminder alone. */
const reminderOnly: Jobs = ({ id, date }) => ({
  [`reminder-${id}-${date}-${TIME}`]: { bookingId: id, date, time: TIME },
});
/** A refund's email is a job of its own: the cancel's may have gone out saying none was due. */
const cancelledEmail =
  (refund: boolean): Jobs =>
  ({ id }) => ({ [`${refund ? 'cancelled-refund' : 'cancelled'}-${id}`]: { bookingId: id } });
const refund: Jobs = ({ id }) => ({ [`refund-${id}`]: { bookingId: id } });
const both =
  (...all: Jobs[]): Jobs =>
  (booking) =>
    Object.assign({}, ...all.map((jobs) => jobs(booking))) as Record<string, unknown>;
const rescheduledEmails: Jobs = ({ id, movedDate }) => ({
  [`rescheduled-${id}-${movedDate}-${MOVED_TIME}`]: {
    bookingId: id,
    date: movedDate,
    time: MOVED_TIME,
  },
  [`reminder-${id}-${movedDate}-${MOVED_TIME}`]: {
    bookingId: id,
    date: movedDate,
    time: MOVED_TIME,
  },
});

interface Allowed {
  to: BookingStatus;
  /** What the lifecycle answers its caller, a booking in it by its status (`shape`). */
  answer: unknown;
  /** A repeat: the booking is left as it was, and only the effects are made good. */
  repeat?: true;
  /** Whether the booking holds a place in its window (the new one, after a reschedule). */
  place: 'held' | 'free';
  jobs: Jobs;
  /** The history entry the event adds; none for a repeat. */
  history?: { from: BookingStatus; to: BookingStatus; by: string };
  /** The fields the event sets besides the status. */
  fields?: (stored: BookingDocument) => void;
}

type Refused =
  | { refused: DomainErrorKind; message: string }
  /** The provider's and the timer's events are not errors: they answer what they left. */
  | { kept: string }
  /** Thrown so the job's retries apply it later. */
  | { fails: RegExp };

type Expected = Allowed | Refused;

/** How each event is applied, as its caller applies it. */
const APPLY: Record<BookingEvent, (lifecycle: BookingLifecycle, b: Seeded) => Promise<unknown>> = {
  paymentSucceeded: (l, b) =>
    l.paymentSucceeded(b.id, { intentId: `pi_${b.id}`, sessionId: null }, 'payment-event:evt_1'),
  paymentFailed: (l, b) =>
    l.paymentFailed(b.id, { reason: 'card_declined', intentId: null }, 'payment-event:evt_2'),
  refundConfirmed: (l, b) =>
    l.refundConfirmed({ bookingId: b.id, intentId: null }, 'payment-event:evt_3'),
  holdExpired: (l, b) => l.holdExpired(b.id),
  visitPaid: (l, b) => l.visitPaid(b.id, 'payment-event:evt_4'),
  visitReleased: (l, b) => l.visitReleased(b.id, 'plan-ended', 'payment-event:evt_5'),
  cancelledByCustomer: (l, b) => l.cancelledByCustomer(b.id, 'customer'),
  // The same call as a cancel: the booking being a plan's visit (PLAN_VISIT_EVENTS) makes it a skip.
  skippedByCustomer: (l, b) => l.cancelledByCustomer(b.id, 'customer'),
  rescheduled: (l, b) => l.rescheduled(b.id, b.movedDate, MOVED_TIME),
  cancelledByOperator: (l, b) => l.movedByOperator(b.id, 'cancelled', ADMIN_ID),
  markedPaidByOperator: (l, b) => l.movedByOperator(b.id, 'paid', ADMIN_ID),
  markedPaymentFailedByOperator: (l, b) => l.movedByOperator(b.id, 'payment_failed', ADMIN_ID),
  markedAwaitingPaymentByOperator: (l, b) => l.movedByOperator(b.id, 'pending_payment', ADMIN_ID),
  refundRequested: (l, b) => l.movedByOperator(b.id, 'refunded', ADMIN_ID),
  // The board's one way to put a booking in a window: an estimate's site visit is booked, any
  // other booking is moved as the operator's reschedule.
  siteVisitScheduled: (l, b) =>
    l.scheduledByOperator(b.id, { date: b.movedDate, time: MOVED_TIME }, ADMIN_ID),
  markedDoneByOperator: (l, b) => l.movedByOperator(b.id, 'done', ADMIN_ID),
  markedNoShowByOperator: (l, b) => l.movedByOperator(b.id, 'no_show', ADMIN_ID),
};

const ADMIN = `admin:${ADMIN_ID}`;
const kept = (status: BookingStatus): Refused => ({ kept: `kept ${status}` });
const cannotCancel: Refused = { refused: 'conflict', message: BookingMessages.cannotCancel };
const cannotSkip: Refused = { refused: 'conflict', message: PlanMessages.cannotSkip };
const cannotReschedule: Refused = {
  refused: 'conflict',
  message: BookingMessages.cannotReschedule,
};
/**
 * What an operator may still pick from each seeded status (a card payment is on record), for a
 * visit still to come; from its day on, a visit may also be marked done or no-show.
 */
const OPERATOR_TARGETS: Record<BookingStatus, BookingStatus[]> = {
  estimate_requested: ['cancelled'],
  estimate_scheduled: ['cancelled'],
  pending_payment: ['paid', 'payment_failed', 'cancelled'],
  payment_failed: ['pending_payment', 'paid', 'cancelled'],
  paid: ['cancelled', 'refunded'],
  cancelled: ['refunded'],
  skipped: [],
  refunded: [],
  done: [],
  no_show: [],
};
const ON_THE_DAY_TARGETS: Partial<Record<BookingStatus, BookingStatus[]>> = {
  estimate_scheduled: ['cancelled', 'done'],
  paid: ['cancelled', 'refunded', 'done', 'no_show'],
  no_show: ['done'],
};
const cannotMove =
  (to: BookingStatus, onTheDay = false) =>
  (from: BookingStatus): Refused => ({
    refused: 'conflict',
    message: AdminMessages.cannotMove(
      from,
      to,
      (onTheDay ? ON_THE_DAY_TARGETS[from] : undefined) ?? OPERATOR_TARGETS[from],
    ),
  });
const cannotSchedule = (status: BookingStatus): Refused => ({
  refused: 'conflict',
  message: AdminMessages.cannotSchedule(status),
});

const paidBy = (from: BookingStatus, by: string, answer: unknown): Allowed => ({
  to: 'paid',
  answer,
  place: 'held',
  jobs: confirmation,
  history: { from, to: 'paid', by },
  fields: (stored) => {
    expect(stored.holdUntil).toBeNull();
    expect(stored.payment.paidAt).toBeInstanceOf(Date);
  },
});
const cancelledBy = (from: BookingStatus, by: string, answer: unknown): Allowed => ({
  to: 'cancelled',
  answer,
  place: 'free',
  jobs: cancelledEmail(false),
  history: { from, to: 'cancelled', by },
  fields: (stored) => {
    expect(stored.cancelReason).toBe(by === 'customer' ? 'customer' : 'admin');
    expect(stored.payment.refundRequestedAt).toBeNull();
  },
});
const released = (from: BookingStatus): Allowed => ({
  to: 'cancelled',
  answer: 'released',
  place: 'free',
  jobs: noJobs,
  history: { from, to: 'cancelled', by: 'payment-timeout' },
  fields: (stored) => expect(stored.cancelReason).toBe('unpaid'),
});
const rescheduledStay = (status: BookingStatus, place: 'held' | 'free'): Allowed => ({
  to: status,
  answer: { status },
  place,
  jobs: status === 'paid' ? rescheduledEmails : noJobs,
  history: { from: status, to: status, by: `reschedule:{date}-${TIME}` },
  fields: (stored) => {
    expect(stored.time).toBe(MOVED_TIME);
  },
});
/** A plan's visit skipped: its place freed, never refunded, the skip's own email queued. */
const skippedBy = (from: BookingStatus): Allowed => ({
  to: 'skipped',
  answer: { booking: { status: 'skipped' }, refund: false },
  place: 'free',
  jobs: cancelledEmail(false),
  history: { from, to: 'skipped', by: 'customer' },
  fields: (stored) => {
    expect(stored.cancelReason).toBe('customer');
    expect(stored.payment.refundRequestedAt).toBeNull();
  },
});
const byCustomer = (from: BookingStatus) =>
  cancelledBy(from, 'customer', { booking: { status: 'cancelled' }, refund: false });
const byOperator = (from: BookingStatus) =>
  cancelledBy(from, ADMIN, { booking: { status: 'cancelled' }, refundRequested: false });
const operatorAnswer = (status: BookingStatus) => ({
  booking: { status },
  refundRequested: false,
});

/** An operator's correction between the two unpaid statuses: the place stays, nothing is sent. */
const markedByOperator = (from: BookingStatus, to: BookingStatus): Allowed => ({
  to,
  answer: operatorAnswer(to),
  place: 'held',
  jobs: noJobs,
  history: { from, to, by: ADMIN },
});

/** The notice of an estimate's site visit, at its new window. */
const siteVisitEmail: Jobs = ({ id, movedDate }) => ({
  [`site-visit-${id}-${movedDate}-${MOVED_TIME}`]: {
    bookingId: id,
    date: movedDate,
    time: MOVED_TIME,
  },
});
const reviewRequest: Jobs = ({ id }) => ({ [`review-request-${id}`]: { bookingId: id } });

/** An operator's move of a booking to another window from the schedule board. */
const movedByOperator = (from: BookingStatus, to: BookingStatus, jobs: Jobs): Allowed => ({
  to,
  answer: { status: to },
  place: 'held',
  jobs,
  history: { from, to, by: `${ADMIN}:reschedule:{date}-${TIME}` },
  fields: (stored) => expect(stored.time).toBe(MOVED_TIME),
});

/** A visit's end, marked on its day: the place stays taken, the window was used. */
const visitEnded = (from: BookingStatus, to: BookingStatus, jobs: Jobs = noJobs): Allowed => ({
  to,
  answer: operatorAnswer(to),
  place: 'held',
  jobs,
  history: { from, to, by: ADMIN },
});

/** Refunded at the provider after the visit: nothing else is undone or sent. */
const refundedAfterVisit = (from: BookingStatus): Allowed => ({
  to: 'refunded',
  answer: 'refunded',
  place: 'held',
  jobs: noJobs,
  history: { from, to: 'refunded', by: 'payment-event:evt_3' },
  fields: (stored) => expect(stored.payment.refundedAt).toBeInstanceOf(Date),
});

/** A plan's visit paid with its month: as any payment, but its confirmation is the month's. */
const visitPaidFrom = (from: BookingStatus): Allowed => ({
  ...paidBy(from, 'payment-event:evt_4', 'paid'),
  jobs: reminderOnly,
});
const planEnded = (from: BookingStatus): Allowed => ({
  to: 'cancelled',
  answer: 'released',
  place: 'free',
  jobs: noJobs,
  history: { from, to: 'cancelled', by: 'payment-event:evt_5' },
  fields: (stored) => expect(stored.cancelReason).toBe('plan-ended'),
});

/** The table the lifecycle must keep, written out by hand from what the product promises. */
const EXPECTED: Record<BookingEvent, Record<BookingStatus, Expected>> = {
  paymentSucceeded: {
    estimate_requested: kept('estimate_requested'),
    pending_payment: paidBy('pending_payment', 'payment-event:evt_1', 'paid'),
    payment_failed: paidBy('payment_failed', 'payment-event:evt_1', 'paid'),
    // A repeat writes nothing, and queues the emails again under the same ids.
    paid: { to: 'paid', answer: 'already paid', place: 'held', jobs: confirmation, repeat: true },
    cancelled: {
      to: 'cancelled',
      answer: 'late payment refunded',
      place: 'free',
      jobs: both(refund, cancelledEmail(true)),
      fields: (stored) => expect(stored.payment.refundRequestedAt).toBeInstanceOf(Date),
    },
    skipped: kept('skipped'),
    refunded: kept('refunded'),
    estimate_scheduled: kept('estimate_scheduled'),
    done: kept('done'),
    no_show: kept('no_show'),
  },
  paymentFailed: {
    estimate_requested: kept('estimate_requested'),
    pending_payment: {
      to: 'payment_failed',
      answer: 'payment_failed',
      place: 'held',
      jobs: noJobs,
      history: { from: 'pending_payment', to: 'payment_failed', by: 'payment-event:evt_2' },
      fields: (stored) => expect(stored.payment.failureReason).toBe('card_declined'),
    },
    payment_failed: kept('payment_failed'),
    paid: kept('paid'),
    cancelled: kept('cancelled'),
    skipped: kept('skipped'),
    refunded: kept('refunded'),
    estimate_scheduled: kept('estimate_scheduled'),
    done: kept('done'),
    no_show: kept('no_show'),
  },
  refundConfirmed: {
    estimate_requested: kept('estimate_requested'),
    pending_payment: { fails: /arrived before its payment/ },
    payment_failed: { fails: /arrived before its payment/ },
    paid: {
      to: 'refunded',
      answer: 'refunded',
      place: 'free',
      jobs: cancelledEmail(true),
      history: { from: 'paid', to: 'refunded', by: 'payment-event:evt_3' },
      fields: (stored) => expect(stored.payment.refundedAt).toBeInstanceOf(Date),
    },
    cancelled: {
      to: 'refunded',
      answer: 'refunded',
      place: 'free',
      jobs: cancelledEmail(true),
      history: { from: 'cancelled', to: 'refunded', by: 'payment-event:evt_3' },
    },
    // Its money given back at the provider: recorded, nothing else to undo.
    skipped: {
      to: 'refunded',
      answer: 'refunded',
      place: 'free',
      jobs: noJobs,
      history: { from: 'skipped', to: 'refunded', by: 'payment-event:evt_3' },
    },
    refunded: kept('refunded'),
    estimate_scheduled: kept('estimate_scheduled'),
    done: refundedAfterVisit('done'),
    no_show: refundedAfterVisit('no_show'),
  },
  holdExpired: {
    estimate_requested: { kept: 'kept' },
    pending_payment: released('pending_payment'),
    payment_failed: released('payment_failed'),
    paid: { kept: 'kept' },
    // A retry after a crash: gives back a place that may still be held, and writes nothing.
    cancelled: { to: 'cancelled', answer: 'released', place: 'free', jobs: noJobs, repeat: true },
    skipped: { to: 'skipped', answer: 'released', place: 'free', jobs: noJobs, repeat: true },
    refunded: { to: 'refunded', answer: 'released', place: 'free', jobs: noJobs, repeat: true },
    estimate_scheduled: { kept: 'kept' },
    done: { kept: 'kept' },
    no_show: { kept: 'kept' },
  },
  visitPaid: {
    estimate_requested: kept('estimate_requested'),
    pending_payment: visitPaidFrom('pending_payment'),
    payment_failed: visitPaidFrom('payment_failed'),
    paid: { to: 'paid', answer: 'already paid', place: 'held', jobs: reminderOnly, repeat: true },
    // Skipped by its customer (the seed's cancel is theirs): a later payment does not bring it back.
    cancelled: kept('cancelled'),
    // Skipped by its customer: a later payment does not bring it back.
    skipped: kept('skipped'),
    refunded: kept('refunded'),
    estimate_scheduled: kept('estimate_scheduled'),
    done: kept('done'),
    no_show: kept('no_show'),
  },
  visitReleased: {
    estimate_requested: kept('estimate_requested'),
    pending_payment: planEnded('pending_payment'),
    payment_failed: planEnded('payment_failed'),
    paid: planEnded('paid'),
    cancelled: { to: 'cancelled', answer: 'released', place: 'free', jobs: noJobs, repeat: true },
    skipped: kept('skipped'),
    refunded: kept('refunded'),
    estimate_scheduled: kept('estimate_scheduled'),
    done: kept('done'),
    no_show: kept('no_show'),
  },
  cancelledByCustomer: {
    estimate_requested: byCustomer('estimate_requested'),
    pending_payment: byCustomer('pending_payment'),
    payment_failed: byCustomer('payment_failed'),
    paid: {
      to: 'cancelled',
      answer: { booking: { status: 'cancelled' }, refund: true },
      place: 'free',
      jobs: both(cancelledEmail(true), refund),
      history: { from: 'paid', to: 'cancelled', by: 'customer' },
      fields: (stored) => expect(stored.payment.refundRequestedAt).toBeInstanceOf(Date),
    },
    cancelled: cannotCancel,
    skipped: cannotSkip,
    refunded: cannotCancel,
    estimate_scheduled: byCustomer('estimate_scheduled'),
    done: cannotCancel,
    no_show: cannotCancel,
  },
  skippedByCustomer: {
    estimate_requested: cannotSkip,
    pending_payment: skippedBy('pending_payment'),
    payment_failed: skippedBy('payment_failed'),
    // Never refunded, however far ahead: the plan's month is paid as a whole.
    paid: skippedBy('paid'),
    cancelled: cannotSkip,
    skipped: cannotSkip,
    refunded: cannotSkip,
    estimate_scheduled: cannotSkip,
    done: cannotSkip,
    no_show: cannotSkip,
  },

  rescheduled: {
    estimate_requested: rescheduledStay('estimate_requested', 'free'),
    pending_payment: rescheduledStay('pending_payment', 'held'),
    payment_failed: rescheduledStay('payment_failed', 'held'),
    paid: rescheduledStay('paid', 'held'),
    cancelled: cannotReschedule,
    skipped: cannotReschedule,
    refunded: cannotReschedule,
    estimate_scheduled: {
      ...rescheduledStay('estimate_scheduled', 'held'),
      jobs: siteVisitEmail,
    },
    done: cannotReschedule,
    // Nobody was home: the visit is made on another day, paid as it was.
    no_show: {
      ...rescheduledStay('paid', 'held'),
      history: { from: 'no_show', to: 'paid', by: `reschedule:{date}-${TIME}` },
    },
  },
  cancelledByOperator: {
    estimate_requested: byOperator('estimate_requested'),
    pending_payment: byOperator('pending_payment'),
    payment_failed: byOperator('payment_failed'),
    paid: byOperator('paid'),
    cancelled: cannotMove('cancelled')('cancelled'),
    skipped: cannotMove('cancelled')('skipped'),
    refunded: cannotMove('cancelled')('refunded'),
    estimate_scheduled: byOperator('estimate_scheduled'),
    done: cannotMove('cancelled')('done'),
    no_show: cannotMove('cancelled')('no_show'),
  },
  markedPaidByOperator: {
    estimate_requested: cannotMove('paid')('estimate_requested'),
    pending_payment: paidBy('pending_payment', ADMIN, operatorAnswer('paid')),
    payment_failed: paidBy('payment_failed', ADMIN, operatorAnswer('paid')),
    paid: cannotMove('paid')('paid'),
    cancelled: cannotMove('paid')('cancelled'),
    skipped: cannotMove('paid')('skipped'),
    refunded: cannotMove('paid')('refunded'),
    estimate_scheduled: cannotMove('paid')('estimate_scheduled'),
    done: cannotMove('paid')('done'),
    no_show: cannotMove('paid')('no_show'),
  },
  markedPaymentFailedByOperator: {
    estimate_requested: cannotMove('payment_failed')('estimate_requested'),
    pending_payment: markedByOperator('pending_payment', 'payment_failed'),
    payment_failed: cannotMove('payment_failed')('payment_failed'),
    paid: cannotMove('payment_failed')('paid'),
    cancelled: cannotMove('payment_failed')('cancelled'),
    skipped: cannotMove('payment_failed')('skipped'),
    refunded: cannotMove('payment_failed')('refunded'),
    estimate_scheduled: cannotMove('payment_failed')('estimate_scheduled'),
    done: cannotMove('payment_failed')('done'),
    no_show: cannotMove('payment_failed')('no_show'),
  },
  markedAwaitingPaymentByOperator: {
    estimate_requested: cannotMove('pending_payment')('estimate_requested'),
    pending_payment: cannotMove('pending_payment')('pending_payment'),
    payment_failed: markedByOperator('payment_failed', 'pending_payment'),
    paid: cannotMove('pending_payment')('paid'),
    cancelled: cannotMove('pending_payment')('cancelled'),
    skipped: cannotMove('pending_payment')('skipped'),
    refunded: cannotMove('pending_payment')('refunded'),
    estimate_scheduled: cannotMove('pending_payment')('estimate_scheduled'),
    done: cannotMove('pending_payment')('done'),
    no_show: cannotMove('pending_payment')('no_show'),
  },
  refundRequested: {
    estimate_requested: cannotMove('refunded')('estimate_requested'),
    pending_payment: cannotMove('refunded')('pending_payment'),
    payment_failed: cannotMove('refunded')('payment_failed'),
    // The visit is called off now; Refunded waits for the provider's confirmation.
    paid: {
      to: 'cancelled',
      answer: { booking: { status: 'cancelled' }, refundRequested: true },
      place: 'free',
      jobs: both(refund, cancelledEmail(true)),
      history: { from: 'paid', to: 'cancelled', by: ADMIN },
      fields: (stored) => {
        expect(stored.cancelReason).toBe('admin');
        expect(stored.payment.refundRequestedAt).toBeInstanceOf(Date);
      },
    },
    cancelled: {
      to: 'cancelled',
      answer: { booking: { status: 'cancelled' }, refundRequested: true },
      place: 'free',
      jobs: both(refund, cancelledEmail(true)),
      history: { from: 'cancelled', to: 'cancelled', by: `refund-requested:${ADMIN}` },
      fields: (stored) => expect(stored.payment.refundRequestedAt).toBeInstanceOf(Date),
    },
    skipped: cannotMove('refunded')('skipped'),
    refunded: cannotMove('refunded')('refunded'),
    estimate_scheduled: cannotMove('refunded')('estimate_scheduled'),
    done: cannotMove('refunded')('done'),
    no_show: cannotMove('refunded')('no_show'),
  },
  siteVisitScheduled: {
    estimate_requested: {
      to: 'estimate_scheduled',
      answer: { status: 'estimate_scheduled' },
      place: 'held',
      jobs: siteVisitEmail,
      history: { from: 'estimate_requested', to: 'estimate_scheduled', by: ADMIN },
      fields: (stored) => expect(stored.time).toBe(MOVED_TIME),
    },
    estimate_scheduled: movedByOperator('estimate_scheduled', 'estimate_scheduled', siteVisitEmail),
    pending_payment: movedByOperator('pending_payment', 'pending_payment', noJobs),
    payment_failed: movedByOperator('payment_failed', 'payment_failed', noJobs),
    paid: movedByOperator('paid', 'paid', rescheduledEmails),
    cancelled: cannotSchedule('cancelled'),
    skipped: cannotSchedule('skipped'),
    refunded: cannotSchedule('refunded'),
    done: cannotSchedule('done'),
    no_show: movedByOperator('no_show', 'paid', rescheduledEmails),
  },
  markedDoneByOperator: {
    estimate_requested: cannotMove('done', true)('estimate_requested'),
    estimate_scheduled: visitEnded('estimate_scheduled', 'done'),
    pending_payment: cannotMove('done', true)('pending_payment'),
    payment_failed: cannotMove('done', true)('payment_failed'),
    paid: visitEnded('paid', 'done', reviewRequest),
    cancelled: cannotMove('done', true)('cancelled'),
    skipped: cannotMove('done', true)('skipped'),
    refunded: cannotMove('done', true)('refunded'),
    done: cannotMove('done', true)('done'),
    no_show: visitEnded('no_show', 'done', reviewRequest),
  },
  markedNoShowByOperator: {
    estimate_requested: cannotMove('no_show', true)('estimate_requested'),
    estimate_scheduled: cannotMove('no_show', true)('estimate_scheduled'),
    pending_payment: cannotMove('no_show', true)('pending_payment'),
    payment_failed: cannotMove('no_show', true)('payment_failed'),
    paid: visitEnded('paid', 'no_show'),
    cancelled: cannotMove('no_show', true)('cancelled'),
    skipped: cannotMove('no_show', true)('skipped'),
    refunded: cannotMove('no_show', true)('refunded'),
    done: cannotMove('no_show', true)('done'),
    no_show: cannotMove('no_show', true)('no_show'),
  },
};

/** A booking in an answer, by its status: the rest is checked on the stored booking. */
function shape(answer: unknown): unknown {
  if (answer instanceof mongoose.Document) return { status: (answer as BookingDocument).status };
  if (typeof answer === 'object' && answer !== null && 'booking' in answer) {
    return { ...answer, booking: shape(answer.booking) };
  }
  return answer;
}

/** Runs the event and says how it ended: an answer, or the error it refused with. */
async function attempt(run: () => Promise<unknown>) {
  try {
    return { answer: shape(await run()) };
  } catch (error) {
    return { error };
  }
}

describe('the booking lifecycle, every (status, event) pair', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    // Today's window takes every booking seeded for the events of a visit's day.
    api = await startApi(testEnv({ SLOT_CAPACITY: '50' }));
  });
  afterAll(async () => {
    await api.close();
  });

  const PAIRS = BOOKING_EVENTS.flatMap((event) =>
    BOOKING_STATUSES.map((status) => [event, status] as const),
  );

  it.each(PAIRS)('%s on a booking that is %s', async (event, status) => {
    const { lifecycle } = api.context;
    const today = ON_THE_DAY.includes(event) ? todayInToronto() : undefined;
    const changes = PLAN_VISIT_EVENTS.includes(event) ? planVisit() : {};
    const booking = await seed(api, status, changes, HISTORY_TO[status], today);
    const before = await snapshot(api, booking);
    const expected = EXPECTED[event][status];
    const outcome = await attempt(() => APPLY[event](lifecycle, booking));

    if ('refused' in expected || 'fails' in expected) {
      expect(outcome.answer).toBeUndefined();
      if ('refused' in expected) {
        expect(outcome.error).toBeInstanceOf(DomainError);
        const error = outcome.error as DomainError;
        expect({ kind: error.kind, message: error.message }).toEqual({
          kind: expected.refused,
          message: expected.message,
        });
      } else {
        expect(String(outcome.error)).toMatch(expected.fails);
      }
      expect(await snapshot(api, booking)).toEqual(before);
      return;
    }
    if ('kept' in expected) {
      expect(outcome).toEqual({ answer: expected.kept });
      expect(await snapshot(api, booking)).toEqual(before);
      return;
    }

    expect(outcome.error).toBeUndefined();
    expect(outcome.answer).toEqual(expected.answer);
    const stored = await BookingModel.findById(booking.id);
    if (!stored) throw new Error('the booking is gone');
    expect(stored.status).toBe(expected.to);
    const after = await snapshot(api, booking);
    const window = `${stored.date} ${stored.time}`;
    expect(after.places).toEqual(expected.place === 'held' ? [window] : []);
    expect(after.jobs).toEqual(expected.jobs(booking));
    const added = stored.history.slice(HISTORY_TO[status].length);
    const entries = added.map(({ from, to, by }) => ({ from, to, by }));
    const history = expected.history && {
      ...expected.history,
      by: expected.history.by.replace('{date}', booking.date),
    };
    expect(entries).toEqual(history ? [history] : []);
    expected.fields?.(stored);
    if (expected.repeat) expect(after.booking).toEqual(before.booking);
  });
});

describe('the booking lifecycle, within a pair: the guards and the opening', () => {
  let api: ApiHarness;
  let lifecycle: BookingLifecycle;

  beforeAll(async () => {
    api = await startApi(testEnv());
    lifecycle = api.context.lifecycle;
  });
  afterAll(async () => {
    await api.close();
  });

  /** A refusal, and nothing changed. */
  async function refuses(booking: Seeded, run: () => Promise<unknown>, error: DomainError) {
    const before = await snapshot(api, booking);
    await expect(run()).rejects.toMatchObject({ kind: error.kind, message: error.message });
    expect(await snapshot(api, booking)).toEqual(before);
  }

  it('opens a Custom Estimate without a place, and a paid plan with a place and a hold', async () => {
    const request = (amountCents: number | null) => ({
      _id: newBookingId(),
      userId: null,
      name: 'Maya Singh',
      phone: '416 555 0199',
      phoneDigits: '4165550199',
      email: testEmail('opening'),
      address: '12 Rosedale Ave',
      postalCode: 'M4W 1P8',
      serviceId: 'garden-maintenance',
      planId: amountCents === null ? 'custom-estimate' : 'one-time',
      date: freshDate(),
      time: TIME,
      amountCents,
      imageKey: '',
      imageType: '',
      idempotencyKey: undefined,
      requestFingerprint: 'fingerprint',
    });
    const estimate = await lifecycle.open(request(null));
    const estimateId = estimate.id as string;
    expect(estimate).toMatchObject({ status: 'estimate_requested', holdUntil: null });
    expect(await jobsOf(api, estimateId)).toEqual({
      [`notify-${estimateId}`]: { bookingId: estimateId },
      [`estimate-ack-${estimateId}`]: { bookingId: estimateId },
    });
    expect(await SlotModel.countDocuments({ holders: estimateId })).toBe(0);

    const paid = await lifecycle.open(request(PRICE));
    const paidId = paid.id as string;
    expect(paid.status).toBe('pending_payment');
    expect(paid.holdUntil?.getTime()).toBeGreaterThan(Date.now());
    expect(paid.history.map(({ from, to, by }) => ({ from, to, by }))).toEqual([
      { from: null, to: 'pending_payment', by: 'customer' },
    ]);
    expect(await jobsOf(api, paidId)).toEqual({
      [`complete-booking-${paidId}`]: { bookingId: paidId },
      [`notify-${paidId}`]: { bookingId: paidId },
      [`release-${paidId}`]: { bookingId: paidId },
    });
    expect(await SlotModel.countDocuments({ holders: paidId, date: paid.date })).toBe(1);
  });

  it('sets the payment timer again for a hold extended since it was set', async () => {
    const holdUntil = new Date(Date.now() + 10 * 60_000);
    const booking = await seed(api, 'pending_payment', { holdUntil });
    expect(await lifecycle.holdExpired(booking.id)).toBe('extended');
    expect((await BookingModel.findById(booking.id))?.status).toBe('pending_payment');
    expect(Object.keys(await jobsOf(api, booking.id))).toEqual([
      `release-${booking.id}-${String(holdUntil.getTime())}`,
    ]);
  });

  it('refunds nothing on a customer cancel past the refund deadline', async () => {
    const booking = await seed(api, 'paid', { refundCutoff: new Date(Date.now() - 60_000) });
    const cancelled = await lifecycle.cancelledByCustomer(booking.id, 'customer');
    expect(cancelled.refund).toBe(false);
    expect(cancelled.booking.payment.refundRequestedAt).toBeNull();
    expect(await jobsOf(api, booking.id)).toEqual(cancelledEmail(false)(booking));
  });

  it('refuses to cancel or move a visit whose day has passed', async () => {
    const booking = await seed(api, 'paid', { date: addDays(todayInToronto(), -1) });
    await refuses(
      booking,
      () => lifecycle.cancelledByCustomer(booking.id, 'customer'),
      new DomainError('conflict', BookingMessages.cannotCancel),
    );
    await refuses(
      booking,
      () => lifecycle.rescheduled(booking.id, booking.movedDate, MOVED_TIME),
      new DomainError('conflict', BookingMessages.cannotReschedule),
    );
  });

  it('refuses to mark a visit done or missed before its day', async () => {
    const booking = await seed(api, 'paid');
    for (const status of ['done', 'no_show'] as const) {
      await refuses(
        booking,
        () => lifecycle.movedByOperator(booking.id, status, ADMIN_ID),
        new DomainError('conflict', AdminMessages.visitNotYetDue(booking.date)),
      );
    }
  });

  it('refuses to put a visit in a window already past', async () => {
    const booking = await seed(api, 'estimate_requested');
    await refuses(
      booking,
      () =>
        lifecycle.scheduledByOperator(
          booking.id,
          { date: addDays(todayInToronto(), -1), time: TIME },
          ADMIN_ID,
        ),
      new DomainError('invalid', BookingMessages.dateInPast),
    );
  });

  it('refuses a move to the same window, and to a full one', async () => {
    const booking = await seed(api, 'paid');
    await refuses(
      booking,
      () => lifecycle.rescheduled(booking.id, booking.date, TIME),
      new DomainError('invalid', BookingMessages.sameSlot),
    );
    const { capacity } = api.context.slots;
    for (let place = 0; place < capacity; place += 1) {
      await api.context.slots.take(booking.movedDate, MOVED_TIME, newBookingId());
    }
    await refuses(
      booking,
      () => lifecycle.rescheduled(booking.id, booking.movedDate, MOVED_TIME),
      new DomainError(
        'conflict',
        BookingMessages.windowFull(booking.movedDate, timeLabel(MOVED_TIME)),
      ),
    );
  });

  it('refuses an operator refund of nothing, and a second one', async () => {
    const markedPaid = await seed(api, 'paid', { payment: {} });
    const stored = await BookingModel.findById(markedPaid.id);
    expect(stored && lifecycle.operatorTargets(stored)).toEqual(['cancelled']);
    await refuses(
      markedPaid,
      () => lifecycle.movedByOperator(markedPaid.id, 'refunded', ADMIN_ID),
      new DomainError('conflict', AdminMessages.noPaymentToRefund),
    );
    const asked = await seed(api, 'cancelled', {
      payment: { provider: 'test', intentId: 'pi_asked', refundRequestedAt: new Date() },
    });
    const askedStored = await BookingModel.findById(asked.id);
    expect(askedStored && lifecycle.operatorTargets(askedStored)).toEqual([]);
    await refuses(
      asked,
      () => lifecycle.movedByOperator(asked.id, 'refunded', ADMIN_ID),
      new DomainError('conflict', AdminMessages.refundUnderway),
    );
    // A payment arriving after that is not refunded a second time.
    const before = await snapshot(api, asked);
    const late = await lifecycle.paymentSucceeded(
      asked.id,
      { intentId: 'pi_late', sessionId: null },
      'payment-event:evt_late',
    );
    expect(late).toBe('kept cancelled');
    expect(await snapshot(api, asked)).toEqual(before);
  });

  it('finishes, on a repeat, a refund made at the provider straight from paid', async () => {
    const booking = await seed(api, 'refunded', {}, ['pending_payment', 'paid', 'refunded']);
    const outcome = await lifecycle.refundConfirmed(
      { bookingId: null, intentId: `pi_${booking.id}` },
      'payment-event:evt_again',
    );
    expect(outcome).toBe('kept refunded');
    expect(await jobsOf(api, booking.id)).toEqual(cancelledEmail(true)(booking));
  });

  it('answers an unknown booking as each caller expects', async () => {
    const missing = newBookingId();
    const notFound = { kind: 'notFound', message: BookingMessages.notFound };
    await expect(lifecycle.cancelledByCustomer(missing, 'customer')).rejects.toMatchObject(
      notFound,
    );
    await expect(lifecycle.rescheduled(missing, freshDate(), TIME)).rejects.toMatchObject(notFound);
    await expect(lifecycle.movedByOperator(missing, 'paid', ADMIN_ID)).rejects.toMatchObject(
      notFound,
    );
    const by = 'payment-event:evt_missing';
    expect(await lifecycle.paymentSucceeded(missing, { intentId: null, sessionId: null }, by)).toBe(
      'booking not found',
    );
    expect(await lifecycle.paymentFailed(missing, { reason: 'x', intentId: null }, by)).toBe(
      'booking not found',
    );
    expect(await lifecycle.refundConfirmed({ bookingId: null, intentId: 'pi_none' }, by)).toBe(
      'booking not found',
    );
    expect(await lifecycle.holdExpired(missing)).toBe('kept');
    expect(await lifecycle.refundOwed(missing)).toEqual({ kind: 'settled' });
  });

  it('tells the refund job what to ask the provider for', async () => {
    const asked = await seed(api, 'cancelled');
    expect(await lifecycle.refundOwed(asked.id)).toEqual({
      kind: 'owed',
      intentId: `pi_${asked.id}`,
      amountCents: PRICE,
    });
    const refunded = await seed(api, 'refunded');
    expect(await lifecycle.refundOwed(refunded.id)).toEqual({ kind: 'settled' });
    const markedPaid = await seed(api, 'cancelled', { payment: {} });
    expect(await lifecycle.refundOwed(markedPaid.id)).toEqual({ kind: 'noPayment' });
  });
});
