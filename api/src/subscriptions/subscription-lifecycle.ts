import type { UpdateQuery } from 'mongoose';
import { isDuplicateKeyError } from '../platform/mongo';
import { DomainError } from '../domain/domain-error';
import { addDays, todayInToronto } from '../domain/calendar/toronto-date';
import type { MonthlyPlanView } from '../domain/subscription/plan-standing';
import { planVisits, type VisitSlot } from '../domain/subscription/visit-schedule';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import type { Clock } from '../platform/clock';
import type { Logger } from '../platform/logger';
import { BookingModel, type BookingDocument } from '../bookings/booking-model';
import type { BookingPlans } from '../bookings/booking-plans';
import type { BookingLifecycle, BookingRequest } from '../bookings/lifecycle/booking-lifecycle';
import { customerMay } from '../bookings/lifecycle/booking-moves';
import type { SlotLedger } from '../bookings/slot-ledger';
import { paidAmountDiffers } from '../payments/paid-amount';
import type { PlanEndReason, SubscriptionEventEffect } from '../payments/payment-events';
import type { PaymentProvider } from '../payments/payment-provider';
import type { PlanPaymentRecords } from '../payments/plan-payment-records';
import { periodIndexOf, periodStartOf, ruleVisitsOf, visitBookingId } from './plan-periods';
import { neverPaid, periodBoundsOf, planViewOf } from './plan-view';
import {
  SubscriptionModel,
  type Subscription,
  type SubscriptionDocument,
  type SubscriptionStatus,
} from './subscription-model';
import { presentString } from '../platform/present-string';

export interface SubscriptionSettings {
  /** How long an unpaid renewal's visits keep their places before they are released. */
  graceSeconds: number;
  /** How long a new plan's first visits wait for the first payment (the booking hold). */
  holdSeconds: number;
}

/** The plan settings of the configuration, as the API and the workers both read them. */
export function subscriptionSettings(config: {
  PLAN_GRACE_SECONDS: number;
  PAYMENT_HOLD_SECONDS: number;
}): SubscriptionSettings {
  return { graceSeconds: config.PLAN_GRACE_SECONDS, holdSeconds: config.PAYMENT_HOLD_SECONDS };
}

/** What a customer's change of a plan sets, adds to or takes from it (PlanService). */
export interface CustomerPlanChange {
  $set?: Record<string, unknown>;
  $addToSet?: Record<string, unknown>;
  $pull?: Record<string, unknown>;
}

type Effect<K extends SubscriptionEventEffect['kind']> = Extract<
  SubscriptionEventEffect,
  { kind: K }
>;

/** Why a plan's end called a visit off: an operator's cancel, or a period never paid. */
const RELEASED_BY_END = { cancelled: 'plan-cancelled', unpaid: 'plan-ended' } as const;

/** The visits a plan's end called off, by date: its email takes them out of a calendar. */
export function visitsCalledOffByEnd(planId: string) {
  return BookingModel.find({
    subscriptionId: planId,
    status: 'cancelled',
    cancelReason: { $in: Object.values(RELEASED_BY_END) },
  })
    .sort({ date: 1, time: 1 })
    .lean();
}

/** The visits of a period still waiting for, or given up for want of, the period's money. */
const UNPAID_VISIT = { status: { $in: ['pending_payment', 'payment_failed'] } };

/**
 * Where a plan stands, from what is known of it rather than from the order events arrived in: a
 * period whose payment failed and was never paid makes it past due until the plan ends.
 */
export function statusOf(
  plan: Pick<Subscription, 'endedAt' | 'paidPeriods' | 'failedPayments'>,
): SubscriptionStatus {
  if (plan.endedAt) return 'ended';
  const paid = new Set(plan.paidPeriods);
  if (plan.failedPayments.some((failure) => !paid.has(failure.periodIndex))) return 'past_due';
  return paid.size > 0 ? 'active' : 'incomplete';
}

