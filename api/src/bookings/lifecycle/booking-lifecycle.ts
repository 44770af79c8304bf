import type { UpdateQuery } from 'mongoose';
import { AdminMessages } from '../../domain/admin/admin-messages';
import { isBookingId } from '../../domain/booking/booking-id';
import { BookingMessages } from '../../domain/booking/booking-schema';
import {
  AWAITING_PAYMENT,
  BOOKING_STATUSES,
  CALLED_OFF,
  type BookingStatus,
} from '../../domain/booking/booking-status';
import type { TimeWindowId } from '../../domain/booking/catalogue';
import { todayInToronto } from '../../domain/calendar/toronto-date';
import { DomainError } from '../../domain/domain-error';
import { PlanMessages } from '../../domain/subscription/plan-messages';
import type { JobProducer } from '../../jobs/job-producer';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { BookingEffects } from './booking-effects';
import { BookingModel, type Booking, type BookingDocument } from '../booking-model';
import {
  type BookingEvent,
  type BookingMove,
  customerCallOff,
  customerMay,
  moveFor,
  OPERATOR_EVENTS,
  VISIT_END_EVENTS,
} from './booking-moves';
import { BookingOpening, type BookingRequest, type LifecycleSettings } from './booking-opening';
import {
  operatorRefundBar,
  refundCutoffFor,
  refundDeadline,
  refundOnCustomerCancel,
  refundOnLatePayment,
  refundOwed,
  type RefundOwed,
} from './refund-policy';
import type { SlotLedger } from '../slot-ledger';

export { type BookingRequest, lifecycleSettings } from './booking-opening';

/** How an event changes the booking it acts on, besides the status the table gives it. */
interface Change {
  /** Who or what made the change, for the history. */
  by: string;
  set?: Record<string, unknown>;
  /** What must still hold when it is written, besides the status it was judged in. */
  filter?: Record<string, unknown>;
  /** A change that keeps the status goes into the history only when this says so. */
  recordStay?: boolean;
}

/** Another change reached the booking between its read and its write: judge it again. */
const RACED = Symbol('raced');
type Judged<T> = T | typeof RACED;

export interface OperatorMove {
  booking: BookingDocument;
  /** True when the move asked the payment provider for a refund (it completes later). */
  refundRequested: boolean;
}

/**
 * Why a plan's visit was given up that its period's payment undoes: its grace ran out, or the
 * plan's end was heard of before the payment (events come in any order). A visit the customer
 * skipped or an operator called off stays off.
 */
const RESTORABLE = ['unpaid', 'plan-ended'];

const notFound = () => new DomainError('notFound', BookingMessages.notFound);

/**
 * The one owner of a booking's status: every event that may move it, from a request, an operator,
 * the payment provider or the payment timer, is a method here, and each does what the table of
 * booking-moves.ts says for the status the booking is in, with that entry's effects (the place,
 * the hold, the emails, the refund). Nothing else writes a status or decides on a refund.
 */
export class BookingLifecycle {
  private readonly effects: BookingEffects;
  private readonly opening: BookingOpening;

  constructor(
    private readonly deps: {
      slots: SlotLedger;
      jobs: JobProducer;
      clock: Clock;
      settings: LifecycleSettings;
      logger: Logger;
    },
  ) {
    this.effects = new BookingEffects({ ...deps, holdSeconds: deps.settings.holdSeconds });
    this.opening = new BookingOpening({ ...deps, effects: this.effects });
  }

  /**
   * A new booking: a paid plan takes a place in its window (409 when none is left) and holds it
   * while it waits for its money; a Custom Estimate takes none.
   */
  open(request: BookingRequest): Promise<BookingDocument> {
    return this.opening.open(request);
  }

