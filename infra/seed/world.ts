import mongoose from 'mongoose';
import { crewRoster } from '../../api/src/domain/admin/crews';
import type { Crew } from '../../api/src/domain/admin/admin-views';
import { visitBookingId } from '../../api/src/subscriptions/plan-periods';
import type { Seller } from '../../api/src/invoices/invoice-issuer';
import type { SeedCalendar } from './calendar';
import type { Schedule } from './generators/schedule';
import { KIND } from './generators/schedule';
import { accountEmail, guestEmail, personFrom, ReferenceCodes, type Person } from './identities';
import { hexId, providerId, randomFor } from './random';
import type { Volumes } from './volumes';

/**
 * Everything the generators share: the schedule, and how to name any entity again from its index
 * (its id, its customer, its provider ids), so each collection is written by a pass of its own
 * without keeping a million documents in memory.
 */
export class SeedWorld {
  readonly crews: Crew[];
  readonly bookingReferences: ReferenceCodes;
  private readonly accountIds: mongoose.Types.ObjectId[] = [];
  private readonly accountCreated: Float64Array;

  constructor(
    readonly seed: number,
    readonly volumes: Volumes,
    readonly calendar: SeedCalendar,
    readonly schedule: Schedule,
    settings: {
      crews: { SLOT_CAPACITY: number; CREW_NAMES?: string | undefined };
      seller: Seller;
      holdSeconds: number;
      holdLimitSeconds: number;
      takenReferences: ReadonlySet<string>;
    },
    readonly passwordHash: string,
  ) {
    this.crews = crewRoster({
      SLOT_CAPACITY: settings.crews.SLOT_CAPACITY,
      ...(settings.crews.CREW_NAMES ? { CREW_NAMES: settings.crews.CREW_NAMES } : {}),
    });
    this.seller = settings.seller;
    this.holdMs = settings.holdSeconds * 1000;
    this.holdLimitMs = settings.holdLimitSeconds * 1000;
    this.bookingReferences = new ReferenceCodes('HS', seed, settings.takenReferences);
    const first = calendar.dayStart(0);
    this.accountCreated = new Float64Array(volumes.accounts);
    for (let account = 0; account < volumes.accounts; account += 1) {
      // Accounts open steadily over the three years; bookings pick accounts that existed.
      const at = first + ((schedule.now - first) * account) / volumes.accounts;
      this.accountCreated[account] = Math.floor(at);
      this.accountIds.push(objectIdAt(at, seed, 0x01, account));
    }
  }

  readonly seller: Seller;
  readonly holdMs: number;
  readonly holdLimitMs: number;

  get now(): number {
    return this.schedule.now;
  }

  dayStart(day: number): number {
    return this.calendar.dayStart(day);
  }

  accountId(account: number): mongoose.Types.ObjectId {
    const id = this.accountIds[account];
    if (!id) throw new Error(`no account ${String(account)}`);
    return id;
  }

  accountCreatedAt(account: number): number {
    return this.accountCreated[account] ?? this.now;
  }

  accountPerson(account: number): Person {
    return personFrom(randomFor(this.seed, 'account', account));
  }

  accountEmail(account: number, person = this.accountPerson(account)): string {
    return accountEmail(this.seed, account, person);
  }

  /** Who made booking `index`: its account's person, or a guest of its own. */
  customerOf(index: number): { person: Person; email: string; account: number } {
    const { bookings } = this.schedule;
    const plan = bookings.plan[index] ?? -1;
    if (plan >= 0) return this.planCustomer(plan);
    const account = bookings.owner[index] ?? -1;
    if (account >= 0) {
      const person = this.accountPerson(account);
      return { person, email: this.accountEmail(account, person), account };
    }
    const person = personFrom(randomFor(this.seed, 'guest', index));
    return { person, email: guestEmail(this.seed, index, person), account: -1 };
  }

  planCustomer(plan: number): { person: Person; email: string; account: number } {
    const account = this.schedule.plans.owner[plan] ?? -1;
    if (account >= 0) {
      const person = this.accountPerson(account);
      return { person, email: this.accountEmail(account, person), account };
    }
    const person = personFrom(randomFor(this.seed, 'plan-guest', plan));
    return { person, email: guestEmail(this.seed, 1_000_000_000 + plan, person), account: -1 };
  }

  /** A plan's id is its first visit's booking id (subscription-model.ts). */
  planId(plan: number): string {
    return hexId(this.seed, 'plan', plan);
  }

  bookingId(index: number): string {
    const { bookings } = this.schedule;
    if (bookings.kind[index] === KIND.planVisit) {
      // The product's own derivation: a renewal applied again names the same bookings.
      return visitBookingId(
        this.planId(bookings.plan[index] ?? 0),
        bookings.period[index] ?? 0,
        bookings.visit[index] ?? 0,
      );
    }
    return hexId(this.seed, 'booking', index);
  }

  bookingReference(index: number): string {
    return this.bookingReferences.of(index);
  }

  /** The index of plan `plan`'s first visit among the bookings, found once. */
  firstVisitOf(plan: number): number {
    return this.firstVisits()[plan] ?? -1;
  }

  private firstVisitIndex: Int32Array | undefined;
  private firstVisits(): Int32Array {
    if (!this.firstVisitIndex) {
      const { bookings, plans } = this.schedule;
      const found = new Int32Array(plans.count).fill(-1);
      for (let index = 0; index < bookings.count; index += 1) {
        const plan = bookings.plan[index] ?? -1;
        if (plan >= 0 && bookings.period[index] === 0 && bookings.visit[index] === 0) {
          found[plan] = index;
        }
      }
      this.firstVisitIndex = found;
    }
    return this.firstVisitIndex;
  }

  providerId(prefix: string, kind: string, index: number): string {
    return providerId(prefix, this.seed, kind, index);
  }
}

/**
 * An ObjectId made here rather than by the driver: its time is the record's creation (as the
 * driver's would be), then the kind and index, so ids are unique and the same on every run.
 */
export function objectIdAt(
  ms: number,
  seed: number,
  kind: number,
  index: number,
): mongoose.Types.ObjectId {
  const bytes = Buffer.alloc(12);
  bytes.writeUInt32BE(Math.floor(ms / 1000) >>> 0, 0);
  bytes.writeUInt8(kind & 0xff, 4);
  bytes.writeUInt16BE(seed & 0xffff, 5);
  bytes.writeUIntBE(index, 7, 5);
  return new mongoose.Types.ObjectId(bytes);
}
