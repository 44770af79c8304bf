import { createHash } from 'node:crypto';
import type { BookingService, OwnershipProof } from '../bookings/booking-service';
import type { ManageLinks } from '../bookings/manage-link';
import type { MonthlyPlanView } from '../domain/subscription/plan-standing';
import { todayInToronto } from '../domain/calendar/toronto-date';
import { DomainError } from '../domain/domain-error';
import { PlanMessages } from '../domain/subscription/plan-messages';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import type { PaymentProvider, SubscriptionChange } from '../payments/payment-provider';
import type { Clock } from '../platform/clock';
import { addMonthsUtc } from '../domain/calendar/utc-months';
import { pausedAhead, pauseUnderWay, planViewOf } from './plan-view';
import type { CustomerPlanChange, SubscriptionLifecycle } from './subscription-lifecycle';
import { SubscriptionModel, type SubscriptionDocument } from './subscription-model';

const DAY_MS = 24 * 3600 * 1000;

/** What a customer's change answers: the plan as it is now, and what happened in words. */
export interface PlanChangeAnswer {
  plan: MonthlyPlanView;
  message: string;
}

/** The kinds of change a plan's customer is emailed about. */
export type PlanChangeKind = 'cancel' | 'resume' | 'pause';

/**
 * What a Monthly Visit plan's customer may do with it (from the manage link or the account):
 * stop it at the end of the month or keep it, pause the next month or resume it before it
 * begins, update the card. Each change
 * is made at the payment provider first, then recorded here and emailed; the provider's own
 * event for it, when it comes, agrees with what was recorded. Skipping or moving one visit is the
 * booking's own cancel and reschedule.
 */
export class PlanService {
  constructor(
    private readonly deps: {
      provider: PaymentProvider;
      bookings: BookingService;
      /** Records each change on the plan, the plan's one writer. */
      lifecycle: Pick<SubscriptionLifecycle, 'changedByCustomer'>;
      links: ManageLinks;
      jobs: JobProducer;
      clock: Clock;
    },
  ) {}

  /** The plan, when the proof opens its first visit: a stranger gets that booking's 404. */
  async owned(planId: string, proof: OwnershipProof): Promise<SubscriptionDocument> {
    await this.deps.bookings.findOwned(planId, proof);
    const plan = await SubscriptionModel.findById(planId);
    if (!plan) throw new DomainError('notFound', PlanMessages.notFound);
    return plan;
  }

  /** The provider's subscription of a plan that is running: started, not ended. */
  private running(plan: SubscriptionDocument): string {
    if (plan.endedAt) throw new DomainError('conflict', PlanMessages.ended);
    const id = plan.provider?.subscriptionId;
    if (!id) throw new DomainError('conflict', PlanMessages.notStarted);
    return id;
  }

  private today(): string {
    return todayInToronto(this.deps.clock.now());
  }

  /**
   * Stops renewing after the current month, which is neither refunded nor cut short. A month
   * paused after it is given back first: the plan ends before it, and "Keep my plan" must not
   * find a pause nobody sees any more.
   */
  async cancelAtPeriodEnd(planId: string, proof: OwnershipProof): Promise<PlanChangeAnswer> {
    const plan = await this.owned(planId, proof);
    const id = this.running(plan);
    if (plan.cancelAtPeriodEnd) throw new DomainError('conflict', PlanMessages.alreadyEnding);
    const paused = pausedAhead(plan, this.today());
    await this.change(
      plan,
      id,
      [
        ...(paused.length > 0 ? [{ kind: 'unpause' } as const] : []),
        { kind: 'cancelAtPeriodEnd', value: true },
      ],
      'cancel',
      {
        $set: { cancelAtPeriodEnd: true },
        ...(paused.length > 0 ? { $pull: { pausedPeriods: { $in: paused } } } : {}),
      },
    );
    return this.answer(planId);
  }

