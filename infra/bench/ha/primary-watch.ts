import { MongoClient, ObjectId } from 'mongodb';
import type { MongoMember } from '../../local/ha-topology';

/** A new primary, as the members' own answers showed it. */
export interface ObservedElection {
  /** Epoch ms of the first answer in which the new primary said it was writable. */
  at: number;
  /** Epoch ms of the first answer in which the old primary no longer said so (= `at` if none). */
  lostAt: number;
  from: string;
  to: string;
  /** The replica set's id of the election (protocol 1: its term), new with every election won. */
  electionId: string;
  /** From `lostAt` to `at`: no member taking writes. */
  withoutPrimaryMs: number;
}

interface Sample {
  at: number;
  writable: boolean;
  electionId: string;
}

/**
 * How often each member is asked. An election here takes a second or more (2 s election timeout,
 * heartbeats every 500 ms), so 100 ms places each within a few per cent of its length.
 */
const POLL_MS = 100;
/** An answer older than this no longer counts: a member that stops answering is not primary. */
const STALE_MS = 1_000;
/** Terms only count elections: a slower question, asked less often, is enough. */
const TERM_POLL_MS = 250;

/**
 * Watches which member of the replica set is primary by asking each one, on a connection of its
 * own, `isMaster` (the embedded mongod is 4.0: no `hello`) every 100 ms: the primary is the member
 * that says it is writable, the newer election's if two still do (an old primary learns it was
 * replaced a heartbeat late). Each change to another member or another election is one election,
 * so a step-down and the preferred member's takeover a few seconds later count as two.
 * `ha.mongo.primary()` answers the same question but opens three connections each time.
 */
export class PrimaryWatch {
  readonly elections: ObservedElection[] = [];
  private readonly latest = new Map<string, Sample>();
  private readonly clients: MongoClient[];
  private readonly loops: Promise<void>[];
  private running = true;
  private current: Primary | null = null;
  /** The last primary seen, kept through an election until the next one is seen. */
  private holder: Primary | null = null;
  /** Since when no member has been primary; null while one is. */
  private lostAt: number | null = null;
  private firstSeen: Promise<void>;
  private seen: () => void = () => undefined;
  /** Each term the first time any member reported it (epoch ms), the watch's first included. */
  readonly terms: { term: number; at: number }[] = [];

  constructor(members: readonly MongoMember[]) {
    this.firstSeen = new Promise((resolve) => {
      this.seen = resolve;
    });
    this.clients = members.map(
      (member) =>
        new MongoClient(`mongodb://${member.host}/?directConnection=true`, {
          serverSelectionTimeoutMS: STALE_MS,
          connectTimeoutMS: STALE_MS,
          socketTimeoutMS: STALE_MS,
        }),
    );
    this.loops = members.flatMap((member, index) => [
      this.poll(member.name, this.clients[index]),
      this.pollTerm(this.clients[index]),
    ]);
  }

  /**
   * Elections begun since the watch started, by the replica set's term (each election that gets
   * past its dry run starts one): a member can win and be stepped down before it ever takes a
   * write, which the writable primary never shows.
   */
  get termsStarted(): number {
    const first = this.terms[0]?.term;
    const last = this.terms.at(-1)?.term;
    return first === undefined || last === undefined ? 0 : last - first;
  }

  /** The member primary now, by the latest answers; null during an election. */
  get primary(): string | null {
    return this.current?.member ?? null;
  }

  /** Resolves once a primary has been seen, so elections are counted from a known start. */
  async ready(timeoutMs = 30_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no MongoDB primary seen within ${String(timeoutMs)} ms`));
      }, timeoutMs);
    });
    try {
      await Promise.race([this.firstSeen, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    await Promise.all(this.clients.map((client) => client.close().catch(() => undefined)));
  }

  private async poll(name: string, client: MongoClient | undefined): Promise<void> {
    if (!client) return;
    while (this.running) {
      const asked = Date.now();
      try {
        const answer: { ismaster?: unknown; electionId?: unknown } = await client
          .db('admin')
          .command({ isMaster: 1 });
        this.record(name, {
          at: Date.now(),
          writable: answer.ismaster === true,
          electionId: answer.electionId instanceof ObjectId ? answer.electionId.toHexString() : '',
        });
      } catch {
        // A member stepping down closes every connection (4.0): not writable, asked again.
        this.record(name, { at: Date.now(), writable: false, electionId: '' });
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, POLL_MS - (Date.now() - asked))),
      );
    }
  }

  private async pollTerm(client: MongoClient | undefined): Promise<void> {
    if (!client) return;
    while (this.running) {
      const asked = Date.now();
      try {
        const status: { term?: unknown } = await client
          .db('admin')
          .command({ replSetGetStatus: 1 });
        const last = this.terms.at(-1)?.term ?? -1;
        if (typeof status.term === 'number' && status.term > last) {
          this.terms.push({ term: status.term, at: Date.now() });
        }
      } catch {
        // Stepping down or electing: the next answer has the term.
      }
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, TERM_POLL_MS - (Date.now() - asked))),
      );
    }
  }

  private record(name: string, sample: Sample): void {
    this.latest.set(name, sample);
    const now = sample.at;
    let primary: Primary | null = null;
    for (const [member, latest] of this.latest) {
      if (!latest.writable || now - latest.at > STALE_MS) continue;
      // Election ids of protocol 1 are the term in fixed-width hex: newer sorts later.
      if (!primary || latest.electionId > primary.electionId) {
        primary = { member, electionId: latest.electionId };
      }
    }
    if (!primary) {
      if (this.current) this.lostAt = now;
      this.current = null;
      return;
    }
    if (same(primary, this.current)) return;
    const holder = this.holder;
    this.holder = primary;
    this.current = primary;
    const lostAt = this.lostAt ?? now;
    this.lostAt = null;
    if (!holder) {
      // The primary in place when the watch began: not an election it saw.
      this.seen();
      return;
    }
    // The same primary of the same election, back after an answer too slow to count: no election.
    if (same(primary, holder)) return;
    this.elections.push({
      at: now,
      lostAt,
      from: holder.member,
      to: primary.member,
      electionId: primary.electionId,
      withoutPrimaryMs: now - lostAt,
    });
  }
}

interface Primary {
  member: string;
  electionId: string;
}

const same = (a: Primary | null, b: Primary | null) =>
  a?.member === b?.member && a?.electionId === b?.electionId;
