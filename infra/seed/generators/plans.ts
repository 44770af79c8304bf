import { PLANS, SERVICES } from '../../../api/src/domain/booking/catalogue';
import { addMonthsUtc } from '../../../api/src/domain/calendar/utc-months';
import { periodStartOf } from '../../../api/src/subscriptions/plan-periods';
import { windowId } from '../calendar';
import { objectIdAt, type SeedWorld } from '../world';
import { END_REASONS, PLAN_STATUS } from './schedule';

const MONTHLY = PLANS.find((plan) => plan.id === 'monthly')?.amountCents ?? 24_900;
const HOUR = 3_600_000;
const TEST_SUBSCRIPTION_KIND = 0x06;

/** The periods of plan `plan` that were paid (every period begun but the paused ones). */
export function paidPeriodsOf(world: SeedWorld, plan: number): number[] {
  const { plans } = world.schedule;
  const periods = plans.periods[plan] ?? 0;
  const paused = plans.paused[plan] ?? 0;
  const paid: number[] = [];
  for (let period = 0; period < periods; period += 1) {
    if (period >= 32 || ((paused >>> period) & 1) === 0) paid.push(period);
  }
  return paid;
}

export function pausedPeriodsOf(world: SeedWorld, plan: number): number[] {
  const { plans } = world.schedule;
  const periods = plans.periods[plan] ?? 0;
  const paused = plans.paused[plan] ?? 0;
  const list: number[] = [];
  for (let period = 1; period < Math.min(periods, 32); period += 1) {
    if ((paused >>> period) & 1) list.push(period);
  }
  return list;
}

/** When period `period`'s invoice was paid: at purchase for the first, when it began after. */
export function periodPaidAt(world: SeedWorld, plan: number, period: number): number {
  const { plans } = world.schedule;
  const createdAt = plans.createdAt[plan] ?? world.now;
  if (period === 0) return createdAt + 5 * 60_000;
  const anchorDate = world.calendar.dateOf(plans.anchorDay[plan] ?? 0);
  const start = world.calendar.dayOf(periodStartOf(anchorDate, period));
  return world.dayStart(start) + HOUR;
}

/** When the plan ended: its last period's end (the provider's last retry or the period's end). */
export function planEndedAt(world: SeedWorld, plan: number): number | null {
  const { plans } = world.schedule;
  if (plans.status[plan] !== PLAN_STATUS.ended) return null;
  const anchorDate = world.calendar.dateOf(plans.anchorDay[plan] ?? 0);
  const end = periodStartOf(anchorDate, plans.periods[plan] ?? 1);
  const endedAt = world.dayStart(world.calendar.dayOf(end)) + 2 * HOUR;
  // The provider retries a failed renewal for days before it gives up.
  return Math.min(
    world.now - HOUR,
    plans.endReason[plan] === 2 ? endedAt + 6 * 24 * HOUR : endedAt,
  );
}

/** Plan `plan` as SubscriptionModel stores it. */
export function planDocument(world: SeedWorld, plan: number): Record<string, unknown> {
  const { plans } = world.schedule;
  const { person, email, account } = world.planCustomer(plan);
  const first = world.firstVisitOf(plan);
  const createdAt = plans.createdAt[plan] ?? world.now;
  const status = plans.status[plan] === PLAN_STATUS.ended ? 'ended' : 'active';
  const endReason = END_REASONS[plans.endReason[plan] ?? 0] ?? null;
  const endedAt = planEndedAt(world, plan);
  const periods = plans.periods[plan] ?? 1;
  const anchorDate = world.calendar.dateOf(plans.anchorDay[plan] ?? 0);
  const history = [{ what: 'opened', by: 'customer', at: new Date(createdAt) }];
  if (endedAt !== null) history.push({ what: 'ended', by: 'payment-event', at: new Date(endedAt) });
  const failedAt = endedAt ?? world.now;
  const failedPayments =
    endReason === 'payment'
      ? [1, 2, 3, 4].map((attempt) => ({
          invoiceId: world.providerId('in', `plan-${String(plan)}-failed`, periods),
          periodIndex: periods,
          attempt,
          final: attempt === 4,
          reason: 'Your card was declined.',
          at: new Date(failedAt - (4 - attempt) * 2 * 24 * HOUR),
        }))
      : [];
  const lastChange = endedAt ?? periodPaidAt(world, plan, periods - 1);
  return {
    _id: world.planId(plan),
    reference: first >= 0 ? world.bookingReference(first) : '',
    userId: account >= 0 ? world.accountId(account) : null,
    name: person.name,
    phone: person.phone,
    email,
    address: person.address,
    postalCode: person.postalCode,
    serviceId: SERVICES[plans.service[plan] ?? 0]?.id ?? 'garden-maintenance',
    anchorDate,
    time: windowId(plans.window[plan] ?? 0),
    amountCents: MONTHLY,
    status,
    paidPeriods: paidPeriodsOf(world, plan),
    pausedPeriods: pausedPeriodsOf(world, plan),
    cancelAtPeriodEnd: plans.cancelAtPeriodEnd[plan] === 1,
    provider: {
      name: 'test',
      subscriptionId: world.providerId('sub', 'plan-subscription', plan),
      customerId: world.providerId('cus', 'plan-customer', plan),
      claimedBy: null,
      checkoutSessionId: world.providerId('cs', 'plan-session', plan),
      checkoutUrl: null,
      checkoutExpiresAt: new Date(createdAt + 30 * 60_000),
    },
    providerEventAt: Math.floor(lastChange / 1000),
    localChangeAt: 0,
    failedPayments,
    unplacedVisits: [],
    endedAt: endedAt === null ? null : new Date(endedAt),
    endReason,
    history,
    createdAt: new Date(createdAt),
    updatedAt: new Date(Math.min(world.now, Math.max(createdAt, lastChange))),
  };
}

/**
 * The local test provider's record of the plan's subscription (test-billing-model.ts), so that
 * "renew now" in the console bills the next period of a seeded plan as it would a real one.
 */
export function testSubscriptionDocument(world: SeedWorld, plan: number): Record<string, unknown> {
  const { plans } = world.schedule;
  const createdAt = plans.createdAt[plan] ?? world.now;
  const ended = plans.status[plan] === PLAN_STATUS.ended;
  const first = world.firstVisitOf(plan);
  return {
    _id: objectIdAt(createdAt, world.seed, TEST_SUBSCRIPTION_KIND, plan),
    providerSubscriptionId: world.providerId('sub', 'plan-subscription', plan),
    customerId: world.providerId('cus', 'plan-customer', plan),
    subscriptionId: world.planId(plan),
    reference: first >= 0 ? world.bookingReference(first) : '',
    amountCents: MONTHLY,
    startedAt: new Date(createdAt + 5 * 60_000),
    nextPeriod: plans.periods[plan] ?? 1,
    status: ended ? 'canceled' : 'active',
    cancelAtPeriodEnd: plans.cancelAtPeriodEnd[plan] === 1,
    pausedUntil: null,
    card: plans.endReason[plan] === 2 ? 'declined' : 'succeeds',
    openInvoice: null,
    createdAt: new Date(createdAt),
    updatedAt: new Date(
      Math.min(
        world.now,
        addMonthsUtc(new Date(createdAt), (plans.periods[plan] ?? 1) - 1).getTime(),
      ),
    ),
  };
}
