import { nameKeysOf } from '../../../api/src/domain/admin/booking-search';
import type { BookingStatus } from '../../../api/src/domain/booking/booking-status';
import { PLANS, SERVICES } from '../../../api/src/domain/booking/catalogue';
import { windowId } from '../calendar';
import { pick, randomFor } from '../random';
import type { SeedWorld } from '../world';
import { CANCEL_REASONS, HOLDS_PLACE, KIND, statusOf } from './schedule';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const ONE_TIME = PLANS.find((plan) => plan.id === 'one-time')?.amountCents ?? 14_900;
const MONTHLY = PLANS.find((plan) => plan.id === 'monthly')?.amountCents ?? 24_900;

/** Who moves a booking in the seed's history: an operator of the seed, not a real account. */
export const SEED_OPERATOR = 'admin:seed';

const ESTIMATE_DETAILS = [
  'Looking for a quote on a new cedar fence along the back of the yard, about 60 feet.',
  'We want built-in shelves in the home office, floor to ceiling on one wall.',
  'Deck boards are soft in places; please assess repair versus replacement.',
  'Small shed (8x10) on a gravel pad, access through the side gate.',
  'Interlock patio about 300 sq ft, existing grass to be removed.',
] as const;

export const paidEventId = (world: SeedWorld, index: number) =>
  world.providerId('evt', 'booking-paid', index);
export const refundEventId = (world: SeedWorld, index: number) =>
  world.providerId('evt', 'booking-refunded', index);
export const intentIdOf = (world: SeedWorld, index: number) =>
  world.providerId('pi', 'booking-intent', index);
export const sessionIdOf = (world: SeedWorld, index: number) =>
  world.providerId('cs', 'booking-session', index);
export const periodEventId = (world: SeedWorld, plan: number, period: number) =>
  world.providerId('evt', `plan-${String(plan)}-period`, period);

/** A window's start in Toronto, the moment the 24-hour rules count from. */
export function visitStartOf(world: SeedWorld, index: number): number {
  const { bookings } = world.schedule;
  return world.dayStart(bookings.day[index] ?? 0) + (8 + (bookings.window[index] ?? 0) * 4) * HOUR;
}

interface HistoryEntry {
  from: string | null;
  to: string;
  by: string;
  at: Date;
}