  /**
   * A visit of the job a quote became, booked by an operator: on a working day from today on, in
   * a window with a place left (409 when full), told to the customer with a calendar file.
   */
  async openJobVisit(request: BookingRequest & { quoteId: string }): Promise<BookingDocument> {
    if (request.date < todayInToronto(this.deps.clock.now())) {
      throw new DomainError('invalid', BookingMessages.dateInPast, {
        fields: { date: BookingMessages.dateInPast },
      });
    }
    await this.deps.slots.assertDayOpen(request.date);
    return this.opening.open(request);
  }

  /** The visits of a Monthly Visit plan's period, all or none (BookingOpening.openVisits). */
  openVisits(requests: BookingRequest[], holdSeconds: number): Promise<BookingDocument[]> {
    return this.opening.openVisits(requests, holdSeconds);
  }

  /**
   * Writes now what the lifecycle records late (the openings' handed-over flags): before a stop,
   * and for whoever must read those records at once.
   */
  flush(): Promise<void> {
    return this.opening.flush();
  }

  /** Hands over the follow-ups of a booking whose opening stopped before it did (safe to repeat). */
  /** Answers whether the follow-ups were handed over (to Redis or the outbox). */
  finishOpening(booking: BookingDocument): Promise<boolean> {
    return this.opening.finish(booking);
  }

  /**
   * The customer opened a checkout page: the hold lasts at least until that page expires (never
   * shortened, hence $max), recorded in the same write as the page itself.
   */
  async checkoutStarted(
    bookingId: string,
    holdUntil: Date,
    checkout: Record<string, unknown>,
  ): Promise<void> {
    await BookingModel.updateOne({ _id: bookingId }, { $max: { holdUntil }, $set: checkout });
    // A plan's first payment pays for its first period's visits: they wait as long.
    await BookingModel.updateMany(
      { subscriptionId: bookingId, periodIndex: 0, _id: { $ne: bookingId } },
      { $max: { holdUntil } },
    );
  }

  /**
   * The customer's card went to the provider from the page: the payment it made is recorded, so
   * a refund or a late event can name it. The status waits for the provider's event.
   */
  async inPagePaymentStarted(
    bookingId: string,
    payment: { provider: string; intentId: string },
  ): Promise<void> {
    await BookingModel.updateOne(
      { _id: bookingId },
      { $set: { 'payment.provider': payment.provider, 'payment.intentId': payment.intentId } },
    );
  }

  /**
   * A plan's period was paid: its visit is confirmed, or, if it was given up before the money
   * came (RESTORABLE), restored when its place is still free.
   */
  visitPaid(bookingId: string, by: string): Promise<string> {
    return this.judged(this.byId(bookingId), async (booking) => {
      if (!booking) return 'kept cancelled';
      const move = moveFor('visitPaid', booking.status);
      const restoring = booking.status === 'cancelled';
      if (!move || (restoring && !RESTORABLE.includes(booking.cancelReason ?? ''))) {
        return `kept ${booking.status}`;
      }
      if (restoring) {
        if (!(await this.deps.slots.take(booking.date, booking.time, bookingId))) {
          return 'not restored';
        }
        const change = {
          by,
          set: { cancelledAt: null, cancelReason: null },
          filter: { cancelReason: { $in: RESTORABLE } },
        };
        const moved = await this.write(booking, move, change);
        if (!moved) {
          await this.effects.givePlaceBack(booking, bookingId);
          return RACED;
        }
        await this.effects.after(move.effects, { before: booking, after: moved, refund: false });
        return 'restored';
      }
      const outcome = booking.status === 'paid' ? 'already paid' : 'paid';
      const set =
        booking.status === 'paid' ? undefined : { 'payment.paidAt': this.deps.clock.now() };
      return this.apply(booking, move, { by, set }, () => outcome);
    });
  }

  /** A plan ended or was cancelled: a visit of it still to come is called off, its place freed. */
  visitReleased(bookingId: string, reason: string, by: string): Promise<string> {
    return this.judged(this.byId(bookingId), async (booking) => {
      if (!booking) return 'kept cancelled';
      const move = moveFor('visitReleased', booking.status);
      if (!move) return `kept ${booking.status}`;
      const set =
        booking.status === 'cancelled'
          ? undefined
          : { cancelledAt: this.deps.clock.now(), cancelReason: reason };
      return this.apply(booking, move, { by, set }, () => 'released');
    });
  }

