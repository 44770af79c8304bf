import {
  findPlan,
  findTimeWindow,
  PLANS,
  SERVICES,
} from '../../../api/src/domain/booking/catalogue';
import {
  longDate,
  torontoDate,
  torontoTimeToUtc,
} from '../../../api/src/domain/calendar/toronto-date';
import { documentNumber, type DocumentKind } from '../../../api/src/domain/invoice/document-number';
import { lineOf, totalsOf } from '../../../api/src/domain/invoice/invoice-lines';
import { InvoiceWords } from '../../../api/src/domain/invoice/invoice-schema';
import { periodStartOf } from '../../../api/src/subscriptions/plan-periods';
import { windowId } from '../calendar';
import { hexId } from '../random';
import { objectIdAt, type SeedWorld } from '../world';
import { intentIdOf, paidEventId, periodEventId, refundEventId, sessionIdOf } from './bookings';
import { paidPeriodsOf, periodPaidAt, planEndedAt } from './plans';
import { END_REASONS, KIND, PLAN_STATUS, statusOf } from './schedule';

/**
 * Every payment of the three years, as the product records one: the provider's event (its
 * inbox, PaymentEventModel) and the business's document (an invoice per paid one-time visit and
 * per paid plan period, a credit note per refund). Numbers are consecutive per kind and year in
 * the order the money moved, continuing the DocumentCounter the real allocator increments, and
 * the counters are left at the last number so the next real invoice follows without a gap.
 */

const SERVICE_IDS = SERVICES.map((service) => service.id);
const SERVICE_TITLES = SERVICES.map((service) => service.title);
const ONE_TIME = PLANS.find((plan) => plan.id === 'one-time')?.amountCents ?? 14_900;
const MONTHLY = PLANS.find((plan) => plan.id === 'monthly')?.amountCents ?? 24_900;

const EVENT_KIND = 0x05;
const SOURCE = { booking: 0, planPeriod: 1, refund: 2 } as const;
const CARD = { method: 'card', brand: 'visa', last4: '4242' } as const;

export interface InvoiceLedger {
  count: number;
  order: Uint32Array;
  time: Float64Array;
  source: Uint8Array;
  /** The booking (booking, refund) or plan (planPeriod) it is for. */
  owner: Int32Array;
  period: Int16Array;
  year: Uint16Array;
  sequence: Int32Array;
  /** The invoice entry of each paid one-time booking, for the credit note that names it. */
  invoiceOfBooking: Int32Array;
  /** The last sequence per `kind:year`, to leave in DocumentCounter. */
  counters: Map<string, number>;
}

/** Numbers every document, in the order they were issued, after the counters already there. */
export function numberInvoices(
  world: SeedWorld,
  existingCounters: ReadonlyMap<string, number>,
): InvoiceLedger {
  const { bookings, plans } = world.schedule;
  const times: number[] = [];
  const sources: number[] = [];
  const owners: number[] = [];
  const periods: number[] = [];
  const add = (time: number, source: number, owner: number, period: number) => {
    times.push(time);
    sources.push(source);
    owners.push(owner);
    periods.push(period);
  };
  for (let index = 0; index < bookings.count; index += 1) {
    if (bookings.kind[index] !== KIND.oneTime) continue;
    const paidAt = bookings.paidAt[index] ?? 0;
    if (paidAt <= 0) continue;
    add(paidAt, SOURCE.booking, index, -1);
    if (statusOf(bookings.status[index] ?? 0) === 'refunded') {
      add(bookings.endedAt[index] ?? paidAt, SOURCE.refund, index, -1);
    }
  }
  for (let plan = 0; plan < plans.count; plan += 1) {
    for (const period of paidPeriodsOf(world, plan)) {
      add(periodPaidAt(world, plan, period), SOURCE.planPeriod, plan, period);
    }
  }
  const count = times.length;
  const ledger: InvoiceLedger = {
    count,
    order: new Uint32Array(count),
    time: Float64Array.from(times),
    source: Uint8Array.from(sources),
    owner: Int32Array.from(owners),
    period: Int16Array.from(periods),
    year: new Uint16Array(count),
    sequence: new Int32Array(count),
    invoiceOfBooking: new Int32Array(bookings.count).fill(-1),
    counters: new Map(existingCounters),
  };
  const order = Array.from({ length: count }, (_, index) => index).sort(
    (a, b) => (ledger.time[a] ?? 0) - (ledger.time[b] ?? 0) || a - b,
  );
  const yearOf = torontoYears(world);
  order.forEach((entry, position) => {
    ledger.order[position] = entry;
    const year = yearOf(ledger.time[entry] ?? 0);
    const kind: DocumentKind = ledger.source[entry] === SOURCE.refund ? 'credit_note' : 'invoice';
    const key = `${kind}:${String(year)}`;
    const sequence = (ledger.counters.get(key) ?? 0) + 1;
    ledger.counters.set(key, sequence);
    ledger.year[entry] = year;
    ledger.sequence[entry] = sequence;
    if (ledger.source[entry] === SOURCE.booking) {
      ledger.invoiceOfBooking[ledger.owner[entry] ?? 0] = entry;
    }
  });
  return ledger;
}