/**
 * The one owner of a Monthly Visit plan's life: its opening with its first four visits, and what
 * each of the provider's events does to it and to its visits. Each visit is a booking, moved only
 * through the booking lifecycle; this decides which visits a period has and when they are paid,
 * released or restored. Every step is safe to repeat and to meet out of order: visits have ids
 * derived from the plan, the period and their place in it, and the plan's status is recomputed
 * from the periods paid and failed, whatever order the events came in.
 *
 * It is the only writer of plans (tests/infra/record-writers.test.ts): the card claimed by an
 * in-page payment and the customer's own changes are recorded here too, for the services below
 * and beside it that make them (PlanPaymentRecords, PlanService), and bookings/ reaches plans
 * through it (BookingPlans).
 */
export class SubscriptionLifecycle implements BookingPlans, PlanPaymentRecords {
  constructor(
    private readonly deps: {
      bookings: BookingLifecycle;
      slots: SlotLedger;
      jobs: JobProducer;
      clock: Clock;
      logger: Logger;
      settings: SubscriptionSettings;
      /** What stops a plan's payment under way when its customer withdraws it. */
      provider: Pick<PaymentProvider, 'closeCheckout' | 'cancelSubscription'>;
    },
  ) {}

  /**
   * A new plan from the booking form: the plan, then its first period's four visits (`visits`,
   * judged against the rule by the caller), all taking their places or none. Answers the first
   * visit, the booking the customer pays for.
   */
  async open(request: BookingRequest, visits: VisitSlot[]): Promise<BookingDocument> {
    const planId = request._id;
    await SubscriptionModel.create({
      _id: planId,
      userId: request.userId,
      name: request.name,
      phone: request.phone,
      email: request.email,
      address: request.address,
      postalCode: request.postalCode,
      serviceId: request.serviceId,
      anchorDate: request.date,
      time: request.time,
      amountCents: request.amountCents,
      history: [{ what: 'opened', by: 'customer', at: this.deps.clock.now() }],
    });
    try {
      const opened = await this.deps.bookings.openVisits(
        visits.map((slot, index) => this.visitRequest(request, 0, index, slot)),
        this.deps.settings.holdSeconds,
      );
      const first = opened[0];
      if (!first) throw new Error('a plan opened without visits');
      await SubscriptionModel.updateOne({ _id: planId }, { $set: { reference: first.reference } });
      return first;
    } catch (error) {
      await SubscriptionModel.deleteOne({ _id: planId });
      throw error;
    }
  }

  private visitRequest(
    first: BookingRequest,
    periodIndex: number,
    visitIndex: number,
    slot: VisitSlot,
  ): BookingRequest {
    const isFirst = periodIndex === 0 && visitIndex === 0;
    return {
      ...first,
      _id: visitBookingId(first._id, periodIndex, visitIndex),
      date: slot.date,
      time: slot.time,
      // The plan's price is paid once a period, for all its visits: the first visit carries it.
      amountCents: isFirst ? first.amountCents : 0,
      imageKey: isFirst ? first.imageKey : '',
      imageType: isFirst ? first.imageType : '',
      idempotencyKey: isFirst ? first.idempotencyKey : undefined,
      requestFingerprint: isFirst ? first.requestFingerprint : '',
      subscriptionId: first._id,
      periodIndex,
      visitIndex,
    };
  }

  /**
   * A card sent from the page claims the plan's one provider subscription (PaymentService): a
   * second card while the first is charged, or after it was, would start a second monthly charge.
   * The same card again is the same request and claims it again.
   */
  async claimInPagePayment(planId: string, paymentMethodId: string): Promise<boolean> {
    const claimed = await SubscriptionModel.findOneAndUpdate(
      {
        _id: planId,
        'provider.subscriptionId': null,
        'provider.claimedBy': { $in: [null, paymentMethodId] },
      },
      { $set: { 'provider.claimedBy': paymentMethodId } },
    );
    return claimed !== null;
  }

  /** The claimed card was declined, or the provider could not be asked: another card may try. */
  async releaseInPagePaymentClaim(planId: string, paymentMethodId: string): Promise<void> {
    await SubscriptionModel.updateOne(
      { _id: planId, 'provider.claimedBy': paymentMethodId },
      { $set: { 'provider.claimedBy': null } },
    );
  }