  /** The provider took the money. Answers what happened, for the payment event's record. */
  paymentSucceeded(
    bookingId: string,
    payment: { intentId: string | null; sessionId: string | null },
    by: string,
  ): Promise<string> {
    return this.judged(this.byId(bookingId), async (booking) => {
      if (!booking) return 'booking not found';
      const move = moveFor('paymentSucceeded', booking.status);
      if (!move) return `kept ${booking.status}`;
      const outcome = await this.paid(booking, move, payment, by);
      if (outcome === 'late payment refunded') {
        this.deps.logger.warn({ bookingId }, 'late payment for a released booking; refunding');
      }
      return outcome;
    });
  }

  private async paid(
    booking: BookingDocument,
    move: BookingMove,
    payment: { intentId: string | null; sessionId: string | null },
    by: string,
  ): Promise<Judged<string>> {
    let change: Change;
    let outcome: string;
    if (booking.status === 'paid') {
      change = { by };
      outcome = 'already paid';
    } else if (booking.status === 'cancelled') {
      if (!refundOnLatePayment(booking)) return `kept ${booking.status}`;
      change = {
        by,
        set: { 'payment.intentId': payment.intentId },
        filter: { 'payment.refundRequestedAt': null },
      };
      outcome = 'late payment refunded';
    } else {
      change = {
        by,
        set: {
          'payment.paidAt': this.deps.clock.now(),
          'payment.intentId': payment.intentId ?? booking.payment.intentId ?? null,
          ...(payment.sessionId ? { 'payment.checkoutSessionId': payment.sessionId } : {}),
        },
      };
      outcome = 'paid';
    }
    return this.apply(booking, move, change, () => outcome);
  }

  /** The provider refused the card. A paid booking stays paid. */
  paymentFailed(
    bookingId: string,
    failure: { reason: string; intentId: string | null },
    by: string,
  ): Promise<string> {
    return this.judged(this.byId(bookingId), async (booking) => {
      if (!booking) return 'booking not found';
      const move = moveFor('paymentFailed', booking.status);
      if (!move) return `kept ${booking.status}`;
      const set = {
        'payment.failureReason': failure.reason,
        ...(failure.intentId ? { 'payment.intentId': failure.intentId } : {}),
      };
      return this.apply(booking, move, { by, set }, () => 'payment_failed');
    });
  }

  /**
   * The provider gave the money back: after a refund asked for here, or one made at the
   * provider's dashboard, which also calls the visit off.
   */
  refundConfirmed(
    payment: { bookingId: string | null; intentId: string | null },
    by: string,
  ): Promise<string> {
    const load = payment.bookingId
      ? this.byId(payment.bookingId)
      : () =>
          payment.intentId
            ? BookingModel.findOne({ 'payment.intentId': payment.intentId })
            : Promise.resolve(null);
    return this.judged(load, async (booking) => {
      if (!booking) return 'booking not found';
      if (AWAITING_PAYMENT.includes(booking.status)) {
        // Stripe does not promise order: a refund can arrive before the payment it gives back.
        // Marked done now, it would be lost and the payment would then leave the booking paid;
        // failing the attempt lets the job's retries apply it once the payment is recorded.
        throw new Error(`refund for booking ${booking.id as string} arrived before its payment`);
      }
      const move = moveFor('refundConfirmed', booking.status);
      if (!move) return `kept ${booking.status}`;
      if (booking.status === 'refunded') {
        // Read from the history, so a retry after a crash still gives the place back and tells
        // the customer, and a refund of a booking cancelled earlier does neither again.
        const fromPaid = booking.history.some(
          (entry) => entry.from === 'paid' && entry.to === 'refunded',
        );
        if (fromPaid) {
          await this.effects.after(move.effects, { before: booking, after: booking, refund: true });
        }
        return `kept ${booking.status}`;
      }
      const set = { 'payment.refundedAt': this.deps.clock.now() };
      return this.apply(booking, move, { by, set }, () => 'refunded', true);
    });
  }

