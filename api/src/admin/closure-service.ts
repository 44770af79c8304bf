import { BookingModel, type BookingDocument } from '../bookings/booking-model';
import type { BookingLifecycle } from '../bookings/lifecycle/booking-lifecycle';
import type { SlotLedger } from '../bookings/slot-ledger';
import { VISIT_AHEAD } from '../domain/booking/booking-status';
import { TIME_WINDOW_IDS, type TimeWindowId } from '../domain/booking/catalogue';
import type { ClosureForm } from '../domain/calendar/closure-schema';
import { ClosureMessages } from '../domain/calendar/closure-schema';
import { addDays, daysBetween, todayInToronto } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import { planVisits, type VisitSlot } from '../domain/subscription/visit-schedule';
import type { JobProducer } from '../jobs/job-producer';
import { jobs } from '../jobs/job-definitions';
import type { Clock } from '../platform/clock';
import type { Logger } from '../platform/logger';
import { periodBoundsOf } from '../subscriptions/plan-view';
import { ClosureModel, type ClosureDocument } from '../calendar/closure-model';

/** How far past a closed day a one-time visit's offer is looked for. */
const OFFER_SEARCH_DAYS = 30;

/** What closing days did to the visits they held. */
export interface ClosureOutcome {
  closure: ClosureDocument;
  moved: number;
  asked: number;
  unplaced: number;
}

/**
 * Operators' closures of the business calendar (a snowstorm, a staff day): what closing days
 * would touch, closing them, and opening them again. Closing a day with visits moves a plan's
 * visit by the plan's rule (the nearest open day of its week, its own window first) and asks
 * every other customer to choose: the next open day offered, or a cancel with a full refund.
 */
export class ClosureService {
  constructor(
    private readonly deps: {
      slots: SlotLedger;
      lifecycle: BookingLifecycle;
      jobs: Pick<JobProducer, 'add'>;
      clock: Clock;
      logger: Logger;
    },
  ) {}

  private today(): string {
    return todayInToronto(this.deps.clock.now());
  }

  /** The closures not over yet, soonest first. */
  upcoming(): Promise<ClosureDocument[]> {
    return ClosureModel.find({ to: { $gte: this.today() } }).sort({ from: 1, createdAt: 1 });
  }

  /** Holidays of the next twelve months, observed days included. */
  holidays(): { date: string; name: string }[] {
    const today = this.today();
    return this.deps.slots.calendar.holidays(today, addDays(today, 365));
  }

  /** The visits still ahead on the days `from` to `to`, by day and window. */
  visitsOn(from: string, to: string): Promise<BookingDocument[]> {
    return BookingModel.find({ date: { $gte: from, $lte: to }, status: { $in: VISIT_AHEAD } }).sort(
      { date: 1, time: 1, createdAt: 1 },
    );
  }

  /** Each day of the range and why it is closed already, or null. */
  async daysOf(form: ClosureForm): Promise<{ date: string; closedAlready: string | null }[]> {
    const closed = await this.deps.slots.calendar.closedDays(form.from, form.to);
    return Array.from({ length: daysBetween(form.from, form.to) + 1 }, (_, offset) => {
      const date = addDays(form.from, offset);
      return { date, closedAlready: closed.get(date) ?? null };
    });
  }

  /**
   * Closes the days, then deals with each visit on them. The closure is stored first, so from
   * that moment nothing new is booked on its days, and every visit found after is handled.
   */
  async close(form: ClosureForm, adminId: string): Promise<ClosureOutcome> {
    const closure = await ClosureModel.create({ ...form, createdBy: adminId });
    const outcome: ClosureOutcome = { closure, moved: 0, asked: 0, unplaced: 0 };
    for (const booking of await this.visitsOn(form.from, form.to)) {
      // An estimate request only preferred the day: it holds nothing until a site visit is booked.
      if (booking.status === 'estimate_requested') continue;
      if (booking.subscriptionId) {
        const moved = await this.movePlanVisit(booking, closure, adminId);
        if (moved) {
          outcome.moved += 1;
          continue;
        }
        // Its customer is asked to choose another day too; the operators see it apart.
        outcome.unplaced += 1;
        await this.askCustomer(booking, closure);
        continue;
      }
      await this.askCustomer(booking, closure);
      outcome.asked += 1;
    }
    this.deps.logger.info(
      { closureId: closure.id as string, from: form.from, to: form.to, ...counts(outcome) },
      'days closed',
    );
    return outcome;
  }

