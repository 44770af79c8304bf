import { MongoClient, MongoServerError, type Document } from 'mongodb';
import { MemberProcess, pollFor, type TopologyMember } from './member-process';
import {
  NOT_YET_INITIALIZED,
  REPLICA_SET,
  shutdownMongod,
  spawnMongod,
  waitForMongodPing,
  type MongodProcess,
} from './mongod';
import type { LocalService } from './service';

/** A member of the replica set; `restart` resolves once it is PRIMARY or SECONDARY again. */
export type MongoMember = TopologyMember;

export interface ReplicaSet {
  url: string;
  members: MongoMember[];
  /** The member that is PRIMARY now, asking the members directly (directConnection); undefined during an election. */
  primary(): Promise<MongoMember | undefined>;
  /**
   * Waits (up to timeoutMs, default 60 s) for a primary, optionally one other than `not`, and for
   * every running member to be PRIMARY or SECONDARY. A member frozen by SIGSTOP answers nothing
   * and is left out until it is continued.
   */
  waitForPrimary(options?: { not?: MongoMember; timeoutMs?: number }): Promise<MongoMember>;
  /**
   * replSetStepDown on the current primary (stepDownSecs default 10, secondaryCatchUpPeriodSecs
   * 5); resolves with the member that stepped down, once it no longer is PRIMARY.
   */
  stepDown(seconds?: number): Promise<MongoMember>;
  /** One line per member: name, address, state, pid. */
  describe(): Promise<string[]>;
  service: LocalService;
  stop(): Promise<void>;
}

export interface ReplicaSetOptions {
  /** The first member is the preferred primary. */
  members: { name: string; port: number; dataDir: string }[];
  /** Throw-away data is killed outright; kept data gets a clean shutdown. */
  persistent: boolean;
}

/**
 * MongoDB's defaults (10 s election timeout, 2 s heartbeats) make a lost primary a write outage
 * of about 12 s; here the tests and the local product see an election in seconds. Managed
 * services (Atlas) keep their defaults: this speeds up what we watch, not what we promise.
 */
const ELECTION_SETTINGS = { electionTimeoutMillis: 2_000, heartbeatIntervalMillis: 500 };
/** The first member's: it wins whenever it is up and caught up, so the usual primary is known. */
const PREFERRED_PRIORITY = 2;
/**
 * WiredTiger keeps three 100 MB journal files per mongod from the start: 900 MB for an empty set.
 * Files of 20 MB make it 180 MB, and a local set rarely fills even one between checkpoints.
 */
const SMALL_JOURNAL = ['--wiredTigerEngineConfigString', 'log=(file_max=20MB)'];
const PRIMARY = 1;
const SECONDARY = 2;

interface MemberStatus {
  state: number;
  stateStr: string;
  term: number;
}

interface ReplicaSetConfig {
  _id: string;
  version: number;
  members: { _id: number; host: string; priority?: number }[];
  settings?: Record<string, unknown>;
}