  /**
   * The payment timer: an unpaid booking past its hold is cancelled and its place given back. A
   * hold extended meanwhile (a checkout page still open) sets the timer again.
   */
  holdExpired(bookingId: string): Promise<'released' | 'kept' | 'extended'> {
    return this.judged(this.byId(bookingId), async (booking) => {
      if (!booking) return 'kept';
      const move = moveFor('holdExpired', booking.status);
      if (!move) return 'kept';
      const now = this.deps.clock.now();
      const holdUntil = booking.holdUntil;
      if (move.to !== booking.status && holdUntil && holdUntil > now) {
        await this.effects.holdTimerAt(bookingId, holdUntil);
        return 'extended';
      }
      const set = { cancelledAt: now, cancelReason: 'unpaid' };
      const change =
        move.to === booking.status ? { by: 'payment-timeout' } : { by: 'payment-timeout', set };
      return this.apply(booking, move, change, () => 'released' as const);
    });
  }

  /**
   * The customer calls the visit off: its place goes back on sale at once, and a paid booking
   * cancelled in time (refund-policy.ts) is refunded through the provider. A plan's visit is
   * skipped instead (customerCallOff): the plan goes on and nothing is refunded.
   */
  cancelledByCustomer(
    bookingId: string,
    by: string,
  ): Promise<{ booking: BookingDocument; refund: boolean }> {
    return this.judged(this.byId(bookingId), async (booking) => {
      if (!booking) throw notFound();
      const now = this.deps.clock.now();
      const event = customerCallOff(booking);
      const move = moveFor(event, booking.status);
      if (!move || !customerMay('cancelledByCustomer', booking, now)) {
        const refused =
          event === 'skippedByCustomer' ? PlanMessages.cannotSkip : BookingMessages.cannotCancel;
        throw new DomainError('conflict', refused);
      }
      const refund = event === 'cancelledByCustomer' && refundOnCustomerCancel(booking, now);
      const set = { cancelledAt: now, cancelReason: 'customer' };
      return this.apply(
        booking,
        move,
        { by, set },
        (cancelled) => ({ booking: cancelled, refund }),
        refund,
      );
    });
  }

  /**
   * Moves an open booking to another date and window. A booking that holds a place takes the new
   * one first (409 when it is full) and gives the old one back only once the booking points at
   * the new one, so it never holds nothing and never holds two for long.
   */
  async rescheduled(bookingId: string, date: string, time: TimeWindowId): Promise<BookingDocument> {
    const booking = await this.byId(bookingId)();
    if (!booking) throw notFound();
    const move = moveFor('rescheduled', booking.status);
    if (!move || !customerMay('rescheduled', booking, this.deps.clock.now())) {
      throw new DomainError('conflict', BookingMessages.cannotReschedule);
    }
    return this.movedVisit(
      booking,
      move,
      { date, time },
      `reschedule:${booking.date}-${booking.time}`,
    );
  }

  /**
   * An operator puts a visit in a window from the schedule board: an estimate's site visit is
   * booked there (it takes a place from then on), any other open or missed visit moves there as
   * the customer's own move would, past visits included (a no-show is made on another day).
   */
  async scheduledByOperator(
    bookingId: string,
    visit: { date: string; time: TimeWindowId },
    adminId: string,
  ): Promise<BookingDocument> {
    const booking = await this.byId(bookingId)();
    if (!booking) throw notFound();
    const event: BookingEvent =
      booking.status === 'estimate_requested' ? 'siteVisitScheduled' : 'rescheduled';
    const move = moveFor(event, booking.status);
    if (!move) throw new DomainError('conflict', AdminMessages.cannotSchedule(booking.status));
    if (visit.date < todayInToronto(this.deps.clock.now())) {
      throw new DomainError('invalid', BookingMessages.dateInPast, {
        fields: { date: BookingMessages.dateInPast },
      });
    }
    await this.deps.slots.assertDayOpen(visit.date);
    const by =
      event === 'rescheduled'
        ? `admin:${adminId}:reschedule:${booking.date}-${booking.time}`
        : `admin:${adminId}`;
    return this.movedVisit(booking, move, visit, by);
  }

