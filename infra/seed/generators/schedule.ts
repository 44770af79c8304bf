import {
  BOOKING_STATUSES,
  type BookingStatus,
} from '../../../api/src/domain/booking/booking-status';
import { ESTIMATE_ONLY_KEYWORDS, SERVICES } from '../../../api/src/domain/booking/catalogue';
import { addDays } from '../../../api/src/domain/calendar/toronto-date';
import {
  anchorDayOf,
  nextPeriodStart,
  VISITS_PER_PERIOD,
} from '../../../api/src/domain/subscription/visit-schedule';
import { ruleVisitsOf } from '../../../api/src/subscriptions/plan-periods';
import { WINDOWS, windowId, type SeedCalendar } from '../calendar';
import { intBelow, randomFor, weighted, type Random } from '../random';
import type { Volumes } from '../volumes';

/**
 * The schedule of three years: which plans there are and how long they ran, and for every booking
 * its day, window, status and owner, decided before any document is built. Held as typed arrays
 * (a million bookings in a few tens of megabytes) because later passes need all of it at once:
 * the slot ledger groups bookings by window, invoices are numbered in the order they were paid.
 */

export const KIND = { oneTime: 0, estimate: 1, planVisit: 2 } as const;

export const CANCEL_REASONS = [null, 'unpaid', 'customer', 'admin'] as const;
const CANCEL = { none: 0, unpaid: 1, customer: 2, admin: 3 } as const;

export const PLAN_STATUS = { active: 0, ended: 1 } as const;
export const END_REASONS = [null, 'period end', 'payment'] as const;

const code = (status: BookingStatus) => BOOKING_STATUSES.indexOf(status);
export const statusOf = (value: number): BookingStatus => {
  const status = BOOKING_STATUSES[value];
  if (status === undefined) throw new Error(`no status ${String(value)}`);
  return status;
};

/** States in which a booking holds its window's place (bookings/lifecycle/booking-moves.ts). */
export const HOLDS_PLACE: readonly BookingStatus[] = [
  'estimate_scheduled',
  'pending_payment',
  'paid',
  'payment_failed',
  'done',
  'no_show',
];

/** Plans may fill this share of a window: the rest is for one-time visits and site visits. */
const PLAN_SHARE = 0.45;
/** Plan visits stop here, whatever the plans' lifetimes: one-time visits are most bookings. */
const MAX_PLAN_VISIT_SHARE = 0.6;
const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface PlanTable {
  count: number;
  owner: Int32Array;
  service: Uint8Array;
  anchorDay: Int32Array;
  window: Uint8Array;
  createdAt: Float64Array;
  /** Periods begun (paid or paused): 0 .. periods-1. */
  periods: Uint16Array;
  /** Bit k: period k was paused (no invoice, no visits). */
  paused: Uint32Array;
  status: Uint8Array;
  endReason: Uint8Array;
  /** Whether the plan ends when the current period does (asked, not yet happened). */
  cancelAtPeriodEnd: Uint8Array;
}

export interface BookingTable {
  count: number;
  kind: Uint8Array;
  day: Int32Array;
  window: Uint8Array;
  status: Uint8Array;
  /** An account's index, or -1 for a booking made without an account (then `guest` is its index). */
  owner: Int32Array;
  service: Uint8Array;
  createdAt: Float64Array;
  /** When it was paid (one-time: its own payment; plan visit: its period's), 0 for never. */
  paidAt: Float64Array;
  /** When it was called off or refunded, 0 for never. */
  endedAt: Float64Array;
  cancelReason: Uint8Array;
  plan: Int32Array;
  period: Int16Array;
  visit: Uint8Array;
  /** Its place in the window (0-based: the crew that goes), -1 when it holds none. */
  place: Int16Array;
}

export interface Schedule {
  plans: PlanTable;
  bookings: BookingTable;
  /** Bookings that wanted a place in a window already full, and took a status that holds none. */
  turnedAway: number;
  /** The moment the seed calls now: today at noon in Toronto. */
  now: number;
}

export interface ScheduleInput {
  seed: number;
  volumes: Volumes;
  calendar: SeedCalendar;
  /** Epoch ms of a day's start in Toronto (torontoTimeToUtc(date, 0)). */
  dayStart: (day: number) => number;
  now: number;
}

