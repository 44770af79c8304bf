import { createHash } from 'node:crypto';
import { UserModel } from '../accounts/user-model';
import { isBookingId } from '../domain/booking/booking-id';
import {
  BookingMessages,
  timeLabel,
  type BookingForm,
  type MonthlyPlanView,
} from '../domain/booking/booking-schema';
import { PlanMessages } from '../domain/subscription/plan-messages';
import {
  findPlan,
  memberPrice,
  PLAN_MEMBER_DISCOUNT_PERCENT,
  type Plan,
  type TimeWindowId,
} from '../domain/booking/catalogue';
import { DomainError } from '../domain/domain-error';
import { resumeStranded } from '../jobs/follow-up-sweep';
import { isDuplicateKeyError } from '../platform/mongo';
import { BookingModel, type BookingDocument } from './booking-model';
import type { BookingPlans, PlanMembers } from './booking-plans';
import type { BookingLifecycle, BookingRequest } from './lifecycle/booking-lifecycle';
import {
  firstPeriodVisits,
  followsPlanRule,
  type VisitSlot,
} from '../domain/subscription/visit-schedule';
import type { ManageLinks } from './manage-link';
import type { SlotLedger } from './slot-ledger';
import { previewMonthlyPlan } from './monthly-plan';
import type { JobProducer } from '../jobs/job-producer';
import { jobs } from '../jobs/job-definitions';
import { AWAITING_PAYMENT } from '../domain/booking/booking-status';
import { paymentReminderJobId } from './lifecycle/booking-effects';
import { presentString } from '../platform/present-string';

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
    form.postalCode,
    form.service,
    form.plan,
    form.date,
    form.time,
    form.visits ?? null,
    form.member ?? null,
    form.details ?? null,
    photo,
    options.userId ?? null,
    // Only when given, so a form without one fingerprints as it did before the field existed.
    ...(form.company ? [form.company] : []),
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** Bookings: creating them, and what a customer may do with one afterwards. */
export class BookingService {
  constructor(
    private readonly deps: {
      lifecycle: BookingLifecycle;
      /** The Monthly Visit plans a booking may open or be a visit of (SubscriptionLifecycle). */
      subscriptions: BookingPlans;
      links: ManageLinks;
      membership: PlanMembers;
      /** Whether a window is still open to customers (same-day lead time, the business calendar). */
      slots: Pick<SlotLedger, 'isOpen' | 'assertDayOpen' | 'remaining'>;
      jobs: Pick<JobProducer, 'runNow'>;
    },
  ) {}

  /**
   * Refuses a day the business is closed (the business calendar) and a window that has started
   * or starts too soon to book (docs/product.md, Decisions).
   */
  private async assertWindowOpen(date: string, time: TimeWindowId): Promise<void> {
    await this.deps.slots.assertDayOpen(date);
    if (this.deps.slots.isOpen(date, time)) return;
    const message = BookingMessages.windowClosed(date, timeLabel(time));
    throw new DomainError('booking.window_closed', message, { fields: { time: message } });
  }

  /**
   * A Monthly Visit plan's first four visits: as the customer confirmed them (a full window
   * swapped within its week), or the rule's own with any on a closed day stepped to an open day
   * of its week, as the form showed them. Their places are taken, all or none, when the plan opens.
   */
  private async planVisitsOf(form: BookingForm): Promise<VisitSlot[]> {
    const first = { date: form.date, time: form.time };
    if (form.visits) {
      if (!followsPlanRule(first, form.visits)) {
        throw new DomainError('invalid', BookingMessages.visitsNotThePlan, {
          fields: { visits: BookingMessages.visitsNotThePlan },
        });
      }
      for (const visit of form.visits) await this.deps.slots.assertDayOpen(visit.date, 'visits');
      return form.visits;
    }
    const rule = firstPeriodVisits(first);
    const preview = await previewMonthlyPlan(this.deps.slots, first);
    return preview.visits.map((planned, index) => {
      const ruled = rule[index] ?? planned;
      if (planned.movedFrom) return { date: planned.date, time: planned.time };
      return { date: ruled.date, time: ruled.time };
    });
  }