  /**
   * Renews as usual after all: undoes a cancel at the end of the month ("Keep my plan"), or a
   * paused month that has not begun ("Resume"). A plan has at most one of the two (an ending
   * drops a pause), so the one route needs no more words than that.
   */
  async resume(planId: string, proof: OwnershipProof): Promise<PlanChangeAnswer> {
    const plan = await this.owned(planId, proof);
    const id = this.running(plan);
    if (plan.cancelAtPeriodEnd) {
      await this.change(plan, id, [{ kind: 'cancelAtPeriodEnd', value: false }], 'resume', {
        $set: { cancelAtPeriodEnd: false },
      });
      return this.answer(planId);
    }
    const paused = pausedAhead(plan, this.today());
    if (paused.length === 0) {
      const begun = pauseUnderWay(plan, this.today());
      throw new DomainError(
        'conflict',
        begun ? PlanMessages.pauseBegun : PlanMessages.nothingToResume,
      );
    }
    await this.change(plan, id, [{ kind: 'unpause' }], 'resume', {
      $pull: { pausedPeriods: { $in: paused } },
    });
    return this.answer(planId);
  }

  /**
   * Pauses the next month: the provider voids its invoice, so nothing is charged and no visits
   * are scheduled; the month after renews as usual.
   */
  async pauseNextPeriod(planId: string, proof: OwnershipProof): Promise<PlanChangeAnswer> {
    const plan = await this.owned(planId, proof);
    const id = this.running(plan);
    if (plan.cancelAtPeriodEnd) throw new DomainError('conflict', PlanMessages.pauseWhileEnding);
    if (plan.paidPeriods.length === 0) throw new DomainError('conflict', PlanMessages.notStarted);
    const next = Math.max(...plan.paidPeriods) + 1;
    if (plan.pausedPeriods.includes(next)) {
      throw new DomainError('conflict', PlanMessages.alreadyPaused);
    }
    // The provider bills period `next` about `next` months after the plan began: resuming half
    // a month later voids that one invoice and no other.
    const resumesAt = new Date(addMonthsUtc(plan.createdAt, next).getTime() + 14 * DAY_MS);
    await this.change(plan, id, [{ kind: 'pause', resumesAt }], 'pause', {
      $addToSet: { pausedPeriods: next },
    });
    return this.answer(planId);
  }

  /**
   * Emails the member-discount link to `email`, if an active plan has that address (the worker
   * checks, so the answer and its timing say nothing of who has a plan).
   */
  async requestMemberLink(email: string): Promise<void> {
    // One a day per address, however often it is asked for: nobody can flood a plan's inbox.
    const day = todayInToronto(this.deps.clock.now());
    const address = createHash('sha256').update(email).digest('hex').slice(0, 32);
    await this.deps.jobs.add(
      jobs.planMemberLinkEmail,
      { email },
      { jobId: `member-link-${address}-${day}` },
    );
  }

  /** The provider's page where the plan's customer updates their card. */
  async billingPortal(planId: string, proof: OwnershipProof): Promise<string> {
    const plan = await this.owned(planId, proof);
    const customerId = plan.provider?.customerId;
    if (!customerId) throw new DomainError('conflict', PlanMessages.noCardOnFile);
    return this.deps.provider.billingPortalUrl(customerId, this.deps.links.url(planId));
  }

  /**
   * The change at the provider, then here, then the email. The idempotency keys count the
   * plan's changes, so a retried request repeats the same calls and the next change is new.
   */
  private async change(
    plan: SubscriptionDocument,
    providerSubscriptionId: string,
    changes: SubscriptionChange[],
    kind: PlanChangeKind,
    update: CustomerPlanChange,
  ): Promise<void> {
    const planId = plan.id as string;
    const sequence = String(plan.history.length);
    for (const [index, change] of changes.entries()) {
      // The last call keeps the key one call had before, so a retry across a deploy repeats it.
      const last = index === changes.length - 1;
      await this.deps.provider.changeSubscription(
        providerSubscriptionId,
        change,
        `plan-${planId}-change-${sequence}${last ? '' : `-${change.kind}`}`,
      );
    }
    await this.deps.lifecycle.changedByCustomer(planId, kind, update);
    await this.deps.jobs.add(
      jobs.planChangedEmail,
      { subscriptionId: planId, change: kind },
      { jobId: `plan-changed-${planId}-${sequence}` },
    );
  }

  /** The plan as it is now, and where it stands in words: the page shows both, so they agree. */
  private async answer(planId: string): Promise<PlanChangeAnswer> {
    const plan = await planViewOf({ subscriptionId: planId }, this.today());
    if (!plan) throw new DomainError('notFound', PlanMessages.notFound);
    return { plan, message: plan.standing.summary };
  }
}