  /** The provider made the subscription for the claimed card: its ids are the plan's. */
  async inPageSubscriptionStarted(
    planId: string,
    subscription: { provider: string; providerSubscriptionId: string; customerId: string },
  ): Promise<void> {
    await SubscriptionModel.updateOne(
      { _id: planId },
      {
        $set: {
          'provider.name': subscription.provider,
          'provider.subscriptionId': subscription.providerSubscriptionId,
          'provider.customerId': subscription.customerId,
        },
      },
    );
  }

  /**
   * The customer changed the plan at the provider (PlanService): `update` is recorded, stamped as
   * at least as recent as anything the provider says now, so an older event changes nothing.
   */
  async changedByCustomer(planId: string, what: string, update: CustomerPlanChange): Promise<void> {
    const now = this.deps.clock.now();
    await SubscriptionModel.updateOne(
      { _id: planId },
      {
        ...update,
        $max: {
          providerEventAt: Math.floor(now.getTime() / 1000),
          localChangeAt: Math.floor(now.getTime() / 1000),
        },
        $push: { history: { what, by: 'customer', at: now } },
      },
    );
  }

  /** What a stored provider event does to its plan; answers what happened, for the event's record. */
  apply(effect: SubscriptionEventEffect, by: string): Promise<string> {
    switch (effect.kind) {
      case 'subscriptionStarted':
        return this.started(effect, by);
      case 'periodPaid':
        return this.periodPaid(effect, by);
      case 'periodPaymentFailed':
        return this.periodPaymentFailed(effect, by);
      case 'subscriptionUpdated':
        return this.updated(effect, by);
      case 'subscriptionEnded':
        return this.ended(effect.subscriptionId, effect, by, effect.reason);
    }
  }

  /** The provider's ids, recorded the first time an event names them. */
  private providerIds(effect: SubscriptionEventEffect): Record<string, string> {
    const set: Record<string, string> = {};
    if (effect.providerSubscriptionId)
      set['provider.subscriptionId'] = effect.providerSubscriptionId;
    if (effect.customerId) set['provider.customerId'] = effect.customerId;
    return set;
  }

  /** Writes `update` and the plan's status as the result says it is now. */
  private async change(
    planId: string,
    update: UpdateQuery<Subscription>,
    what: string,
    by: string,
  ): Promise<SubscriptionDocument | null> {
    const history = { what, by, at: this.deps.clock.now() };
    const changed = await SubscriptionModel.findOneAndUpdate(
      { _id: planId },
      { ...update, $push: { history } },
      { new: true },
    );
    if (!changed) return null;
    const status = statusOf(changed);
    if (status === changed.status) return changed;
    return SubscriptionModel.findOneAndUpdate({ _id: planId }, { $set: { status } }, { new: true });
  }

  private async started(effect: Effect<'subscriptionStarted'>, by: string): Promise<string> {
    const plan = await this.change(
      effect.subscriptionId,
      { $set: this.providerIds(effect) },
      'checkout completed',
      by,
    );
    return plan ? 'linked' : 'plan not found';
  }

  /**
   * A period's invoice was paid: the period's visits (opened now for a renewal) are paid, or
   * restored when their grace had run out; the customer gets the period's visits in one email.
   */
  private async periodPaid(effect: Effect<'periodPaid'>, by: string): Promise<string> {
    const found = await SubscriptionModel.findById(effect.subscriptionId);
    if (!found) return 'plan not found';
    const { logger } = this.deps;
    if (
      paidAmountDiffers(logger, 'plan', found.id as string, effect.amountCents, found.amountCents)
    ) {
      return 'amount mismatch';
    }
    const index = periodIndexOf(found.createdAt, new Date(effect.periodStart * 1000));
    const plan = await this.change(
      found.id as string,
      { $set: this.providerIds(effect), $addToSet: { paidPeriods: index } },
      `period ${String(index)} paid`,
      by,
    );
    if (!plan) return 'plan not found';
    // A paid period is owed its visits even when the plan's end was heard of first: events come
    // in any order, and the provider bills no period after the end. Visits an operator or the
    // customer called off stay off (visitPaid restores only those given up unpaid).
    const visits = await this.openPeriod(plan, index, this.deps.settings.holdSeconds);
    const outcomes: string[] = [];
    for (const visit of visits)
      outcomes.push(await this.deps.bookings.visitPaid(visit.id as string, by));
    await this.deps.jobs.add(
      jobs.planPeriodEmail,
      { subscriptionId: plan.id as string, periodIndex: index, invoiceId: effect.invoiceId },
      { jobId: `plan-period-${plan.id as string}-${String(index)}` },
    );
    return `period ${String(index)}: ${outcomes.join(', ')}`;
  }