  /**
   * Stores a validated booking priced from the catalogue, never from the form; the lifecycle
   * opens it (a paid plan takes a place in its window, 409 when none is left).
   */
  async create(form: BookingForm, options: CreateBookingOptions): Promise<CreatedBooking> {
    const fingerprint = requestFingerprint(form, options);
    if (options.idempotencyKey) {
      const earlier = await BookingModel.findOne({
        idempotencyKey: presentString(options.idempotencyKey),
      });
      if (earlier) return this.replay(earlier, fingerprint);
    }
    const plan = findPlan(form.plan);
    if (!plan) throw new DomainError('invalid', BookingMessages.planUnknown);
    await this.assertWindowOpen(form.date, form.time);
    const visits = plan.id === 'monthly' ? await this.planVisitsOf(form) : [];
    const price = await this.priceOf(form, plan, options.userId);
    const company = form.company || (await this.profileCompanyOf(options.userId));
    let booking: BookingDocument;
    try {
      // A plan's visits copy their first visit's request, company included.
      const request: BookingRequest = {
        _id: options.bookingId,
        userId: options.userId ?? null,
        name: form.name,
        company,
        phone: form.phone,
        email: form.email,
        address: form.address,
        postalCode: form.postalCode,
        details: form.details ?? '',
        serviceId: form.service,
        planId: form.plan,
        date: form.date,
        time: form.time,
        amountCents: price.amountCents,
        discount: price.discount,
        imageKey: options.photo?.key ?? '',
        imageType: options.photo?.mimeType ?? '',
        idempotencyKey: options.idempotencyKey,
        requestFingerprint: fingerprint,
      };
      booking =
        plan.id === 'monthly'
          ? await this.deps.subscriptions.open(request, visits)
          : await this.deps.lifecycle.open(request);
    } catch (error) {
      if (options.idempotencyKey && isDuplicateKeyError(error)) {
        const earlier = await BookingModel.findOne({
          idempotencyKey: presentString(options.idempotencyKey),
        });
        if (earlier) return this.replay(earlier, fingerprint);
      }
      throw error;
    }
    return { booking, token: this.deps.links.token(options.bookingId), replayed: false };
  }

  /**
   * The company of a signed-in customer's profile, which a form without one is made out to; null
   * for a visitor or a profile without one.
   */
  private async profileCompanyOf(userId: string | undefined): Promise<string | null> {
    if (userId === undefined) return null;
    // Hydrated, not lean: an account saved before the field existed reads its default ('').
    const user = await UserModel.findById(userId);
    const company = user?.profile.company.trim() ?? '';
    return company === '' ? null : company;
  }