const ESTIMATE_ONLY = new Set(
  SERVICES.flatMap((service, index) =>
    ESTIMATE_ONLY_KEYWORDS.includes(service.keyword) ? [index] : [],
  ),
);
// Cleaning and garden care are booked most; snow removal only in winter would be truer, but
// the index shapes do not care about the season.
const SERVICE_WEIGHTS: readonly (readonly [number, number])[] = SERVICES.map((service, index) => [
  index,
  ['house-office-cleaning', 'garden-maintenance', 'seasonal-cleaning'].includes(service.id)
    ? 4
    : ESTIMATE_ONLY.has(index)
      ? 1
      : 2,
]);
const PLAN_SERVICES = SERVICES.flatMap((_, index) => (ESTIMATE_ONLY.has(index) ? [] : [index]));

/** A window's start, in the window's own hours (8, 12, 16 o'clock). */
const windowStartHour = (window: number) => 8 + window * 4;

class BookingRows implements BookingTable {
  count = 0;
  kind: Uint8Array;
  day: Int32Array;
  window: Uint8Array;
  status: Uint8Array;
  owner: Int32Array;
  service: Uint8Array;
  createdAt: Float64Array;
  paidAt: Float64Array;
  endedAt: Float64Array;
  cancelReason: Uint8Array;
  plan: Int32Array;
  period: Int16Array;
  visit: Uint8Array;
  place: Int16Array;

  constructor(capacity: number) {
    this.kind = new Uint8Array(capacity);
    this.day = new Int32Array(capacity);
    this.window = new Uint8Array(capacity);
    this.status = new Uint8Array(capacity);
    this.owner = new Int32Array(capacity);
    this.service = new Uint8Array(capacity);
    this.createdAt = new Float64Array(capacity);
    this.paidAt = new Float64Array(capacity);
    this.endedAt = new Float64Array(capacity);
    this.cancelReason = new Uint8Array(capacity);
    this.plan = new Int32Array(capacity).fill(-1);
    this.period = new Int16Array(capacity).fill(-1);
    this.visit = new Uint8Array(capacity);
    this.place = new Int16Array(capacity).fill(-1);
  }

  add(row: {
    kind: number;
    day: number;
    window: number;
    status: BookingStatus;
    owner: number;
    service: number;
    createdAt: number;
    paidAt?: number;
    endedAt?: number;
    cancelReason?: number;
    plan?: number;
    period?: number;
    visit?: number;
    place?: number;
  }): number {
    const index = this.count;
    this.count += 1;
    this.kind[index] = row.kind;
    this.day[index] = row.day;
    this.window[index] = row.window;
    this.status[index] = code(row.status);
    this.owner[index] = row.owner;
    this.service[index] = row.service;
    this.createdAt[index] = row.createdAt;
    this.paidAt[index] = row.paidAt ?? 0;
    this.endedAt[index] = row.endedAt ?? 0;
    this.cancelReason[index] = row.cancelReason ?? CANCEL.none;
    this.plan[index] = row.plan ?? -1;
    this.period[index] = row.period ?? -1;
    this.visit[index] = row.visit ?? 0;
    this.place[index] = row.place ?? -1;
    return index;
  }
}

/** An account that existed by then: the business's customers grow with it. */
function ownerAt(random: Random, accounts: number, day: number, today: number): number {
  const known = Math.max(1, Math.floor((accounts * (day + 1)) / (today + 1)));
  return intBelow(random, Math.min(accounts, known));
}

/** A moment of `day` in business hours (7:00 to 22:00), never after `now`. */
function momentOf(input: ScheduleInput, random: Random, day: number): number {
  const at = input.dayStart(day) + 7 * HOUR + random() * 15 * HOUR;
  return Math.min(at, input.now - HOUR - random() * 6 * HOUR);
}

export function buildSchedule(input: ScheduleInput): Schedule {
  const { volumes } = input;
  const rows = new BookingRows(volumes.bookings);
  const plans = planRows(volumes.plans);
  const state = { turnedAway: 0 };
  const maxPlanVisits = Math.floor(volumes.bookings * MAX_PLAN_VISIT_SHARE);
  for (let plan = 0; plan < volumes.plans; plan += 1) {
    schedulePlan(input, plans, plan, rows, state, maxPlanVisits);
  }
  const oneTime = volumes.bookings - rows.count;
  for (let index = 0; index < oneTime; index += 1) scheduleOneTime(input, rows, index, state);
  return { plans, bookings: rows, turnedAway: state.turnedAway, now: input.now };
}

