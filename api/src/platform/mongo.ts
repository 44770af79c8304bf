import mongoose from 'mongoose';
import { reconcileTtlIndexes } from './ttl-indexes';

export interface MongoOptions {
  url: string;
  dbName?: string | undefined;
  /** How long an operation waits for a reachable server before failing (fast 503s, not hangs). */
  serverSelectionTimeoutMS?: number;
  /** Build the models' indexes at connect (the default); off, `npm run db:indexes` does it. */
  autoIndex?: boolean;
}

/**
 * For the whole connection, whatever MONGO_URL says (these win over its w=, journal= and
 * readConcernLevel=). Money is written here: payments, bookings' status, invoices, plans. A write
 * the primary alone has acknowledged is rolled back when that primary loses an election before a
 * majority has it and rejoins as a stale member, so a write is acknowledged only once a majority
 * has it in its journal. Reads see majority-committed data only: a customer never sees a payment
 * or a booking that later disappears. A write or read cut off by a failover is retried once, on
 * the new primary (retryable writes keep a retried write from applying twice).
 */
const DURABILITY = {
  // `j`, not `journal`: the driver lets a URL's journal= override this object's journal, not its j.
  writeConcern: { w: 'majority', j: true },
  readConcernLevel: 'majority',
  retryWrites: true,
  retryReads: true,
} as const satisfies mongoose.ConnectOptions;

/**
 * How soon a member that stopped answering without closing its sockets (a paused VM, a stalled
 * disk) is given up on. The driver's monitor waits `connectTimeoutMS + heartbeatFrequencyMS` for
 * a heartbeat (40 s by default); when one times out it marks the member unknown and interrupts the
 * operations waiting on it, which then fail over (retryable) to the new primary. With these, a
 * request waits about 7 s for a stalled primary instead of for as long as it stalls. Connecting
 * to a reachable member takes milliseconds, in a data centre as here.
 */
const STALL_DETECTION = {
  connectTimeoutMS: 5_000,
  heartbeatFrequencyMS: 2_000,
} as const satisfies mongoose.ConnectOptions;

/**
 * The one MongoDB connection of a process. Commands are not buffered while disconnected: a
 * request fails at once with a clear error and the driver reconnects by itself when the server
 * returns.
 */
export async function connectMongo(options: MongoOptions): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  // Otherwise every query records a stack trace, only to word the error of a query run twice:
  // under tsx's source maps that is several per cent of the workers' CPU (npm run bench).
  mongoose.set('skipOriginalStackTraces', true);
  const connected = await mongoose.connect(options.url, {
    ...(options.dbName ? { dbName: options.dbName } : {}),
    bufferCommands: false,
    autoIndex: options.autoIndex ?? true,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5_000,
    ...STALL_DETECTION,
    ...DURABILITY,
  });
  // Unique indexes are rules (one booking per reference, one slot document per window): they
  // must exist before the first request, not be built beside it.
  if (options.autoIndex ?? true) await createAllIndexes(connected);
  return connected;
}

/**
 * Builds every index the loaded models declare that the database lacks. Drops none, except a TTL
 * index whose declaration changed: that one is altered or rebuilt first (reconcileTtlIndexes),
 * since MongoDB would refuse the new declaration beside the old.
 */
export async function createAllIndexes(
  connection: typeof mongoose,
  onModel: (name: string) => void = () => undefined,
): Promise<void> {
  await Promise.all(
    Object.values(connection.models).map(async (model) => {
      await reconcileTtlIndexes(model);
      await model.createIndexes();
      onModel(model.modelName);
    }),
  );
}

export async function pingMongo(): Promise<void> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('not connected');
  await db.command({ ping: 1 });
}

export async function disconnectMongo(): Promise<void> {
  await mongoose.disconnect();
}

/**
 * The server's codes for "no writable primary here, for now" (the SDAM spec's not-primary and
 * node-is-recovering codes): an election, a primary stepping down, a member shutting down.
 */
