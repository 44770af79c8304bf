import { createHash } from 'node:crypto';
import { isBookingId } from '../domain/booking/booking-id';
import { BookingMessages, type BookingForm, timeLabel } from '../domain/booking/booking-schema';
import { AWAITING_PAYMENT, HOLDS_A_PLACE } from '../domain/booking/booking-status';
import { findPlan, type TimeWindowId } from '../domain/booking/catalogue';
import { todayInToronto } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import { jobs } from '../jobs/job-definitions';
import { resumeStranded } from '../jobs/follow-up-sweep';
import type { JobProducer } from '../jobs/job-producer';
import type { Logger } from '../platform/logger';
import { isDuplicateKeyError } from '../platform/mongo';
import { referenceCode } from '../platform/reference-code';
import { BookingModel, type BookingDocument } from './booking-model';
import { moveBooking } from './booking-transitions';
import { refundCutoffFor, refundDeadline, refundOnCustomerCancel } from './lifecycle/refund-policy';
import type { ManageLinks } from './manage-link';
import type { SlotLedger } from './slot-ledger';
import { reminderDelayMs } from './visit-times';

export interface StoredPhoto {
  key: string;
  mimeType: string;
  size?: number;
}

export interface CreateBookingOptions {
  /** Chosen before the upload (newBookingId), so the photo is stored under the booking's own key. */
  bookingId: string;
  photo?: StoredPhoto | undefined;
  userId?: string | undefined;
  idempotencyKey?: string | undefined;
}

export interface CreatedBooking {
  booking: BookingDocument;
  /**
   * The proof of ownership handed to the page that made the booking: it pays for the booking and
   * opens it again with this. The same token the manage link in the emails carries.
   */
  token: string;
  /** True when an earlier request with the same idempotency key made this booking. */
  replayed: boolean;
}

/**
 * What proves a caller owns a booking: its token (from the booking answer, the manage link or the
 * checkout's return address), or the login of the account it was made from.
 */
export interface OwnershipProof {
  token?: string | undefined;
  userId?: string | undefined;
}