  /**
   * A period's invoice failed: the plan is past due, a renewal's visits keep their places for the
   * grace period (then the payment timer releases them), and the customer is asked to update the
   * card. A first payment that fails leaves the first visits on their booking hold.
   */
  private async periodPaymentFailed(
    effect: Effect<'periodPaymentFailed'>,
    by: string,
  ): Promise<string> {
    const found = await SubscriptionModel.findById(effect.subscriptionId);
    if (!found) return 'plan not found';
    const index = periodIndexOf(found.createdAt, new Date(effect.periodStart * 1000));
    const failure = {
      invoiceId: effect.invoiceId,
      periodIndex: index,
      attempt: effect.attempt,
      final: effect.final,
      reason: effect.reason,
      at: this.deps.clock.now(),
    };
    const plan = await this.change(
      found.id as string,
      {
        $set: this.providerIds(effect),
        $addToSet: { failedPayments: failure },
      },
      `period ${String(index)} payment failed (attempt ${String(effect.attempt)})`,
      by,
    );
    if (!plan) return 'plan not found';
    if (plan.paidPeriods.includes(index)) return 'kept paid';
    if (plan.endedAt) return 'kept ended';
    if (index > 0) {
      await this.openPeriod(plan, index, this.deps.settings.graceSeconds);
      // The plan's end may have been applied while these were opened (events run side by side).
      if (await SubscriptionModel.exists({ _id: plan._id, endedAt: { $ne: null } })) {
        await this.releaseUnpaid(plan.id as string, by);
        return 'kept ended';
      }
    }
    await this.deps.jobs.add(
      jobs.planPaymentFailedEmail,
      { subscriptionId: plan.id as string, invoiceId: effect.invoiceId, attempt: effect.attempt },
      {
        jobId: `plan-failed-${plan.id as string}-${effect.invoiceId}-${String(effect.attempt)}`,
      },
    );
    return index > 0 ? `period ${String(index)} held for the grace period` : 'first payment failed';
  }

  private async updated(effect: Effect<'subscriptionUpdated'>, by: string): Promise<string> {
    if (effect.status === 'canceled' || effect.status === 'incomplete_expired') {
      return this.ended(effect.subscriptionId, effect, by, 'provider');
    }
    const plan = await SubscriptionModel.findOneAndUpdate(
      {
        _id: effect.subscriptionId,
        providerEventAt: { $lte: effect.created },
        // An event of the very second of the customer's own change may predate it.
        localChangeAt: { $not: { $gte: effect.created } },
      },
      {
        $set: {
          ...this.providerIds(effect),
          cancelAtPeriodEnd: effect.cancelAtPeriodEnd,
          providerEventAt: effect.created,
        },
      },
      { new: true },
    );
    if (plan) return effect.cancelAtPeriodEnd ? 'ends at period end' : 'renews';
    return (await SubscriptionModel.exists({ _id: effect.subscriptionId }))
      ? 'kept: a later change was applied'
      : 'plan not found';
  }