  /** Opens the days again; visits moved for the closure stay where they are. */
  async reopen(closureId: string): Promise<ClosureDocument> {
    const closure = /^[a-f0-9]{24}$/.test(closureId)
      ? await ClosureModel.findById(closureId)
      : null;
    if (!closure) throw new DomainError('notFound', ClosureMessages.notFound);
    if (closure.from <= this.today()) {
      throw new DomainError('conflict', ClosureMessages.pastClosure);
    }
    await ClosureModel.deleteOne({ _id: closure._id });
    // Visits still on the reopened days go on as booked: no choice is owed any more.
    await BookingModel.updateMany(
      { 'closedDay.closureId': closureId },
      { $set: { closedDay: null } },
    );
    return closure;
  }

  /** Marks the visit's day closed, with `offer`, only while the visit is still on that day. */
  private async markClosed(
    booking: BookingDocument,
    closure: ClosureDocument,
    offer: VisitSlot | null,
  ): Promise<void> {
    await BookingModel.updateOne(
      { _id: booking._id, date: booking.date, time: booking.time },
      {
        $set: {
          closedDay: {
            date: booking.date,
            reason: closure.reason,
            offerDate: offer?.date ?? null,
            offerTime: offer?.time ?? null,
            closureId: closure.id as string,
          },
        },
      },
    );
  }

  /**
   * A plan's visit moves by the plan's rule (planVisits): the nearest open day of its week in
   * the period, its own window first, with a place left. False when none has room: the customer
   * is asked instead, and the operators see it counted as unplaced.
   */
  private async movePlanVisit(
    booking: BookingDocument,
    closure: ClosureDocument,
    adminId: string,
  ): Promise<boolean> {
    const bounds = await periodBoundsOf(booking);
    if (!bounds) return false;
    const today = this.today();
    const earliest = bounds.first > today ? bounds.first : today;
    const periodEnd = addDays(bounds.last, 1);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const availability = await this.deps.slots.remaining(
        addDays(booking.date, -6),
        addDays(booking.date, 6),
      );
      const [planned] = planVisits([{ date: booking.date, time: booking.time }], availability, {
        earliest,
        periodEnd,
      });
      if (!planned?.movedFrom) return false;
      const slot = { date: planned.date, time: planned.time };
      await this.markClosed(booking, closure, slot);
      try {
        await this.deps.lifecycle.scheduledByOperator(
          booking.id as string,
          slot,
          `${adminId}:closure`,
        );
        return true;
      } catch (error) {
        // The window filled between the read and the move: read the places again.
        if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
      }
    }
    return false;
  }

  /** Offers the customer the next open day and emails them to choose. */
  private async askCustomer(booking: BookingDocument, closure: ClosureDocument): Promise<void> {
    const offer = booking.subscriptionId ? null : await this.nextOpenSlot(booking);
    await this.markClosed(booking, closure, offer);
    const bookingId = booking.id as string;
    await this.deps.jobs.add(
      jobs.closedDayEmail,
      { bookingId, date: booking.date, time: booking.time },
      { jobId: `closed-day-${bookingId}-${booking.date}` },
    );
  }

  /** The first open day after the visit's with a place, its own window first that day. */
  private async nextOpenSlot(booking: BookingDocument): Promise<VisitSlot | null> {
    const from = addDays(booking.date, 1);
    const availability = await this.deps.slots.remaining(from, addDays(from, OFFER_SEARCH_DAYS));
    const order: TimeWindowId[] = [
      booking.time,
      ...TIME_WINDOW_IDS.filter((time) => time !== booking.time),
    ];
    for (const day of availability.days) {
      const time = order.find((window) => day.windows[window] > 0);
      if (time) return { date: day.date, time };
    }
    return null;
  }
}

const counts = ({ moved, asked, unplaced }: ClosureOutcome) => ({ moved, asked, unplaced });
