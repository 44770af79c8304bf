import { AWAITING_PAYMENT } from '../../domain/booking/booking-status';
import { BookingMessages } from '../../domain/booking/booking-schema';
import type { TimeWindowId } from '../../domain/booking/catalogue';
import { DomainError } from '../../domain/domain-error';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { isDuplicateKeyError } from '../../platform/mongo';
import { referenceCode } from '../../platform/reference-code';
import type { BookingEffects } from './booking-effects';
import { BookingModel, type BookingDocument } from '../booking-model';
import { type BookingMove, OPENINGS } from './booking-moves';
import { refundCutoffFor } from './refund-policy';

export interface LifecycleSettings {
  holdSeconds: number;
  /** However often checkout is opened again, an unpaid hold ends this long after booking. */
  holdLimitSeconds: number;
  /** Unpaid places one email address or one phone number may hold at once. */
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
  phone: string;
  phoneDigits: string;
  email: string;
  address: string;
  serviceId: string;
  planId: string;
  date: string;
  time: TimeWindowId;
  /** Null for a Custom Estimate, which takes no payment and holds no place. */
  amountCents: number | null;
  imageKey: string;
  imageType: string;
  idempotencyKey: string | undefined;
  requestFingerprint: string;
}

/** The lifecycle's first step (BookingLifecycle.open): where a booking starts, and its hold. */
export class BookingOpening {
  constructor(
    private readonly deps: {
      effects: BookingEffects;
      clock: Clock;
      settings: LifecycleSettings;
      logger: Logger;
    },
  ) {}

  /** Whatever fails after the place was taken gives it back. */
  async open(request: BookingRequest): Promise<BookingDocument> {
    const opening = request.amountCents === null ? OPENINGS.estimate : OPENINGS.paid;
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
  async finish(booking: BookingDocument): Promise<void> {
    const opening = booking.status === 'estimate_requested' ? OPENINGS.estimate : OPENINGS.paid;
    try {
      await this.deps.effects.after(opening.effects, {
        before: booking,
        after: booking,
        refund: false,
      });
      await BookingModel.updateOne({ _id: booking._id }, { $set: { followUpsPending: false } });
    } catch (error) {
      this.deps.logger.error(
        { err: error, bookingId: booking.id as string },
        'booking saved but its follow-up jobs could not be queued',
      );
    }
  }

  private async insert(request: BookingRequest, opening: BookingMove): Promise<BookingDocument> {
    const now = this.deps.clock.now();
    const holds = opening.effects.includes('startHold');
    const after = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await BookingModel.create({
          ...request,
          reference: referenceCode('HS'),
          status: opening.to,
          holdUntil: holds ? after(this.deps.settings.holdSeconds) : null,
          holdLimit: holds ? after(this.deps.settings.holdLimitSeconds) : null,
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
   * day's places off sale by booking and never paying. Counted after the insert, so two bookings
   * racing past the bound both see each other and both step back: the bound is never passed.
   */
  private async refuseOverUnpaidBound(booking: BookingDocument): Promise<void> {
    const limit = this.deps.settings.unpaidHoldsPerContact;
    const holding = await BookingModel.countDocuments({
      status: { $in: AWAITING_PAYMENT },
      holdUntil: { $gt: this.deps.clock.now() },
      $or: [{ email: booking.email }, { phoneDigits: booking.phoneDigits }],
    });
    if (holding <= limit) return;
    await BookingModel.deleteOne({ _id: booking._id });
    await this.deps.effects.givePlaceBack(booking, booking.id as string);
    throw new DomainError('conflict', BookingMessages.tooManyUnpaid(String(limit)));
  }
}