  /**
   * The customer called off a visit of a plan never paid. Such a plan is one unpaid hold: were
   * its visits given up one by one, the others would keep their places uncounted. So the plan
   * ends whole: its payment under way is stopped (the open checkout page closed, the provider's
   * subscription cancelled, so no month is billed after), and each of its visits gives its place
   * back through the booking lifecycle (`ended`). Answers the visit as it is now; null, having
   * changed nothing, for a visit of no plan, one the customer may no longer call off, a plan paid
   * before, or one whose first payment has just gone through: those are the lifecycle's to judge
   * (a paid plan's visit is skipped).
   */
  async withdrawn(visitId: string, by: string): Promise<BookingDocument | null> {
    const visit = await BookingModel.findById(visitId);
    const planId = visit?.subscriptionId;
    if (!visit || !planId || !customerMay('cancelledByCustomer', visit, this.deps.clock.now())) {
      return null;
    }
    const plan = await SubscriptionModel.findById(planId);
    if (!plan || !neverPaid(plan)) return null;
    const first = await BookingModel.findById(planId);
    const page = first?.payment.checkoutSessionId;
    if (page && (await this.deps.provider.closeCheckout(page)) === 'paid') return null;
    const providerId = plan.provider?.subscriptionId;
    if (providerId) {
      await this.deps.provider.cancelSubscription(providerId, `plan-${planId}-withdrawn`);
    }
    await this.ended(planId, null, by, 'customer');
    return BookingModel.findById(visitId);
  }

  /** The plan a booking is a visit of, as its customer sees it (BookingPlans). */
  planViewOf(booking: Pick<BookingDocument, 'subscriptionId'>): Promise<MonthlyPlanView | null> {
    return planViewOf(booking);
  }

  /** The days of the plan's period a visit belongs to, within which it may move (BookingPlans). */
  periodBoundsOf(
    visit: Pick<BookingDocument, 'subscriptionId' | 'periodIndex'>,
  ): Promise<{ first: string; last: string } | null> {
    return periodBoundsOf(visit);
  }

  /**
   * The plan ends (the provider cancelled it, after its last retry or at the period's end, or an
   * operator did): the visits of periods never paid give their places back and the customer is
   * told. Paid visits stay: the customer paid for them.
   */
  async ended(
    planId: string,
    effect: { created: number } | null,
    by: string,
    why: PlanEndReason | 'operator' | 'customer',
  ): Promise<string> {
    const now = this.deps.clock.now();
    const found = await SubscriptionModel.findById(planId);
    if (!found) return 'plan not found';
    const plan = await this.change(
      planId,
      {
        $set: {
          endedAt: found.endedAt ?? now,
          endReason: found.endReason ?? why,
          // A plan that ended at its period's end had been asked to, whatever order said so.
          ...(why === 'period end' ? { cancelAtPeriodEnd: true } : {}),
          ...(effect ? { providerEventAt: Math.max(found.providerEventAt, effect.created) } : {}),
        },
      },
      'ended',
      by,
    );
    if (!plan) return 'plan not found';
    let released = await this.releaseUnpaid(planId, by);
    if (why === 'operator') released += await this.callOffVisitsAhead(planId, by);
    await this.deps.jobs.add(
      jobs.planEndedEmail,
      { subscriptionId: planId },
      { jobId: `plan-ended-${planId}` },
    );
    return `ended; ${String(released)} unpaid visits released`;
  }

  /**
   * An operator's cancel calls off every visit still to come, paid ones included. Safe to repeat:
   * a visit called off already is not found again.
   */
  async callOffVisitsAhead(planId: string, by: string): Promise<number> {
    const future = await BookingModel.find({
      subscriptionId: planId,
      date: { $gte: todayInToronto(this.deps.clock.now()) },
      status: { $in: ['pending_payment', 'payment_failed', 'paid'] },
    });
    for (const visit of future) {
      await this.deps.bookings.visitReleased(visit.id as string, RELEASED_BY_END.cancelled, by);
    }
    return future.length;
  }

  /** An ended plan's visits of periods never paid give their places back. */
  private async releaseUnpaid(planId: string, by: string): Promise<number> {
    const plan = await SubscriptionModel.findById(planId);
    if (!plan) return 0;
    const unpaid = await BookingModel.find({
      subscriptionId: planId,
      periodIndex: { $nin: plan.paidPeriods },
      ...UNPAID_VISIT,
    });
    for (const visit of unpaid) {
      await this.deps.bookings.visitReleased(visit.id as string, RELEASED_BY_END.unpaid, by);
    }
    return unpaid.length;
  }