  /**
   * Moves a booking to another date and window. A booking that holds a place takes the new one
   * first (409 when it is full) and gives the old one back only once the booking points at the
   * new one, so it never holds nothing and never holds two for long. Its crew was for the old
   * window: it is unassigned.
   */
  private async movedVisit(
    booking: BookingDocument,
    move: BookingMove,
    next: { date: string; time: TimeWindowId },
    by: string,
  ): Promise<BookingDocument> {
    const bookingId = booking.id as string;
    // An estimate's site visit may be booked on the very day and window the customer preferred.
    if (booking.date === next.date && booking.time === next.time && move.to === booking.status) {
      throw new DomainError('invalid', BookingMessages.sameSlot, {
        fields: { date: BookingMessages.sameSlot },
      });
    }
    const takesPlace = move.effects.includes('takePlace');
    if (takesPlace) await this.effects.takePlace(next, bookingId);
    // A paid visit keeps the earliest cutoff it ever had; an unpaid one takes its new visit's.
    let refundCutoff = refundCutoffFor(next);
    if (move.effects.includes('keepEarliestRefundCutoff')) {
      const earlier = refundDeadline(booking);
      if (earlier < refundCutoff) refundCutoff = earlier;
    }
    // Conditional on the date and time read here too, so nothing moved it meanwhile.
    const moved = await this.write(booking, move, {
      by,
      set: { date: next.date, time: next.time, refundCutoff, crewId: null },
      filter: { date: booking.date, time: booking.time },
      recordStay: true,
    });
    if (!moved) {
      if (takesPlace) await this.effects.givePlaceBack(next, bookingId);
      throw new DomainError('conflict', BookingMessages.cannotReschedule);
    }
    await this.effects.after(move.effects, { before: booking, after: moved, refund: false });
    return moved;
  }

  /** The statuses an operator may move this booking to: the table's, less a refund of nothing. */
  operatorTargets(booking: BookingDocument): BookingStatus[] {
    return BOOKING_STATUSES.filter((to) => {
      const event = OPERATOR_EVENTS[to];
      if (!event || !moveFor(event, booking.status)) return false;
      if (VISIT_END_EVENTS.includes(event)) return !this.notYetDue(booking);
      return event !== 'refundRequested' || operatorRefundBar(booking) === null;
    });
  }

  /** A visit is done or missed only from its day on. */
  private notYetDue(booking: BookingDocument): boolean {
    return booking.date > todayInToronto(this.deps.clock.now());
  }

  /**
   * An operator's choice of status in the admin console, made as the event it stands for
   * (OPERATOR_EVENTS). 'refunded' asks the provider for the money back: the booking shows
   * Refunded once the provider confirms, as for every other refund.
   */
  movedByOperator(bookingId: string, to: BookingStatus, adminId: string): Promise<OperatorMove> {
    return this.judged(this.byId(bookingId), async (booking) => {
      if (!booking) throw notFound();
      const event = OPERATOR_EVENTS[to];
      const move = event ? moveFor(event, booking.status) : undefined;
      if (!event || !move) {
        const allowed = this.operatorTargets(booking);
        throw new DomainError('conflict', AdminMessages.cannotMove(booking.status, to, allowed));
      }
      if (VISIT_END_EVENTS.includes(event) && this.notYetDue(booking)) {
        throw new DomainError('conflict', AdminMessages.visitNotYetDue(booking.date));
      }
      const refund = event === 'refundRequested';
      const bar = refund ? operatorRefundBar(booking) : null;
      if (bar === 'noPayment') throw new DomainError('conflict', AdminMessages.noPaymentToRefund);
      if (bar === 'alreadyAsked') throw new DomainError('conflict', AdminMessages.refundUnderway);
      const change = this.operatorChange(event, booking, `admin:${adminId}`);
      return this.apply(
        booking,
        move,
        change,
        (moved) => ({ booking: moved, refundRequested: refund }),
        refund,
      );
    });
  }