/** The calendar year in Toronto of an instant, by the new years' instants (no Intl per call). */
function torontoYears(world: SeedWorld): (time: number) => number {
  const firstYear = Number(world.calendar.first.slice(0, 4)) - 1;
  const lastYear = Number(world.calendar.last.slice(0, 4)) + 1;
  const newYears: number[] = [];
  for (let year = firstYear; year <= lastYear + 1; year += 1) {
    newYears.push(torontoTimeToUtc(`${String(year)}-01-01`, 0).getTime());
  }
  return (time) => {
    let year = firstYear;
    while (year < lastYear && time >= (newYears[year - firstYear + 1] ?? Infinity)) year += 1;
    return year;
  };
}

const invoiceIdOf = (world: SeedWorld, source: number, owner: number, period: number) =>
  hexId(world.seed, `invoice-${String(source)}-${String(period)}`, owner).slice(0, 24);

function numberOf(ledger: InvoiceLedger, entry: number): string {
  const kind: DocumentKind = ledger.source[entry] === SOURCE.refund ? 'credit_note' : 'invoice';
  return documentNumber(kind, ledger.year[entry] ?? 0, ledger.sequence[entry] ?? 0);
}

/** The issuer's wording of a one-time visit's line (invoice-issuer.ts, bookingLineDescription). */
function bookingLine(world: SeedWorld, index: number): string {
  const { bookings } = world.schedule;
  const serviceTitle = SERVICE_TITLES[bookings.service[index] ?? 0] ?? '';
  const plan = findPlan('one-time')?.name ?? 'One-time Visit';
  const window = findTimeWindow(windowId(bookings.window[index] ?? 0))?.label ?? '';
  return `${serviceTitle} - ${plan}, ${longDate(world.calendar.dateOf(bookings.day[index] ?? 0))}, ${window}`;
}

/** The `entry`-th document in issue order, as InvoiceModel stores it. */
export function invoiceDocument(
  world: SeedWorld,
  ledger: InvoiceLedger,
  position: number,
): Record<string, unknown> {
  const entry = ledger.order[position] ?? 0;
  const source = ledger.source[entry] ?? 0;
  const owner = ledger.owner[entry] ?? 0;
  const period = ledger.period[entry] ?? -1;
  const issuedAt = new Date(ledger.time[entry] ?? 0);
  const kind: DocumentKind = source === SOURCE.refund ? 'credit_note' : 'invoice';
  const header = {
    _id: invoiceIdOf(world, source, owner, period),
    kind,
    number: numberOf(ledger, entry),
    year: ledger.year[entry],
    sequence: ledger.sequence[entry],
    issuedAt,
    issueDate: torontoDate(issuedAt),
    seller: world.seller,
    payment: CARD,
    pdfKey: null,
    createdAt: issuedAt,
    updatedAt: issuedAt,
  };
  if (source === SOURCE.planPeriod) {
    const { person, email, account } = world.planCustomer(owner);
    const { plans } = world.schedule;
    const serviceTitle = SERVICE_TITLES[plans.service[owner] ?? 0] ?? '';
    const anchorDate = world.calendar.dateOf(plans.anchorDay[owner] ?? 0);
    const start = periodStartOf(anchorDate, period);
    const lines = [
      lineOf(`${serviceTitle} - Monthly Visit plan, month from ${longDate(start)}`, MONTHLY),
    ];
    const first = world.firstVisitOf(owner);
    return {
      ...header,
      source: `plan:${world.planId(owner)}:period:${String(period)}`,
      userId: account >= 0 ? world.accountId(account).toHexString() : null,
      bookingId: null,
      subscriptionId: world.planId(owner),
      reference: first >= 0 ? world.bookingReference(first) : world.planId(owner),
      serviceId: SERVICE_IDS[plans.service[owner] ?? 0],
      buyer: { name: person.name, company: person.company, email, serviceAddress: person.address },
      lines,
      ...totalsOf(lines),
      terms: InvoiceWords.paidInFull,
      creditedInvoice: null,
    };
  }
  const { person, email, account } = world.customerOf(owner);
  const { bookings } = world.schedule;
  const bookingId = world.bookingId(owner);
  const description = bookingLine(world, owner);
  const invoiceLines = [lineOf(description, ONE_TIME)];
  const common = {
    userId: account >= 0 ? world.accountId(account).toHexString() : null,
    bookingId,
    subscriptionId: null,
    reference: world.bookingReference(owner),
    serviceId: SERVICE_IDS[bookings.service[owner] ?? 0],
    buyer: { name: person.name, company: person.company, email, serviceAddress: person.address },
  };
  if (source === SOURCE.booking) {
    return {
      ...header,
      ...common,
      source: `booking:${bookingId}`,
      lines: invoiceLines,
      ...totalsOf(invoiceLines),
      terms: InvoiceWords.paidInFull,
      creditedInvoice: null,
    };
  }
  const invoiceEntry = ledger.invoiceOfBooking[owner] ?? -1;
  const invoiceNumber = numberOf(ledger, invoiceEntry);
  const lines = invoiceLines.map((line) => ({
    ...line,
    description: `Refund: ${line.description}`,
  }));
  return {
    ...header,
    ...common,
    source: `refund:${bookingId}`,
    lines,
    ...totalsOf(lines),
    terms: InvoiceWords.creditTerms(invoiceNumber),
    creditedInvoice: { id: invoiceIdOf(world, SOURCE.booking, owner, -1), number: invoiceNumber },
  };
}

