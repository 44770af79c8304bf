import { totalOf } from '../platform/mongo';
import { newestFirstPage, type NewestFirstRange, type WithPlaces } from '../platform/newest-first';
import { BookingModel, type BookingDocument } from '../bookings/booking-model';
import { serviceTitle } from '../bookings/booking-view';
import type { AdminPlanList, AdminPlanView } from '../domain/admin/admin-views';
import { ADMIN_PAGE_SIZE } from '../domain/admin/admin-views';
import { todayInToronto } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import { PlanMessages } from '../domain/subscription/plan-messages';
import type { PaymentProvider } from '../payments/payment-provider';
import type { TestBillingOutcome, TestCard } from '../payments/test-billing';
import { TestPaymentProvider } from '../payments/test-provider';
import type { Clock } from '../platform/clock';
import { periodStartOf } from './plan-periods';
import { standingOf } from './plan-view';
import type { SubscriptionLifecycle } from './subscription-lifecycle';
import {
  SubscriptionModel,
  type SubscriptionDocument,
  type SubscriptionStatus,
} from './subscription-model';

const UPCOMING_VISITS = 8;

/** The operators' side of Monthly Visit plans: the list, a cancel, and a renewal on request. */
export class PlanAdmin {
  constructor(
    private readonly deps: {
      provider: PaymentProvider;
      lifecycle: SubscriptionLifecycle;
      clock: Clock;
    },
  ) {}

  private today(): string {
    return todayInToronto(this.deps.clock.now());
  }

  /**
   * A page of the plans (of one status, or all), newest first, read by key: from the top, after
   * a place or before one.
   */
  async list(
    status: SubscriptionStatus | undefined,
    range: Omit<NewestFirstRange, 'limit'>,
  ): Promise<WithPlaces<AdminPlanList>> {
    const filter = status ? { status } : {};
    const [page, total] = await Promise.all([
      newestFirstPage<SubscriptionDocument>(SubscriptionModel, filter, {
        ...range,
        limit: ADMIN_PAGE_SIZE,
      }),
      totalOf(SubscriptionModel, filter),
    ]);
    const plans = page.rows;
    const upcoming = await this.upcomingVisits(plans.map((plan) => plan.id as string));
    return {
      plans: plans.map((plan) => this.view(plan, upcoming.get(plan.id as string) ?? [])),
      total,
      pageSize: ADMIN_PAGE_SIZE,
      next: page.next,
      previous: page.previous,
      canRenewNow: this.deps.provider instanceof TestPaymentProvider,
    };
  }

  /** The visits from today on of each plan, by date, read in one query for a whole page. */
  private async upcomingVisits(planIds: string[]): Promise<Map<string, BookingDocument[]>> {
    const visits = await BookingModel.find({
      subscriptionId: { $in: planIds },
      date: { $gte: this.today() },
    }).sort({ date: 1, time: 1 });
    const byPlan = new Map<string, BookingDocument[]>();
    for (const visit of visits) {
      const planId = visit.subscriptionId ?? '';
      const list = byPlan.get(planId) ?? [];
      if (list.length < UPCOMING_VISITS) list.push(visit);
      byPlan.set(planId, list);
    }
    return byPlan;
  }

  private view(plan: SubscriptionDocument, visits: BookingDocument[]): AdminPlanView {
    const standing = standingOf(plan, this.today());
    return {
      id: plan.id as string,
      reference: plan.reference,
      name: plan.name,
      email: plan.email,
      phone: plan.phone,
      address: plan.address,
      service: serviceTitle(plan.serviceId),
      status: plan.status,
      amountCents: plan.amountCents,
      // The customer's own page says the same: after a paused month, none once ending.
      nextRenewal: standing.renewsOn,
      cancelAtPeriodEnd: plan.cancelAtPeriodEnd,
      standing,
      upcomingVisits: visits.map((visit) => ({
        id: visit.id as string,
        date: visit.date,
        time: visit.time,
        status: visit.status,
      })),
      unplacedWeeks: plan.unplacedVisits.map((visit) => visit.week),
      failedPayments: plan.failedPayments.map((failure) => ({
        at: failure.at.toISOString(),
        periodStart: periodStartOf(plan.anchorDate, failure.periodIndex),
        attempt: failure.attempt,
        final: failure.final,
      })),
      endedAt: plan.endedAt?.toISOString() ?? null,
      createdAt: plan.createdAt.toISOString(),
    };
  }

  private async find(planId: string): Promise<SubscriptionDocument> {
    const plan = await SubscriptionModel.findById(planId);
    if (!plan) throw new DomainError('notFound', PlanMessages.notFound);
    return plan;
  }

  /**
   * Ends the plan now: the provider stops billing, and every visit still to come is called off
   * (paid or not; a refund, if one is owed, is the operator's call at the provider).
   */
  async cancel(planId: string, adminId: string): Promise<AdminPlanView> {
    const plan = await this.find(planId);
    if (plan.endedAt) throw new DomainError('conflict', PlanMessages.ended);
    const by = `admin:${adminId}`;
    // Called off before the provider hears of it: the provider's own event of the end may reach
    // the workers first, and the email that tells the customer must find these visits called off
    // (it takes each out of their calendar).
    await this.deps.lifecycle.callOffVisitsAhead(planId, by);
    const providerId = plan.provider?.subscriptionId;
    if (providerId) {
      await this.deps.provider.cancelSubscription(providerId, `plan-${planId}-operator-cancel`);
    }
    await this.deps.lifecycle.ended(planId, null, by, 'operator');
    const upcoming = await this.upcomingVisits([planId]);
    return this.view(await this.find(planId), upcoming.get(planId) ?? []);
  }

  /** The next renewal now, on the local test provider only: so a person can watch one happen. */
  async renewNow(planId: string, card?: TestCard): Promise<TestBillingOutcome> {
    const { provider } = this.deps;
    if (!(provider instanceof TestPaymentProvider)) {
      throw new DomainError('conflict', PlanMessages.renewalOnlyInTestMode);
    }
    const plan = await this.find(planId);
    if (plan.endedAt) throw new DomainError('conflict', PlanMessages.ended);
    return provider.billing.renew(planId, card);
  }
}