  private operatorChange(event: BookingEvent, booking: BookingDocument, by: string): Change {
    const now = this.deps.clock.now();
    if (event === 'refundRequested' && booking.status === 'cancelled') {
      // Conditional, so two operators pressing Refund at once request one refund.
      return {
        by: `refund-requested:${by}`,
        filter: { 'payment.refundRequestedAt': null },
        recordStay: true,
      };
    }
    if (event === 'refundRequested' || event === 'cancelledByOperator') {
      return { by, set: { cancelledAt: now, cancelReason: 'admin' } };
    }
    if (event === 'markedPaidByOperator') return { by, set: { 'payment.paidAt': now } };
    return { by };
  }

  /** What the refund job asks the provider for (refund-policy.ts). */
  async refundOwed(bookingId: string): Promise<RefundOwed> {
    return refundOwed(await this.byId(bookingId)());
  }

  /** Writes the change, then runs the move's effects; `answer` says what the caller gets. */
  private async apply<T>(
    booking: BookingDocument,
    move: BookingMove,
    change: Change,
    answer: (moved: BookingDocument) => T,
    refund = false,
  ): Promise<Judged<T>> {
    const moved = await this.write(booking, move, change, refund);
    if (!moved) return RACED;
    await this.effects.after(move.effects, { before: booking, after: moved, refund });
    return answer(moved);
  }

  /**
   * The one write of a booking's status. Conditional on the status it was judged in (and the
   * change's filter), so of two events racing for one booking only one moves it; null then. A
   * repeat that changes nothing writes nothing.
   */
  private async write(
    booking: BookingDocument,
    move: BookingMove,
    change: Change,
    refund = false,
  ): Promise<BookingDocument | null> {
    const now = this.deps.clock.now();
    const set: Record<string, unknown> = { ...change.set };
    if (move.effects.includes('endHold')) set.holdUntil = null;
    if (move.effects.includes('askRefund') || (refund && move.effects.includes('askRefundIfDue'))) {
      set['payment.refundRequestedAt'] = now;
    }
    const moves = move.to !== booking.status;
    if (moves) set.status = move.to;
    // A visit called off frees its crew for another visit of that window.
    if (moves && CALLED_OFF.includes(move.to)) set.crewId = null;
    const record = moves || change.recordStay === true;
    if (Object.keys(set).length === 0 && !record) return booking;
    const update: UpdateQuery<Booking> = {};
    if (Object.keys(set).length > 0) update.$set = set;
    if (record) {
      update.$push = { history: { from: booking.status, to: move.to, by: change.by, at: now } };
    }
    return BookingModel.findOneAndUpdate(
      { _id: booking._id, status: booking.status, ...change.filter },
      update,
      { new: true },
    );
  }

  /**
   * Judges the booking as it is now and writes what the judgement says; a write another change
   * beat is judged again on the booking as that change left it.
   */
  private async judged<T>(
    load: () => Promise<BookingDocument | null>,
    judge: (booking: BookingDocument | null) => Promise<Judged<T>>,
  ): Promise<T> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const verdict = await judge(await load());
      if (verdict !== RACED) return verdict;
    }
    throw new Error('a booking kept changing while an event was applied to it');
  }

  private byId(bookingId: string): () => Promise<BookingDocument | null> {
    return () =>
      isBookingId(bookingId) ? BookingModel.findById(bookingId) : Promise.resolve(null);
  }
}