  /**
   * What the visit costs, from the catalogue: a one-time visit of another service than an active
   * plan's is the plan member's price, for the plan's own account or the holder of the discount
   * link emailed to the plan's address. Never from the form.
   */
  private async priceOf(
    form: BookingForm,
    plan: Plan,
    userId: string | undefined,
  ): Promise<{ amountCents: number | null; discount: BookingRequest['discount'] }> {
    if (plan.id !== 'one-time' || plan.amountCents === null) {
      return { amountCents: plan.amountCents, discount: null };
    }
    const member = await this.deps.membership.planOf({
      userId: userId ?? null,
      email: form.email,
      memberToken: form.member,
    });
    if (!member || member.serviceId === form.service) {
      return { amountCents: plan.amountCents, discount: null };
    }
    return {
      amountCents: memberPrice(plan.amountCents),
      discount: {
        percent: PLAN_MEMBER_DISCOUNT_PERCENT,
        fullPriceCents: plan.amountCents,
        planId: member.id,
      },
    };
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
      throw new DomainError('booking.idempotency_key_reused', BookingMessages.idempotencyKeyReused);
    }
    if (earlier.followUpsPending) await this.deps.lifecycle.finishOpening(earlier);
    return { booking: earlier, token: this.deps.links.token(earlier.id as string), replayed: true };
  }

  /** The follow-up sweep's part: bookings saved before `savedBefore` whose jobs were never handed over. */
  resumeFollowUps(savedBefore: Date, limit: number): Promise<string[]> {
    return resumeStranded(BookingModel, 'followUpsPending', savedBefore, limit, (booking) =>
      this.deps.lifecycle.finishOpening(booking),
    );
  }

  /**
   * The booking, when the proof shows the caller owns it. Every other caller gets the very 404 an
   * unknown id gets, so an id (or a reference read out on the phone) tells a stranger nothing.
   */
  async findOwned(bookingId: string, proof: OwnershipProof): Promise<BookingDocument> {
    let booking: BookingDocument | null = null;
    if (isBookingId(bookingId)) {
      const { token, userId } = proof;
      if (token !== undefined && this.deps.links.verify(bookingId, token)) {
        booking = await BookingModel.findById(bookingId);
      } else if (token !== undefined) {
        // A plan's token (its first visit's) proves every visit of the plan.
        const visit = await BookingModel.findById(bookingId);
        const planId = visit?.subscriptionId;
        if (planId && this.deps.links.verify(planId, token)) booking = visit;
      }
      if (!booking && userId !== undefined) {
        booking = await BookingModel.findOne({ _id: bookingId, userId });
      }
    }
    if (!booking) throw new DomainError('notFound', BookingMessages.notFound);
    return booking;
  }

  /** The Monthly Visit plan a booking is a visit of, as its customer sees it (null for none). */
  planOf(booking: BookingDocument): Promise<MonthlyPlanView | null> {
    return this.deps.subscriptions.planViewOf(booking);
  }

  /** The plans of a list of bookings, each read once, by plan id. */
  async plansOf(bookings: BookingDocument[]): Promise<Map<string, MonthlyPlanView>> {
    const plans = new Map<string, MonthlyPlanView>();
    for (const booking of bookings) {
      const planId = booking.subscriptionId;
      if (!planId || plans.has(planId)) continue;
      const plan = await this.deps.subscriptions.planViewOf(booking);
      if (plan) plans.set(planId, plan);
    }
    return plans;
  }

  async listForUser(userId: string): Promise<BookingDocument[]> {
    return BookingModel.find({ userId }).sort({ date: -1, createdAt: -1 }).limit(200);
  }

  /**
   * The customer calls the visit off; the lifecycle gives the place back and, in time, the money.
   * A visit of a plan never paid takes its whole plan with it (SubscriptionLifecycle.withdrawn):
   * such a plan is one unpaid hold, never given up one place at a time.
   */
  async cancel(
    bookingId: string,
    by: string,
  ): Promise<{ booking: BookingDocument; refund: boolean }> {
    const withdrawn = await this.deps.subscriptions.withdrawn(bookingId, by);
    if (withdrawn) return { booking: withdrawn, refund: false };
    return this.deps.lifecycle.cancelledByCustomer(bookingId, by);
  }

  /** A checkout page was opened: the lifecycle keeps the place held while that page works. */
  checkoutStarted(bookingId: string, holdUntil: Date, checkout: Record<string, unknown>) {
    return this.deps.lifecycle.checkoutStarted(bookingId, holdUntil, checkout);
  }

  /** A card payment was made from the page: the lifecycle records it on the booking. */
  inPagePaymentStarted(bookingId: string, payment: { provider: string; intentId: string }) {
    return this.deps.lifecycle.inPagePaymentStarted(bookingId, payment);
  }

  /**
   * The customer left payment (closed the payment form, cancelled the provider's page): the
   * "Complete your booking" email goes now rather than later, still once. Nothing to do for a
   * booking that no longer waits for its money.
   */
  async paymentLeft(booking: BookingDocument): Promise<void> {
    if (!AWAITING_PAYMENT.includes(booking.status)) return;
    const bookingId = booking.id as string;
    await this.deps.jobs.runNow(
      jobs.completeBookingEmail,
      { bookingId },
      paymentReminderJobId(bookingId),
    );
  }

  /**
   * Moves the visit to another date and window, its place with it. A plan's visit moves within
   * its own month: the month is paid for as a whole.
   */
  async reschedule(bookingId: string, date: string, time: TimeWindowId): Promise<BookingDocument> {
    await this.assertWindowOpen(date, time);
    const booking = await BookingModel.findById(bookingId);
    if (booking?.subscriptionId) {
      const bounds = await this.deps.subscriptions.periodBoundsOf(booking);
      if (bounds && (date < bounds.first || date > bounds.last)) {
        const message = PlanMessages.moveWithinPeriod(bounds.first, bounds.last);
        throw new DomainError('invalid', message, { fields: { date: message } });
      }
    }
    return this.deps.lifecycle.rescheduled(bookingId, date, time);
  }
}