function planRows(count: number): PlanTable {
  return {
    count,
    owner: new Int32Array(count),
    service: new Uint8Array(count),
    anchorDay: new Int32Array(count),
    window: new Uint8Array(count),
    createdAt: new Float64Array(count),
    periods: new Uint16Array(count),
    paused: new Uint32Array(count),
    status: new Uint8Array(count),
    endReason: new Uint8Array(count),
    cancelAtPeriodEnd: new Uint8Array(count),
  };
}

/**
 * One Monthly Visit plan: its first visit where the customer found room, then month by month
 * the rule's four visits (plan-periods.ts), each moved within its week when its window is full,
 * as the product moves them, until the plan ended or today.
 */
function schedulePlan(
  input: ScheduleInput,
  plans: PlanTable,
  plan: number,
  rows: BookingRows,
  state: { turnedAway: number },
  maxPlanVisits: number,
): void {
  const { calendar, volumes } = input;
  const random = randomFor(input.seed, 'plan', plan);
  const limit = Math.max(1, Math.ceil(calendar.capacity * PLAN_SHARE));
  const createdDay = Math.floor(calendar.today * Math.sqrt(random()));
  const wanted = intBelow(random, WINDOWS);
  // The customer picks a first visit with room, a few days ahead.
  let anchor = -1;
  let anchorWindow = wanted;
  const from = Math.min(calendar.days - 1, createdDay + 1 + intBelow(random, 10));
  for (let day = from; day < Math.min(calendar.days, from + 21) && anchor < 0; day += 1) {
    for (let offset = 0; offset < WINDOWS && anchor < 0; offset += 1) {
      const window = (wanted + offset) % WINDOWS;
      if (calendar.hasRoom(day, window, limit)) {
        anchor = day;
        anchorWindow = window;
      }
    }
  }
  const anchorFull = anchor < 0;
  if (anchorFull) anchor = calendar.openOnOrAfter(from);
  const anchorDate = calendar.dateOf(anchor);
  const todayDate = calendar.dateOf(calendar.today);
  let lifetime = 1;
  while (random() < 0.5 && lifetime < 40) lifetime += 1;
  const starts: string[] = [anchorDate];
  while (starts.length <= lifetime) {
    const last = starts[starts.length - 1] ?? anchorDate;
    starts.push(nextPeriodStart(last, anchorDayOf(anchorDate)));
  }
  let periods = 1;
  while (periods < lifetime && (starts[periods] ?? '9999') <= todayDate) periods += 1;
  // Visits are bookings: a plan never takes more than the bookings left for plans.
  while (periods > 1 && rows.count + periods * VISITS_PER_PERIOD > maxPlanVisits) periods -= 1;
  const ended = periods === lifetime && (starts[lifetime] ?? '9999') <= todayDate;
  const createdAt = momentOf(input, random, Math.min(createdDay, calendar.today));
  plans.owner[plan] =
    random() < 0.8 ? ownerAt(random, volumes.accounts, createdDay, calendar.today) : -1;
  plans.service[plan] = PLAN_SERVICES[intBelow(random, PLAN_SERVICES.length)] ?? 0;
  plans.anchorDay[plan] = anchor;
  plans.window[plan] = anchorWindow;
  plans.createdAt[plan] = createdAt;
  plans.periods[plan] = periods;
  plans.status[plan] = ended ? PLAN_STATUS.ended : PLAN_STATUS.active;
  plans.endReason[plan] = ended ? (random() < 0.75 ? 1 : 2) : 0;
  plans.cancelAtPeriodEnd[plan] = ended
    ? plans.endReason[plan] === 1
      ? 1
      : 0
    : random() < 0.05
      ? 1
      : 0;
  let paused = 0;
  for (let period = 1; period < Math.min(periods, 32); period += 1) {
    if (random() < 0.05) paused |= 1 << period;
  }
  plans.paused[plan] = paused >>> 0;

  const time = windowId(anchorWindow);
  for (let period = 0; period < periods; period += 1) {
    if ((paused >>> period) & 1) continue;
    const periodStart = starts[period] ?? anchorDate;
    const periodEnd = starts[period + 1] ?? addDays(periodStart, 31);
    // The period's invoice is paid when it begins (the first: when the plan was bought).
    const paidAt =
      period === 0 ? createdAt + 5 * MINUTE : input.dayStart(calendar.dayOf(periodStart)) + HOUR;
    const ruled = ruleVisitsOf({ anchorDate, time }, period);
    ruled.forEach((slot, visit) => {
      const first = period === 0 && visit === 0;
      const ruleDay = first ? anchor : calendar.dayOf(slot.date);
      const past = ruleDay < calendar.today;
      const wantsPlace = !(first && anchorFull) && random() >= 0.08;
      let day = -1;
      let window = anchorWindow;
      if (wantsPlace) {
        const spot = first
          ? { day: anchor, window: anchorWindow }
          : placeInWeek(calendar, ruleDay, anchorWindow, periodStart, periodEnd, limit);
        if (spot) {
          day = spot.day;
          window = spot.window;
        } else {
          state.turnedAway += 1;
        }
      }
      const placed = day >= 0;
      if (!placed) day = openDayOfWeek(calendar, ruleDay, periodStart, periodEnd);
      const status: BookingStatus = !placed
        ? 'skipped'
        : past
          ? random() < 0.97
            ? 'done'
            : 'no_show'
          : 'paid';
      const place = placed ? calendar.take(day, window) : -1;
      const visitStart = input.dayStart(day) + windowStartHour(window) * HOUR;
      rows.add({
        kind: KIND.planVisit,
        day,
        window,
        status,
        owner: plans.owner[plan] ?? -1,
        service: plans.service[plan] ?? 0,
        createdAt: period === 0 ? createdAt : paidAt,
        paidAt,
        endedAt:
          status === 'skipped' ? Math.min(input.now, Math.max(paidAt, visitStart - 48 * HOUR)) : 0,
        plan,
        period,
        visit,
        place,
      });
    });
  }
}