/** Everything that makes one booking request: a repeated Idempotency-Key must repeat all of it. */
function requestFingerprint(form: BookingForm, options: CreateBookingOptions): string {
  const photo = options.photo ? [options.photo.mimeType, options.photo.size ?? null] : null;
  const parts = [
    form.name,
    form.phone,
    form.email,
    form.address,
    form.service,
    form.plan,
    form.date,
    form.time,
    photo,
    options.userId ?? null,
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** The booking settings of the configuration, as the API and the workers both read them. */
export function bookingServiceSettings(config: {
  PAYMENT_HOLD_SECONDS: number;
  PAYMENT_HOLD_LIMIT_SECONDS: number;
  UNPAID_HOLDS_PER_CONTACT: number;
}) {
  return {
    holdSeconds: config.PAYMENT_HOLD_SECONDS,
    holdLimitSeconds: Math.max(config.PAYMENT_HOLD_LIMIT_SECONDS, config.PAYMENT_HOLD_SECONDS),
    unpaidHoldsPerContact: config.UNPAID_HOLDS_PER_CONTACT,
  };
}

const windowFull = (date: string, time: TimeWindowId) => {
  const message = BookingMessages.windowFull(date, timeLabel(time));
  return new DomainError('conflict', message, { fields: { time: message } });
};

/** Bookings: creating them, and what a customer may do with one afterwards. */
export class BookingService {
  constructor(
    private readonly deps: {
      jobs: JobProducer;
      slots: SlotLedger;
      links: ManageLinks;
      holdSeconds: number;
      /** However often checkout is opened again, an unpaid hold ends this long after booking. */
      holdLimitSeconds: number;
      /** Unpaid places one email address or one phone number may hold at once. */
      unpaidHoldsPerContact: number;
      logger: Logger;
    },
  ) {}

  /**
   * Stores a validated booking priced from the catalogue. A paid plan first takes a place in its
   * window (409 when none is left); a Custom Estimate takes none. Whatever fails after the place
   * was taken gives it back.
   */
  async create(form: BookingForm, options: CreateBookingOptions): Promise<CreatedBooking> {
    const fingerprint = requestFingerprint(form, options);
    if (options.idempotencyKey) {
      const earlier = await BookingModel.findOne({ idempotencyKey: options.idempotencyKey });
      if (earlier) return this.replay(earlier, fingerprint);
    }
    const plan = findPlan(form.plan);
    if (!plan) throw new DomainError('invalid', BookingMessages.planUnknown);
    const bookingId = options.bookingId;
    const paid = plan.amountCents !== null;
    if (paid && !(await this.deps.slots.take(form.date, form.time, bookingId))) {
      throw windowFull(form.date, form.time);
    }
    let booking: BookingDocument;
    try {
      booking = await this.insert(form, options, paid, fingerprint);
    } catch (error) {
      if (paid) await this.deps.slots.release(form.date, form.time, bookingId);
      if (options.idempotencyKey && isDuplicateKeyError(error)) {
        const earlier = await BookingModel.findOne({ idempotencyKey: options.idempotencyKey });
        if (earlier) return this.replay(earlier, fingerprint);
      }
      throw error;
    }
    if (paid) await this.refuseOverUnpaidBound(booking);
    await this.handOverFollowUps(booking);
    return { booking, token: this.deps.links.token(bookingId), replayed: false };
  }

  /**
   * The same form sent again (a double click, a retry after a lost answer). Only the same request
   * from the same sender gets the booking, and with it the booking's token: the same key with
   * another form, another photo or another account is refused. If the first request stopped
   * before its follow-ups were handed over, this is the moment to finish that: the job ids are
   * the booking's own, so what was queued already is not queued twice.
   */
  private async replay(earlier: BookingDocument, fingerprint: string): Promise<CreatedBooking> {
    if (earlier.requestFingerprint !== fingerprint) {
      throw new DomainError('conflict', BookingMessages.idempotencyKeyReused);
    }
    if (earlier.followUpsPending) await this.handOverFollowUps(earlier);
    return { booking: earlier, token: this.deps.links.token(earlier.id as string), replayed: true };
  }

  /**
   * One email address or phone may hold only a few unpaid places at once, so nobody can take a
   * day's places off sale by booking and never paying. Counted after the insert, so two bookings
   * racing past the bound both see each other and both step back: the bound is never passed.
   */
  private async refuseOverUnpaidBound(booking: BookingDocument): Promise<void> {
    const limit = this.deps.unpaidHoldsPerContact;
    const holding = await BookingModel.countDocuments({
      status: { $in: AWAITING_PAYMENT },
      holdUntil: { $gt: new Date() },
      $or: [{ email: booking.email }, { phoneDigits: booking.phoneDigits }],
    });
    if (holding <= limit) return;
    await BookingModel.deleteOne({ _id: booking._id });
    await this.deps.slots.release(booking.date, booking.time, booking.id as string);
    throw new DomainError('conflict', BookingMessages.tooManyUnpaid(String(limit)));
  }

  /** The follow-up sweep's part: bookings saved before `savedBefore` whose jobs were never handed over. */
  resumeFollowUps(savedBefore: Date, limit: number): Promise<number> {
    return resumeStranded(BookingModel, 'followUpsPending', savedBefore, limit, (booking) =>
      this.handOverFollowUps(booking),
    );
  }

  /**
   * Queues the follow-ups: on Redis, or in the job outbox while Redis is away, so only a MongoDB
   * failure is left to stop them. The booking is saved and answered regardless: its photo and
   * place stay, and `followUpsPending` says its work was not handed over.
   */
  private async handOverFollowUps(booking: BookingDocument): Promise<void> {
    try {
      await this.queueFollowUps(booking);
      await BookingModel.updateOne({ _id: booking._id }, { $set: { followUpsPending: false } });
    } catch (error) {
      this.deps.logger.error(
        { err: error, bookingId: booking.id as string },
        'booking saved but its follow-up jobs could not be queued',
      );
    }
  }

  private async insert(
    form: BookingForm,
    options: CreateBookingOptions,
    paid: boolean,
    fingerprint: string,
  ): Promise<BookingDocument> {
    const plan = findPlan(form.plan);
    const status = paid ? 'pending_payment' : 'estimate_requested';
    const now = Date.now();
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await BookingModel.create({
          _id: options.bookingId,
          reference: referenceCode('HS'),
          userId: options.userId ?? null,
          name: form.name,
          phone: form.phone,
          phoneDigits: digitsOf(form.phone),
          email: form.email,
          address: form.address,
          serviceId: form.service,
          planId: form.plan,
          date: form.date,
          time: form.time,
          amountCents: plan?.amountCents ?? null,
          status,
          imageKey: options.photo?.key ?? '',
          imageType: options.photo?.mimeType ?? '',
          idempotencyKey: options.idempotencyKey,
          requestFingerprint: fingerprint,
          holdUntil: paid ? new Date(now + this.deps.holdSeconds * 1000) : null,
          holdLimit: paid ? new Date(now + this.deps.holdLimitSeconds * 1000) : null,
          refundCutoff: paid ? refundCutoffFor(form) : null,
          history: [{ from: null, to: status, by: 'customer', at: new Date() }],
        });
      } catch (error) {
        // Two bookings drew the same reference: draw again. Any other clash is the caller's.
        const referenceClash =
          isDuplicateKeyError(error) && (error as Error).message.includes('reference');
        if (!referenceClash || attempt >= 4) throw error;
      }
    }
  }

  /** The emails and the payment timer of a new booking; each job id is the booking's own. */
  private async queueFollowUps(booking: BookingDocument): Promise<void> {
    const bookingId = booking.id as string;
    await this.deps.jobs.add(
      jobs.businessBookingNotification,
      { bookingId },
      { jobId: `notify-${bookingId}` },
    );
    if (booking.status === 'estimate_requested') {
      await this.deps.jobs.add(
        jobs.estimateAcknowledgementEmail,
        { bookingId },
        { jobId: `estimate-ack-${bookingId}` },
      );
    } else {
      // Due when the hold ends, also when the follow-ups are handed over late (the sweep).
      const holdEnds = booking.holdUntil?.getTime() ?? Date.now() + this.deps.holdSeconds * 1000;
      await this.deps.jobs.add(
        jobs.releaseUnpaidBooking,
        { bookingId },
        { jobId: `release-${bookingId}`, delayMs: Math.max(0, holdEnds - Date.now()) },
      );
    }
  }

  /** A booking by id, for operators and jobs; customers reach theirs through `findOwned`. */
  async find(bookingId: string): Promise<BookingDocument> {
    const booking = isBookingId(bookingId) ? await BookingModel.findById(bookingId) : null;
    if (!booking) throw new DomainError('notFound', BookingMessages.notFound);
    return booking;
  }

  /**
   * The booking, when the proof shows the caller owns it. Every other caller gets the very 404 an
   * unknown id gets, so an id (or a reference read out on the phone) tells a stranger nothing.
   */
  async findOwned(bookingId: string, proof: OwnershipProof): Promise<BookingDocument> {
    let booking: BookingDocument | null = null;
    if (isBookingId(bookingId)) {
      if (proof.token !== undefined && this.deps.links.verify(bookingId, proof.token)) {
        booking = await BookingModel.findById(bookingId);
      } else if (proof.userId !== undefined) {
        booking = await BookingModel.findOne({ _id: bookingId, userId: proof.userId });
      }
    }
    if (!booking) throw new DomainError('notFound', BookingMessages.notFound);
    return booking;
  }

  async listForUser(userId: string): Promise<BookingDocument[]> {
    return BookingModel.find({ userId }).sort({ date: -1, createdAt: -1 }).limit(200);
  }

  /**
   * Cancels an open booking: its place goes back on sale at once, and a paid booking more than
   * 24 hours ahead is refunded through the provider (by a job: the provider may be slow).
   */
  async cancel(
    bookingId: string,
    by: string,
  ): Promise<{ booking: BookingDocument; refund: boolean }> {
    const booking = await this.find(bookingId);
    if (booking.date < todayInToronto())
      throw new DomainError('conflict', BookingMessages.cannotCancel);
    const refund = refundOnCustomerCancel(booking, new Date());
    const result = await moveBooking(bookingId, 'cancelled', by, {
      cancelledAt: new Date(),
      cancelReason: 'customer',
      ...(refund ? { 'payment.refundRequestedAt': new Date() } : {}),
    });
    if (!result.moved) throw new DomainError('conflict', BookingMessages.cannotCancel);
    const cancelled = result.booking;
    await this.visitCalledOff(cancelled, refund);
    if (refund) {
      await this.deps.jobs.add(jobs.refundBooking, { bookingId }, { jobId: `refund-${bookingId}` });
    }
    return { booking: cancelled, refund };
  }

  /** A visit that will not happen: its place goes back on sale and the customer is told. */
  private async visitCalledOff(booking: BookingDocument, refund: boolean): Promise<void> {
    const bookingId = booking.id as string;
    await this.deps.slots.release(booking.date, booking.time, bookingId);
    await this.deps.jobs.add(
      jobs.bookingCancelledEmail,
      { bookingId, refund },
      { jobId: `cancelled-${bookingId}` },
    );
  }

  /**
   * Moves an open booking to another date and window. A booking that holds a place takes the new
   * one first (409 when it is full) and gives the old one back only once the booking points at
   * the new one, so it never holds nothing and never holds two for long.
   */
  async reschedule(bookingId: string, date: string, time: TimeWindowId): Promise<BookingDocument> {
    const booking = await this.find(bookingId);
    const open = booking.status === 'estimate_requested' || HOLDS_A_PLACE.includes(booking.status);
    if (!open || booking.date < todayInToronto()) {
      throw new DomainError('conflict', BookingMessages.cannotReschedule);
    }
    if (booking.date === date && booking.time === time) {
      throw new DomainError('invalid', BookingMessages.sameSlot, {
        fields: { date: BookingMessages.sameSlot },
      });
    }
    const holdsPlace = HOLDS_A_PLACE.includes(booking.status);
    if (holdsPlace && !(await this.deps.slots.take(date, time, bookingId))) {
      throw windowFull(date, time);
    }
    // A paid visit keeps the earliest cutoff it ever had; an unpaid one takes its new visit's.
    // (The update is conditional on the date and time read here, so nothing moved it meanwhile.)
    let refundCutoff = refundCutoffFor({ date, time });
    if (booking.status === 'paid') {
      const earlier = refundDeadline(booking);
      if (earlier < refundCutoff) refundCutoff = earlier;
    }
    const moved = await BookingModel.findOneAndUpdate(
      { _id: booking._id, status: booking.status, date: booking.date, time: booking.time },
      {
        $set: { date, time, refundCutoff },
        $push: {
          history: {
            from: booking.status,
            to: booking.status,
            by: `reschedule:${booking.date}-${booking.time}`,
            at: new Date(),
          },
        },
      },
      { new: true },
    );
    if (!moved) {
      if (holdsPlace) await this.deps.slots.release(date, time, bookingId);
      throw new DomainError('conflict', BookingMessages.cannotReschedule);
    }
    if (holdsPlace) {
      await this.deps.slots.release(booking.date, booking.time, bookingId);
    }
    if (moved.status === 'paid') await this.queueVisitEmails(moved, 'rescheduled');
    return moved;
  }

  /**
   * The confirmation (or the notice of a new date) and the reminder of a paid booking. Safe to
   * call again: the job ids name the booking and its date, so a repeat queues nothing new.
   */
  async queueVisitEmails(
    booking: BookingDocument,
    kind: 'confirmation' | 'rescheduled',
  ): Promise<void> {
    const bookingId = booking.id as string;
    const visit = { bookingId, date: booking.date, time: booking.time };
    if (kind === 'confirmation') {
      await this.deps.jobs.add(
        jobs.bookingConfirmationEmail,
        { bookingId },
        { jobId: `confirmation-${bookingId}` },
      );
    } else {
      await this.deps.jobs.add(jobs.bookingRescheduledEmail, visit, {
        jobId: `rescheduled-${bookingId}-${booking.date}-${booking.time}`,
      });
    }
    const delayMs = reminderDelayMs(booking);
    if (delayMs !== null) {
      await this.deps.jobs.add(jobs.bookingReminderEmail, visit, {
        jobId: `reminder-${bookingId}-${booking.date}-${booking.time}`,
        delayMs,
      });
    }
  }

  /**
   * A paid booking refunded at the provider (from its dashboard, not through a cancel here): the
   * visit is off, so its place goes back on sale and the customer is told. Safe to repeat.
   */
  refundedAtProvider(booking: BookingDocument): Promise<void> {
    return this.visitCalledOff(booking, true);
  }

  /**
   * The payment timer: an unpaid booking past its hold is cancelled and its place given back.
   * A hold extended meanwhile (a checkout page still open) sets the timer again.
   */
  async releaseIfUnpaid(bookingId: string): Promise<'released' | 'kept' | 'extended'> {
    const booking = await BookingModel.findById(bookingId);
    if (!booking) return 'kept';
    if (AWAITING_PAYMENT.includes(booking.status)) {
      const holdUntil = booking.holdUntil?.getTime() ?? 0;
      if (holdUntil > Date.now()) {
        await this.deps.jobs.add(
          jobs.releaseUnpaidBooking,
          { bookingId },
          { jobId: `release-${bookingId}-${String(holdUntil)}`, delayMs: holdUntil - Date.now() },
        );
        return 'extended';
      }
      const result = await moveBooking(bookingId, 'cancelled', 'payment-timeout', {
        cancelledAt: new Date(),
        cancelReason: 'unpaid',
      });
      if (!result.moved) return 'kept';
    } else if (HOLDS_A_PLACE.includes(booking.status)) {
      return 'kept';
    }
    // Also reached on a retry after a crash between the cancel and the release above.
    await this.deps.slots.release(booking.date, booking.time, bookingId);
    return 'released';
  }
}