const NO_PRIMARY_CODES = new Set([
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  10058, // LegacyNotPrimary
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

/** The same, said in words by servers and errors that carry no code. */
const NO_PRIMARY_WORDS = /not master|not primary|node is recovering/i;

/** Labels the server or the driver puts on an error that a retry a moment later will clear. */
const RETRY_LABELS = [
  'RetryableWriteError',
  'TransientTransactionError',
  // A server's error after which the driver clears its connection pool (the member went away).
  'ResetPool',
  // MongoPoolClearedError's own (sic): an operation that met a pool cleared under it.
  'PoolRequstedRetry',
] as const;

/**
 * The database could not be reached or has no primary (stopped, restarting, network gone, an
 * election under way) rather than refusing the operation: the caller answers 503 and the client
 * may try again, since the driver reconnects, and finds the new primary, on its own.
 */
export function isMongoUnavailable(error: unknown): boolean {
  const { mongo } = mongoose;
  if (
    error instanceof mongo.MongoServerSelectionError ||
    // MongoPoolClearedError is one too.
    error instanceof mongo.MongoNetworkError ||
    error instanceof mongo.MongoNotConnectedError ||
    error instanceof mongo.MongoTopologyClosedError ||
    // A primary the driver has seen replaced by a newer one (a newer election id).
    error instanceof mongo.MongoStalePrimaryError ||
    error instanceof mongoose.Error.MongooseServerSelectionError
  ) {
    return true;
  }
  // A member stalled and back (a paused VM) ends its sockets: the driver's next write on one
  // throws Node's own EPIPE before it can wrap it (found by tests/faults/failover.test.ts, case c).
  if (isSocketEnded(error)) return true;
  if (!(error instanceof mongo.MongoError)) return false;
  if (RETRY_LABELS.some((label) => error.hasErrorLabel(label))) return true;
  // A write concern error (MongoWriteConcernError) carries the code of its writeConcernError.
  return typeof error.code === 'number'
    ? NO_PRIMARY_CODES.has(error.code)
    : NO_PRIMARY_WORDS.test(error.message);
}

function isSocketEnded(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return error instanceof Error && (code === 'EPIPE' || code === 'ECONNRESET');
}

/** A write refused by a unique index (E11000): the caller turns it into a 409 or a retry. */
export function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof mongoose.mongo.MongoServerError && error.code === 11000;
}

/** A model's `aggregate`, whatever its document: enough to count its rows by status. */
interface Aggregating {
  aggregate<T>(pipeline: mongoose.PipelineStage[]): mongoose.Aggregate<T[]>;
}

/**
 * How many rows stand in each status, every status named (0 when none): the operators' lists show
 * the counts whatever their filter. A status nobody knows any more is left out. The match on the
 * statuses lets MongoDB count from the keys of an index that starts with `status` (every model
 * counted so has one) rather than read every row.
 */
export async function countsByStatus<S extends string>(
  model: Aggregating,
  statuses: readonly S[],
): Promise<Record<S, number>> {
  const groups = await model.aggregate<{ _id: string; count: number }>([
    { $match: { status: { $in: [...statuses] } } },
    { $group: { _id: '$status', count: { $sum: 1 } } },
  ]);
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const group of groups) {
    const status = statuses.find((known) => known === group._id);
    if (status !== undefined) counts[status] = group.count;
  }
  return counts;
}

interface Counting {
  countDocuments(filter: Record<string, unknown>): PromiseLike<number>;
  estimatedDocumentCount(): PromiseLike<number>;
}

/**
 * The total an operators' list shows: with no filter, the collection's own count (its metadata,
 * at once on millions of rows) rather than countDocuments({}), which reads every row; with one,
 * a count its index answers.
 */
export async function totalOf(model: Counting, filter: Record<string, unknown>): Promise<number> {
  return Object.keys(filter).length === 0
    ? model.estimatedDocumentCount()
    : model.countDocuments(filter);
}
