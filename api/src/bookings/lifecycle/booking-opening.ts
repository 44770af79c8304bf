import { AWAITING_PAYMENT } from '../../domain/booking/booking-status';
import { BookingMessages } from '../../domain/booking/booking-schema';
import type { TimeWindowId } from '../../domain/booking/catalogue';
import { DomainError } from '../../domain/domain-error';
import { phoneKey } from '../../domain/form-fields';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { isDuplicateKeyError } from '../../platform/mongo';
import { referenceCode } from '../../platform/reference-code';
import { WriteBehind } from '../../platform/write-behind';
import type { BookingEffects } from './booking-effects';
import { BookingModel, type BookingDocument } from '../booking-model';
import { type BookingMove, OPENINGS } from './booking-moves';
import { refundCutoffFor } from './refund-policy';

/** Bookings whose handed-over flag one write clears, at most. */
const HANDED_OVER_BATCH = 100;

export interface LifecycleSettings {
  holdSeconds: number;
  /** However often checkout is opened again, an unpaid hold ends this long after booking. */
  holdLimitSeconds: number;
  /** Unpaid holds (a booking, or a plan with all its visits) one email or phone may have. */
  unpaidHoldsPerContact: number;
}

/** The booking settings of the configuration, as the API and the workers both read them. */
export function lifecycleSettings(config: {
  PAYMENT_HOLD_SECONDS: number;
  PAYMENT_HOLD_LIMIT_SECONDS: number;
  UNPAID_HOLDS_PER_CONTACT: number;
}): LifecycleSettings {
  return {
    holdSeconds: config.PAYMENT_HOLD_SECONDS,
    holdLimitSeconds: Math.max(config.PAYMENT_HOLD_LIMIT_SECONDS, config.PAYMENT_HOLD_SECONDS),
    unpaidHoldsPerContact: config.UNPAID_HOLDS_PER_CONTACT,
  };
}

/** A new booking as its customer asked for it: all of it but where its lifecycle starts. */
export interface BookingRequest {
  _id: string;
  userId: string | null;
  name: string;
  /** "Company (for invoices)", the form's or the profile's; null for none. */
  company?: string | null;
  phone: string;
  email: string;
  address: string;
  /** 'M4W 1P8', already checked against the service area (the booking form's schema). */
  postalCode: string;
  /** The customer's own words about the job; '' when none. */
  details?: string;
  serviceId: string;
  planId: string;
  date: string;
  time: TimeWindowId;
  /** Null for a Custom Estimate, which takes no payment and holds no place. */
  amountCents: number | null;
  /** A plan member's discount, already taken off `amountCents`. */
  discount?: { percent: number; fullPriceCents: number; planId: string } | null;
  imageKey: string;
  imageType: string;
  idempotencyKey: string | undefined;
  requestFingerprint: string;
  /** A visit of the job a quote became: booked by an operator, paid for by the quote. */
  quoteId?: string;
  /** A visit of a Monthly Visit plan: its plan, period and place in the period. */
  subscriptionId?: string;
  periodIndex?: number;
  visitIndex?: number;
}

/**
 * The bookings of the same contact: the same email, or the same phone however it was typed. A
 * booking stored before phoneKey existed has only its digits as typed, so it is matched on the
 * two ways a North American number was written then. Such a booking holds a place only while
 * its hold lasts (PAYMENT_HOLD_LIMIT_SECONDS, or a renewal's PLAN_GRACE_SECONDS): once the last
 * of them has run out, this clause finds nothing and can go.
 */
function contactOf(booking: Pick<BookingDocument, 'email' | 'phoneKey'>) {
  const key = booking.phoneKey;
  const national = /^\+1\d{10}$/.test(key) ? key.slice(2) : null;
  const digits = national === null ? [key.replace(/^\+/, '')] : [national, `1${national}`];
  return [
    { email: booking.email },
    { phoneKey: key },
    { phoneKey: { $exists: false }, phoneDigits: { $in: digits } },
  ];
}

/** Where a booking of this kind starts. */
function openingOf(booking: {
  quoteId?: string | null;
  amountCents?: number | null;
  subscriptionId?: string | null;
  periodIndex?: number | null;
  visitIndex?: number | null;
}) {
  // A plan's very first visit opens as any paid booking does (the business hears of the plan).
  if (booking.quoteId) return OPENINGS.jobVisit;
  const firstOfPlan = booking.periodIndex === 0 && booking.visitIndex === 0;
  if (booking.subscriptionId && !firstOfPlan) return OPENINGS.visit;
  return booking.amountCents === null ? OPENINGS.estimate : OPENINGS.paid;
}

/** The lifecycle's first step (BookingLifecycle.open): where a booking starts, and its hold. */
export class BookingOpening {
  /**
   * Bookings whose follow-ups were handed over, their flag cleared many to a write. Safe to lose
   * with the process: a booking left flagged is finished again by the sweep, and its jobs' ids are
   * its own, so nothing is queued or sent twice.
   */
  private readonly handedOver: WriteBehind<BookingDocument['_id']>;

  constructor(
    private readonly deps: {
      effects: BookingEffects;
      clock: Clock;
      settings: LifecycleSettings;
      logger: Logger;
    },
  ) {
    this.handedOver = new WriteBehind({
      write: async (ids) => {
        await BookingModel.updateMany({ _id: { $in: ids } }, { $set: { followUpsPending: false } });
      },
      maxBatch: HANDED_OVER_BATCH,
      onError: (error, ops) => {
        deps.logger.warn({ err: error, ops }, 'follow-ups handed over, not recorded yet');
      },
    });
  }

  /** Records now what is waiting to be recorded. */
  flush(): Promise<void> {
    return this.handedOver.flush();
  }