/**
 * Where a plan's visit goes when its rule day is closed or its window full: the nearest day of
 * its week inside the period, its own window first (visit-schedule.ts planVisits' order).
 */
function placeInWeek(
  calendar: SeedCalendar,
  ruleDay: number,
  window: number,
  periodStart: string,
  periodEnd: string,
  limit: number,
): { day: number; window: number } | null {
  const days = weekDays(calendar, ruleDay, periodStart, periodEnd).sort(
    (a, b) => Math.abs(a - ruleDay) - Math.abs(b - ruleDay) || a - b,
  );
  for (const day of days) if (calendar.hasRoom(day, window, limit)) return { day, window };
  for (const day of days) {
    for (let other = 0; other < WINDOWS; other += 1) {
      if (other !== window && calendar.hasRoom(day, other, limit)) return { day, window: other };
    }
  }
  return null;
}

/**
 * visit-schedule.ts weekOf, on day indexes: the Monday-to-Sunday week of `day` within the period.
 * weekOf builds seven date strings a call, and the seed asks for hundreds of thousands of weeks.
 */
function weekDays(
  calendar: SeedCalendar,
  day: number,
  periodStart: string,
  periodEnd: string,
): number[] {
  const monday = day - ((calendar.weekday(day) + 6) % 7);
  const earliest = calendar.dayOf(periodStart);
  const end = calendar.dayOf(periodEnd);
  const days: number[] = [];
  for (let offset = 0; offset < 7; offset += 1) {
    const probe = monday + offset;
    if (probe >= earliest && probe < end) days.push(probe);
  }
  return days;
}

/** A day of the visit's week the business works (a skipped visit still names a working day). */
function openDayOfWeek(
  calendar: SeedCalendar,
  ruleDay: number,
  periodStart: string,
  periodEnd: string,
): number {
  if (calendar.isOpen(ruleDay)) return ruleDay;
  const days = weekDays(calendar, ruleDay, periodStart, periodEnd);
  return days.find((day) => calendar.isOpen(day)) ?? calendar.openOnOrAfter(ruleDay);
}

type OneTimeOutcome = readonly (readonly [
  BookingStatus | 'cancelled:customer' | 'cancelled:admin',
  number,
])[];