  /**
   * The visits of period `index`, opened when they are not yet: the rule's four, a full window
   * moved to the nearest free one of its week (the plan's customer chose the first period's; a
   * renewal takes the nearest), waiting `holdSeconds` for the money. A visit whose whole week is
   * full is not opened; the period's email says so and an operator arranges it.
   */
  private async openPeriod(
    plan: SubscriptionDocument,
    index: number,
    holdSeconds: number,
  ): Promise<BookingDocument[]> {
    const planId = plan.id as string;
    for (let attempt = 0; ; attempt += 1) {
      const existing = await BookingModel.find({
        subscriptionId: presentString(planId),
        periodIndex: index,
      }).sort({
        visitIndex: 1,
      });
      if (index === 0 || existing.length === 4) return existing;
      const have = new Set(existing.map((visit) => visit.visitIndex));
      const periodStart = periodStartOf(plan.anchorDate, index);
      const periodEnd = periodStartOf(plan.anchorDate, index + 1);
      const rule = ruleVisitsOf(plan, index);
      const availability = await this.deps.slots.remaining(periodStart, addDays(periodEnd, -1));
      const planned = planVisits(rule, availability, { earliest: periodStart, periodEnd });
      const chosen = new Set(existing.map((visit) => `${visit.date}|${visit.time}`));
      const requests: BookingRequest[] = [];
      const template = this.requestOf(plan);
      planned.forEach((visit, visitIndex) => {
        if (have.has(visitIndex)) return;
        const slot = visit.available
          ? { date: visit.date, time: visit.time }
          : visit.alternatives.find((option) => !chosen.has(`${option.date}|${option.time}`));
        if (!slot) {
          this.deps.logger.warn(
            { subscriptionId: planId, period: index, date: visit.date },
            'no free window in the week of a plan visit',
          );
          return;
        }
        chosen.add(`${slot.date}|${slot.time}`);
        requests.push(this.visitRequest(template, index, visitIndex, slot));
      });
      try {
        await this.deps.bookings.openVisits(requests, holdSeconds);
        const visits = await BookingModel.find({
          subscriptionId: presentString(planId),
          periodIndex: index,
        }).sort({ visitIndex: 1 });
        await this.recordUnplaced(plan, index, planned, visits);
        return visits;
      } catch (error) {
        // A window filled between the read and the taking: read the places again.
        const raced = error instanceof DomainError && error.kind === 'conflict';
        if (!raced && !isDuplicateKeyError(error)) throw error;
        if (attempt >= 3) throw error;
      }
    }
  }

  /**
   * The visits of period `index` no window of their week could take: kept on the plan for the
   * operators' list, and told to the business, which arranges them with the customer. A later
   * event for the period that finds room places them and clears the record.
   */
  private async recordUnplaced(
    plan: SubscriptionDocument,
    index: number,
    planned: { date: string }[],
    visits: BookingDocument[],
  ): Promise<void> {
    const placed = new Set(visits.map((visit) => visit.visitIndex));
    const unplaced = planned
      .map((visit, visitIndex) => ({ periodIndex: index, visitIndex, week: visit.date }))
      .filter((visit) => !placed.has(visit.visitIndex));
    const planId = plan.id as string;
    await SubscriptionModel.updateOne(
      { _id: planId },
      { $pull: { unplacedVisits: { periodIndex: index } } },
    );
    if (unplaced.length === 0) return;
    await SubscriptionModel.updateOne(
      { _id: planId },
      { $push: { unplacedVisits: { $each: unplaced } } },
    );
    await this.deps.jobs.add(
      jobs.planUnplacedNotice,
      { subscriptionId: planId, periodIndex: index },
      { jobId: `plan-unplaced-${planId}-${String(index)}` },
    );
  }

  /** The plan's customer and first visit, as the template of its renewals' visits. */
  private requestOf(plan: SubscriptionDocument): BookingRequest {
    return {
      _id: plan.id as string,
      userId: plan.userId ? String(plan.userId) : null,
      name: plan.name,
      phone: plan.phone,
      email: plan.email,
      address: plan.address,
      postalCode: plan.postalCode,
      serviceId: plan.serviceId,
      planId: 'monthly',
      date: plan.anchorDate,
      time: plan.time,
      amountCents: 0,
      imageKey: '',
      imageType: '',
      idempotencyKey: undefined,
      requestFingerprint: '',
    };
  }
}