  /** Whatever fails after the place was taken gives it back. */
  async open(request: BookingRequest): Promise<BookingDocument> {
    const opening = openingOf(request);
    const takesPlace = opening.effects.includes('takePlace');
    if (takesPlace) await this.deps.effects.takePlace(request, request._id);
    let booking: BookingDocument;
    try {
      booking = await this.insert(request, opening);
    } catch (error) {
      if (takesPlace) await this.deps.effects.givePlaceBack(request, request._id);
      throw error;
    }
    if (opening.effects.includes('startHold')) await this.refuseOverUnpaidBound(booking);
    await this.finish(booking);
    return booking;
  }

  /**
   * Queues the follow-ups: on Redis, or in the job outbox while Redis is away, so only a MongoDB
   * failure is left to stop them. The booking is saved and answered regardless: its photo and
   * place stay, and `followUpsPending` says its work was not handed over (the follow-up sweep and
   * a repeated request finish it; the job ids are the booking's own, so nothing is queued twice).
   */
  async finish(booking: BookingDocument): Promise<boolean> {
    const opening = openingOf(booking);
    try {
      await this.deps.effects.after(opening.effects, {
        before: booking,
        after: booking,
        refund: false,
      });
      this.handedOver.add(booking._id);
      return true;
    } catch (error) {
      this.deps.logger.error(
        { err: error, bookingId: booking.id as string },
        'booking saved but its follow-up jobs could not be queued',
      );
      return false;
    }
  }

  /**
   * The visits of a plan's period, all or none: each takes its place, and if one cannot (its
   * window filled meanwhile) every place this call took is given back and its bookings removed.
   * A visit that exists already (the same period opened again) is kept as it is. `holdSeconds`
   * is how long they wait for the period's money. The first visit of a new plan is checked
   * against the bound on unpaid holds, as any booking is.
   */
  async openVisits(requests: BookingRequest[], holdSeconds: number): Promise<BookingDocument[]> {
    const visits: BookingDocument[] = [];
    const made: BookingDocument[] = [];
    try {
      for (const request of requests) {
        const existing = await BookingModel.findById(request._id);
        if (existing) {
          visits.push(existing);
          continue;
        }
        await this.deps.effects.takePlace(request, request._id);
        let booking: BookingDocument;
        try {
          booking = await this.insert(request, openingOf(request), holdSeconds);
        } catch (error) {
          // The same period opened at the same time by another event: that visit is the one,
          // and the place (held under its id) is its own, so it stays.
          const twin = isDuplicateKeyError(error) ? await BookingModel.findById(request._id) : null;
          if (twin) {
            visits.push(twin);
            continue;
          }
          await this.deps.effects.givePlaceBack(request, request._id);
          throw error;
        }
        made.push(booking);
        visits.push(booking);
      }
      const first = made.find((visit) => visit.periodIndex === 0 && visit.visitIndex === 0);
      if (first) await this.refuseOverUnpaidBound(first);
    } catch (error) {
      for (const visit of made) {
        await BookingModel.deleteOne({ _id: visit._id });
        await this.deps.effects.givePlaceBack(visit, visit.id as string);
      }
      throw error;
    }
    for (const visit of made) await this.finish(visit);
    return visits;
  }

  private async insert(
    request: BookingRequest,
    opening: BookingMove,
    holdSeconds = this.deps.settings.holdSeconds,
  ): Promise<BookingDocument> {
    const now = this.deps.clock.now();
    const holds = opening.effects.includes('startHold');
    const after = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    const holdLimitSeconds = Math.max(holdSeconds, this.deps.settings.holdLimitSeconds);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await BookingModel.create({
          ...request,
          phoneDigits: request.phone.replace(/\D/g, ''),
          phoneKey: phoneKey(request.phone),
          reference: referenceCode('HS'),
          status: opening.to,
          holdUntil: holds ? after(holdSeconds) : null,
          holdLimit: holds ? after(holdLimitSeconds) : null,
          refundCutoff: request.amountCents === null ? null : refundCutoffFor(request),
          history: [{ from: null, to: opening.to, by: 'customer', at: now }],
        });
      } catch (error) {
        // Two bookings drew the same reference: draw again. Any other clash is the caller's.
        const referenceClash =
          isDuplicateKeyError(error) && (error as Error).message.includes('reference');
        if (!referenceClash || attempt >= 4) throw error;
      }
    }
  }

  /**
   * One email address or phone may hold only a few unpaid places at once, so nobody can take a
   * day's places off sale by booking and never paying. A hold is an unpaid one-time booking or a
   * plan with visits waiting for their money, however many: a plan's visits are given up together
   * (SubscriptionLifecycle.withdrawn), so counting the plan once bounds its places too. Counted
   * after the insert, so two bookings racing past the bound both see each other and both step
   * back: the bound is never passed.
   */
  private async refuseOverUnpaidBound(booking: BookingDocument): Promise<void> {
    const limit = this.deps.settings.unpaidHoldsPerContact;
    const [counted] = await BookingModel.aggregate<{ holds: number }>([
      {
        $match: {
          status: { $in: AWAITING_PAYMENT },
          holdUntil: { $gt: this.deps.clock.now() },
          $or: contactOf(booking),
        },
      },
      { $group: { _id: { $ifNull: ['$subscriptionId', '$_id'] } } },
      { $count: 'holds' },
    ]);
    if ((counted?.holds ?? 0) <= limit) return;
    if (!booking.subscriptionId) {
      await BookingModel.deleteOne({ _id: booking._id });
      await this.deps.effects.givePlaceBack(booking, booking.id as string);
    }
    throw new DomainError('booking.too_many_unpaid', BookingMessages.tooManyUnpaid(String(limit)));
  }
}