const PAST_VISIT: OneTimeOutcome = [
  ['done', 66],
  ['no_show', 3],
  ['cancelled', 15], // the hold ran out unpaid: an abandoned checkout
  ['cancelled:customer', 7],
  ['cancelled:admin', 2],
  ['refunded', 5],
];
const FUTURE_VISIT: OneTimeOutcome = [
  ['paid', 74],
  ['cancelled', 12],
  ['cancelled:customer', 9],
  ['refunded', 5],
];
const PAST_ESTIMATE: OneTimeOutcome = [
  ['estimate_requested', 25],
  ['done', 45], // the site visit was made
  ['cancelled:customer', 30],
];
const FUTURE_ESTIMATE: OneTimeOutcome = [
  ['estimate_requested', 55],
  ['estimate_scheduled', 45],
];

/** A one-time visit or an estimate: booked some days ahead, then paid, done, called off... */
function scheduleOneTime(
  input: ScheduleInput,
  rows: BookingRows,
  index: number,
  state: { turnedAway: number },
): void {
  const { calendar, volumes } = input;
  const random = randomFor(input.seed, 'booking', index);
  // The business grows: more bookings each month than the month before.
  const createdDay = Math.min(
    calendar.today,
    Math.floor((calendar.today + 1) * Math.sqrt(random())),
  );
  const lead = Math.min(41, 1 + Math.floor(-Math.log(1 - random()) * 7));
  const wantedDay = calendar.openOnOrAfter(Math.min(calendar.days - 1, createdDay + lead));
  const wantedWindow = intBelow(random, WINDOWS);
  const service = weighted(random, SERVICE_WEIGHTS);
  const estimate = ESTIMATE_ONLY.has(service) || random() < 0.1;
  const past = wantedDay < calendar.today;
  let outcome = weighted(
    random,
    estimate ? (past ? PAST_ESTIMATE : FUTURE_ESTIMATE) : past ? PAST_VISIT : FUTURE_VISIT,
  );
  let day = wantedDay;
  let window = wantedWindow;
  let place = -1;
  if (HOLDS_PLACE.includes(outcome as BookingStatus)) {
    const spot = placeNear(calendar, wantedDay, wantedWindow);
    if (spot) {
      day = spot.day;
      window = spot.window;
      place = calendar.take(day, window);
    } else {
      // No room near the day asked for: the checkout was left, or the estimate is not booked yet.
      state.turnedAway += 1;
      outcome = estimate ? 'estimate_requested' : 'cancelled';
    }
  }
  const createdAt = momentOf(input, random, createdDay);
  const visitStart = input.dayStart(day) + windowStartHour(window) * HOUR;
  const [status, reason] = outcome.split(':') as [BookingStatus, string | undefined];
  const paid = !estimate && ['paid', 'done', 'no_show', 'refunded'].includes(status);
  const paidAt = paid ? createdAt + (2 + random() * 30) * MINUTE : 0;
  let endedAt = 0;
  let cancelReason: number = CANCEL.none;
  if (status === 'cancelled') {
    cancelReason =
      reason === 'customer' ? CANCEL.customer : reason === 'admin' ? CANCEL.admin : CANCEL.unpaid;
    endedAt =
      cancelReason === CANCEL.unpaid
        ? createdAt + 45 * MINUTE
        : createdAt + random() * Math.max(MINUTE, Math.min(visitStart, input.now) - createdAt);
  } else if (status === 'refunded') {
    // Refunded before the visit (cancelled in time), or after it (a complaint).
    const until = Math.min(input.now, past ? visitStart + 5 * 24 * HOUR : visitStart - 25 * HOUR);
    endedAt = paidAt + random() * Math.max(MINUTE, until - paidAt);
  }
  rows.add({
    kind: estimate ? KIND.estimate : KIND.oneTime,
    day,
    window,
    status,
    owner: random() < 0.7 ? ownerAt(random, volumes.accounts, createdDay, calendar.today) : -1,
    service,
    createdAt,
    paidAt,
    endedAt: Math.min(endedAt, input.now),
    cancelReason,
    place,
  });
}

/** The window asked for, another window that day, then the next few days: what a customer tries. */
function placeNear(
  calendar: SeedCalendar,
  day: number,
  window: number,
): { day: number; window: number } | null {
  for (let probe = day; probe < Math.min(calendar.days, day + 4); probe += 1) {
    for (let offset = 0; offset < WINDOWS; offset += 1) {
      const other = (window + offset) % WINDOWS;
      if (calendar.hasRoom(probe, other)) return { day: probe, window: other };
    }
  }
  return null;
}