/** Booking `index` as BookingModel stores it: every field of the schema, set as the product sets it. */
export function bookingDocument(world: SeedWorld, index: number): Record<string, unknown> {
  const { bookings } = world.schedule;
  const kind = bookings.kind[index] ?? KIND.oneTime;
  const status = statusOf(bookings.status[index] ?? 0);
  const { person, email, account } = world.customerOf(index);
  const id = world.bookingId(index);
  const plan = bookings.plan[index] ?? -1;
  const period = bookings.period[index] ?? -1;
  const visit = bookings.visit[index] ?? 0;
  const day = bookings.day[index] ?? 0;
  const createdAt = bookings.createdAt[index] ?? world.now;
  const paidAtMs = bookings.paidAt[index] ?? 0;
  const endedAtMs = bookings.endedAt[index] ?? 0;
  const place = bookings.place[index] ?? -1;
  const visitStart = visitStartOf(world, index);
  const firstOfPlan = kind === KIND.planVisit && period === 0 && visit === 0;
  const random = randomFor(world.seed, 'booking-detail', index);

  const history: HistoryEntry[] = [];
  const move = (from: string | null, to: string, by: string, at: number) =>
    history.push({ from, to, by, at: new Date(at) });
  const opening: BookingStatus = kind === KIND.estimate ? 'estimate_requested' : 'pending_payment';
  move(null, opening, kind === KIND.planVisit && !firstOfPlan ? 'renewal' : 'customer', createdAt);
  const paidBy =
    kind === KIND.planVisit
      ? `payment-event:${periodEventId(world, plan, period)}`
      : `payment-event:${paidEventId(world, index)}`;
  if (paidAtMs > 0) move('pending_payment', 'paid', paidBy, paidAtMs);
  const scheduledAt = Math.min(world.now - HOUR, createdAt + 20 * HOUR);
  if (kind === KIND.estimate && (status === 'estimate_scheduled' || status === 'done')) {
    move('estimate_requested', 'estimate_scheduled', SEED_OPERATOR, scheduledAt);
  }
  const markedAt = Math.min(world.now - HOUR, visitStart + 5 * HOUR);
  const cancelReason = CANCEL_REASONS[bookings.cancelReason[index] ?? 0] ?? null;
  let cancelledAt: number | null = null;
  let refundRequestedAt: number | null = null;
  let refundedAt: number | null = null;
  switch (status) {
    case 'done':
    case 'no_show':
      move(kind === KIND.estimate ? 'estimate_scheduled' : 'paid', status, SEED_OPERATOR, markedAt);
      break;
    case 'skipped':
      move(paidAtMs > 0 ? 'paid' : 'pending_payment', 'skipped', 'customer', endedAtMs);
      cancelledAt = endedAtMs;
      break;
    case 'cancelled':
      cancelledAt = endedAtMs;
      move(
        opening,
        'cancelled',
        cancelReason === 'unpaid'
          ? 'payment-timeout'
          : cancelReason === 'admin'
            ? SEED_OPERATOR
            : 'customer',
        endedAtMs,
      );
      break;
    case 'refunded':
      // Called off in time and refunded by the provider: the product's two moves.
      cancelledAt = endedAtMs - 5 * MINUTE;
      refundRequestedAt = cancelledAt;
      refundedAt = endedAtMs;
      move('paid', 'cancelled', 'customer', cancelledAt);
      move('cancelled', 'refunded', `payment-event:${refundEventId(world, index)}`, refundedAt);
      break;
    default:
      break;
  }

  const crewAssigned =
    place >= 0 &&
    HOLDS_PLACE.includes(status) &&
    day <= world.calendar.today + 7 &&
    world.calendar.crewAssignable(day, bookings.window[index] ?? 0);
  const amountCents =
    kind === KIND.estimate ? null : kind === KIND.oneTime ? ONE_TIME : firstOfPlan ? MONTHLY : 0;
  const paid = paidAtMs > 0;
  const planVisit = kind === KIND.planVisit;
  const hasCheckout = kind === KIND.oneTime || firstOfPlan;
  const updatedAt = Math.max(
    createdAt,
    paidAtMs,
    endedAtMs,
    ...history.map((entry) => entry.at.getTime()),
  );

  return {
    _id: id,
    reference: world.bookingReference(index),
    userId: account >= 0 ? world.accountId(account) : null,
    name: person.name,
    // What the model's hooks derive on every write (booking-model.ts): the seed writes raw rows.
    nameKeys: nameKeysOf(person.name),
    company: person.company,
    phone: person.phone,
    phoneDigits: person.phoneDigits,
    phoneKey: person.phoneKey,
    email,
    address: person.address,
    postalCode: person.postalCode,
    serviceId: SERVICES[bookings.service[index] ?? 0]?.id ?? 'garden-maintenance',
    quoteId: null,
    planId: kind === KIND.estimate ? 'custom-estimate' : planVisit ? 'monthly' : 'one-time',
    date: world.calendar.dateOf(day),
    time: windowId(bookings.window[index] ?? 0),
    windowRank: bookings.window[index] ?? 0,
    amountCents,
    currency: 'cad',
    status,
    details: kind === KIND.estimate ? pick(random, ESTIMATE_DETAILS) : '',
    imageKey: '',
    imageType: '',
    requestFingerprint: '',
    // The hold of an unpaid booking; paying ends it (booking-moves.ts: endHold).
    holdUntil: kind === KIND.estimate || paid ? null : new Date(createdAt + world.holdMs),
    holdLimit: kind === KIND.estimate ? null : new Date(createdAt + world.holdLimitMs),
    refundCutoff: kind === KIND.oneTime && paid ? new Date(visitStart - 24 * HOUR) : null,
    closedDay: null,
    payment: {
      provider: hasCheckout ? 'test' : null,
      checkoutSessionId: hasCheckout
        ? firstOfPlan
          ? world.providerId('cs', 'plan-session', plan)
          : sessionIdOf(world, index)
        : null,
      checkoutUrl: null,
      checkoutExpiresAt: hasCheckout ? new Date(createdAt + 30 * MINUTE) : null,
      intentId: kind === KIND.oneTime && paid ? intentIdOf(world, index) : null,
      paidAt: paid ? new Date(paidAtMs) : null,
      failureReason: null,
      refundRequestedAt: refundRequestedAt === null ? null : new Date(refundRequestedAt),
      refundedAt: refundedAt === null ? null : new Date(refundedAt),
    },
    // Handed over long ago: the follow-up sweep must find nothing to resume in the seed.
    followUpsPending: false,
    followUpClaimedUntil: null,
    subscriptionId: planVisit ? world.planId(plan) : null,
    discount: null,
    crewId: crewAssigned ? (world.crews[place]?.id ?? null) : null,
    periodIndex: planVisit ? period : null,
    visitIndex: planVisit ? visit : null,
    cancelledAt: cancelledAt === null ? null : new Date(cancelledAt),
    cancelReason: status === 'skipped' ? null : status === 'refunded' ? 'customer' : cancelReason,
    history,
    createdAt: new Date(createdAt),
    updatedAt: new Date(Math.min(updatedAt, world.now)),
  };
}