/** The payment events of the seed, one generator pass: each booking's and each plan's. */
export function* paymentEvents(world: SeedWorld): Generator<Record<string, unknown>> {
  const { bookings, plans } = world.schedule;
  let made = 0;
  const event = (
    eventId: string,
    type: string,
    at: number,
    effect: Record<string, unknown>,
    outcome: string,
  ) => ({
    _id: objectIdAt(at, world.seed, EVENT_KIND, made++),
    eventId,
    type,
    created: Math.floor(at / 1000),
    effect,
    processedAt: new Date(at + 1_000),
    outcome,
    createdAt: new Date(at),
    updatedAt: new Date(at + 1_000),
  });
  for (let index = 0; index < bookings.count; index += 1) {
    if (bookings.kind[index] !== KIND.oneTime) continue;
    const paidAt = bookings.paidAt[index] ?? 0;
    if (paidAt <= 0) continue;
    const bookingId = world.bookingId(index);
    const intentId = intentIdOf(world, index);
    yield event(
      paidEventId(world, index),
      'checkout.session.completed',
      paidAt,
      {
        kind: 'paid',
        bookingId,
        intentId,
        sessionId: sessionIdOf(world, index),
        amountCents: ONE_TIME,
      },
      'paid',
    );
    if (statusOf(bookings.status[index] ?? 0) === 'refunded') {
      yield event(
        refundEventId(world, index),
        'charge.refunded',
        bookings.endedAt[index] ?? paidAt,
        { kind: 'refunded', bookingId, intentId },
        'refunded',
      );
    }
  }
  for (let plan = 0; plan < plans.count; plan += 1) {
    const ids = {
      subscriptionId: world.planId(plan),
      providerSubscriptionId: world.providerId('sub', 'plan-subscription', plan),
      customerId: world.providerId('cus', 'plan-customer', plan),
    };
    const createdAt = plans.createdAt[plan] ?? world.now;
    yield event(
      world.providerId('evt', 'plan-started', plan),
      'checkout.session.completed',
      createdAt + 4 * 60_000,
      { kind: 'subscriptionStarted', ...ids },
      'started',
    );
    const anchorDate = world.calendar.dateOf(plans.anchorDay[plan] ?? 0);
    for (const period of paidPeriodsOf(world, plan)) {
      const at = periodPaidAt(world, plan, period);
      const periodStart = torontoTimeToUtc(periodStartOf(anchorDate, period), 0).getTime();
      yield event(
        periodEventId(world, plan, period),
        'invoice.paid',
        at,
        {
          kind: 'periodPaid',
          ...ids,
          invoiceId: world.providerId('in', `plan-${String(plan)}-invoice`, period),
          periodStart: Math.floor(periodStart / 1000),
          amountCents: MONTHLY,
        },
        'paid',
      );
    }
    const endedAt = planEndedAt(world, plan);
    if (plans.status[plan] === PLAN_STATUS.ended && endedAt !== null) {
      const reason = END_REASONS[plans.endReason[plan] ?? 0] ?? 'provider';
      yield event(
        world.providerId('evt', 'plan-ended', plan),
        'customer.subscription.deleted',
        endedAt,
        { kind: 'subscriptionEnded', ...ids, created: Math.floor(endedAt / 1000), reason },
        'ended',
      );
    }
  }
}

/** How many events paymentEvents yields, for the progress bar. */
export function paymentEventCount(world: SeedWorld, ledger: InvoiceLedger): number {
  let ended = 0;
  for (let plan = 0; plan < world.schedule.plans.count; plan += 1) {
    if (world.schedule.plans.status[plan] === PLAN_STATUS.ended) ended += 1;
  }
  return ledger.count + world.schedule.plans.count + ended;
}