/** A client of its own per question, short time-outs: a member may be down, starting or frozen. */
async function askMember<T>(
  host: string,
  command: Document,
  options: { db?: string; socketTimeoutMS?: number } = {},
): Promise<T> {
  const client = new MongoClient(`mongodb://${host}/?directConnection=true`, {
    serverSelectionTimeoutMS: 1_000,
    connectTimeoutMS: 1_000,
    socketTimeoutMS: options.socketTimeoutMS ?? 2_000,
  });
  try {
    return (await client.db(options.db ?? 'admin').command(command)) as T;
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function memberStatus(host: string): Promise<MemberStatus | undefined> {
  try {
    const status = await askMember<{
      myState: number;
      term?: number;
      members?: { self?: boolean; stateStr?: string }[];
    }>(host, { replSetGetStatus: 1 });
    return {
      state: status.myState,
      stateStr: status.members?.find((member) => member.self)?.stateStr ?? String(status.myState),
      term: status.term ?? 0,
    };
  } catch {
    return undefined;
  }
}

/**
 * The config the member keeps; undefined for a data directory never initiated. Read from
 * local.system.replset, not replSetGetConfig: at start-up that answers NotYetInitialized until a
 * kept config has loaded, and a kept set taken for a new one would be initiated a second time.
 */
async function keptConfig(host: string): Promise<ReplicaSetConfig | undefined> {
  const { cursor } = await askMember<{ cursor: { firstBatch: ReplicaSetConfig[] } }>(
    host,
    { find: 'system.replset', limit: 1 },
    { db: 'local' },
  );
  return cursor.firstBatch[0];
}

class ReplicaSetMember implements MongoMember {
  readonly host: string;
  readonly process: MemberProcess;
  private mongod: MongodProcess | undefined;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly dataDir: string,
    private readonly persistent: boolean,
  ) {
    this.host = `127.0.0.1:${String(port)}`;
    this.process = new MemberProcess(name, async () => {
      this.mongod = await spawnMongod({ dataDir, port, extraArgs: SMALL_JOURNAL });
      return this.mongod.child;
    });
  }

  async start(): Promise<void> {
    await this.process.start();
    if (this.mongod) await waitForMongodPing(this.mongod);
  }

  pid(): number | undefined {
    return this.process.pid();
  }

  signal(signal: NodeJS.Signals): void {
    this.process.signal(signal);
  }

  isRunning(): boolean {
    return this.process.isRunning();
  }

  async restart(): Promise<void> {
    await this.process.waitUntilExited();
    await this.start();
    await pollFor(
      `${this.name} back as PRIMARY or SECONDARY`,
      async () => {
        const status = await memberStatus(this.host);
        return status && (status.state === PRIMARY || status.state === SECONDARY)
          ? true
          : undefined;
      },
      {
        timeoutMs: 60_000,
        failed: () => (this.process.isRunning() ? undefined : 'it exited'),
      },
    );
  }

  async stop(): Promise<void> {
    const mongod = this.mongod;
    if (!this.persistent || !mongod) return this.process.stop('SIGKILL', 5_000);
    // A frozen member would take the shutdown command only once continued.
    this.process.resume();
    await shutdownMongod(mongod);
  }
}

export async function startReplicaSet(options: ReplicaSetOptions): Promise<ReplicaSet> {
  const members = options.members.map(
    (member) => new ReplicaSetMember(member.name, member.port, member.dataDir, options.persistent),
  );
  const [preferred] = members;
  if (!preferred || members.length < 3) throw new Error('a replica set needs three members');
  const url = `mongodb://${members.map((member) => member.host).join(',')}/?replicaSet=${REPLICA_SET}`;
  const stop = async () => {
    await Promise.allSettled(members.map((member) => member.stop()));
  };

  const statuses = () =>
    Promise.all(
      members.map(async (member) =>
        member.process.isLive() ? await memberStatus(member.host) : undefined,
      ),
    );
  let lastSeen = '';
  const seen = (found: (MemberStatus | undefined)[]) => {
    lastSeen = members
      .map((member, index) => `${member.name} ${describeState(member, found[index])}`)
      .join(', ');
  };
  const describeState = (member: ReplicaSetMember, status: MemberStatus | undefined) => {
    if (!member.process.isRunning()) return 'not running';
    if (member.process.isFrozen()) return 'frozen (SIGSTOP)';
    return status?.stateStr ?? 'not answering';
  };

  /** Of two members that both say PRIMARY (one frozen through an election), the newer term's. */
  const primary = async (): Promise<ReplicaSetMember | undefined> => {
    const found = await statuses();
    let best: { member: ReplicaSetMember; term: number } | undefined;
    members.forEach((member, index) => {
      const status = found[index];
      if (status?.state === PRIMARY && (!best || status.term > best.term)) {
        best = { member, term: status.term };
      }
    });
    return best?.member;
  };

  /** Exactly one PRIMARY and every other live member SECONDARY: nothing left to settle. */
  const settledPrimary = async (not?: MongoMember): Promise<ReplicaSetMember | undefined> => {
    const found = await statuses();
    seen(found);
    const answering = members.flatMap((member, index) =>
      member.process.isLive() ? [{ member, status: found[index] }] : [],
    );
    if (answering.some(({ status }) => status?.state !== PRIMARY && status?.state !== SECONDARY))
      return undefined;
    const primaries = answering.filter(({ status }) => status?.state === PRIMARY);
    const [only] = primaries;
    if (primaries.length !== 1 || !only || only.member === not) return undefined;
    return only.member;
  };

  const waitForPrimary = (
    waitOptions: { not?: MongoMember; timeoutMs?: number } = {},
  ): Promise<ReplicaSetMember> =>
    pollFor(
      waitOptions.not
        ? `a MongoDB primary other than ${waitOptions.not.name}`
        : 'a MongoDB primary',
      () => settledPrimary(waitOptions.not),
      { timeoutMs: waitOptions.timeoutMs ?? 60_000, intervalMs: 200, lastSeen: () => lastSeen },
    );

  try {
    await Promise.all(members.map((member) => member.start()));
    await ensureReplicaSet(members, preferred);
    await waitForPrimary();
    // A kept set may elect any member first; the preferred one takes over within seconds once
    // caught up. A set that does not get there is still usable, so this wait does not fail.
    await pollFor(
      `${preferred.name} as primary`,
      async () => ((await settledPrimary()) === preferred ? true : undefined),
      { timeoutMs: 20_000, intervalMs: 200 },
    ).catch(() => undefined);
  } catch (error) {
    await Promise.allSettled(members.map((member) => member.process.stop('SIGKILL', 5_000)));
    throw error;
  }

  return {
    url,
    members,
    primary,
    waitForPrimary,
    async stepDown(seconds = 10) {
      const current = await waitForPrimary();
      try {
        await askMember(
          current.host,
          {
            replSetStepDown: seconds,
            secondaryCatchUpPeriodSecs: Math.max(0, Math.min(5, seconds - 1)),
          },
          { socketTimeoutMS: 30_000 },
        );
      } catch (error) {
        // MongoDB 4.0 closes every connection when it steps down, this command's included.
        if (error instanceof MongoServerError) throw error;
      }
      await pollFor(
        `${current.name} stepping down`,
        async () => ((await memberStatus(current.host))?.state === SECONDARY ? true : undefined),
        { timeoutMs: 30_000 },
      );
      return current;
    },
    async describe() {
      const found = await statuses();
      return members.map((member, index) => {
        const pid = member.pid();
        return `${member.name.padEnd(11)} mongodb://${member.host.padEnd(16)} ${describeState(member, found[index])}${pid ? ` (pid ${String(pid)})` : ''}`;
      });
    },
    service: {
      name: 'MongoDB',
      description: `${url} (replica set ${REPLICA_SET} of ${String(members.length)}, ${preferred.name} preferred as primary)`,
      get pids() {
        return members.flatMap((member) => member.pid() ?? []);
      },
      stop,
    },
    stop,
  };
}

/**
 * A new set is initiated with the preferred member first; a kept one whose ports changed since
 * the last run still names the old addresses on every member, and each is pointed at the new
 * ones (a forced reconfig, since no member finds itself in the old config to form a majority).
 */
async function ensureReplicaSet(
  members: ReplicaSetMember[],
  preferred: ReplicaSetMember,
): Promise<void> {
  const wanted = members.map((member, index) => ({
    _id: index,
    host: member.host,
    priority: member === preferred ? PREFERRED_PRIORITY : 1,
  }));
  const configs = await Promise.all(members.map((member) => keptConfig(member.host)));
  if (configs.every((config) => config === undefined)) {
    await askMember(
      preferred.host,
      { replSetInitiate: { _id: REPLICA_SET, members: wanted, settings: ELECTION_SETTINGS } },
      { socketTimeoutMS: 30_000 },
    );
    return;
  }
  // A member without a config of its own gets the new one from the others' heartbeats.
  await Promise.all(
    members.map(async (member, index) => {
      const config = configs[index];
      if (!config || matches(config, wanted)) return;
      const reconfig = {
        replSetReconfig: {
          ...config,
          version: config.version + 1,
          members: wanted,
          settings: { ...config.settings, ...ELECTION_SETTINGS },
        },
        force: true,
      };
      let refused = '';
      let fatal: string | undefined;
      await pollFor(
        `pointing ${member.name} at the new ports`,
        async () => {
          try {
            await askMember(member.host, reconfig, { socketTimeoutMS: 30_000 });
            return true;
          } catch (error) {
            refused = error instanceof Error ? error.message : String(error);
            // Still loading its kept config: it takes a reconfig once that is done. Loading asks
            // each old address whether it is itself, 30 s per address that never answers.
            const loading = error instanceof MongoServerError && error.code === NOT_YET_INITIALIZED;
            if (!loading) fatal = refused;
            return undefined;
          }
        },
        { timeoutMs: 120_000, intervalMs: 250, lastSeen: () => refused, failed: () => fatal },
      );
    }),
  );
}

function matches(config: ReplicaSetConfig, wanted: ReplicaSetConfig['members']): boolean {
  const sameMembers =
    config.members.length === wanted.length &&
    wanted.every((member) =>
      config.members.some(
        (kept) =>
          kept._id === member._id &&
          kept.host === member.host &&
          (kept.priority ?? 1) === member.priority,
      ),
    );
  return (
    sameMembers &&
    Object.entries(ELECTION_SETTINGS).every(([name, value]) => config.settings?.[name] === value)
  );
}
