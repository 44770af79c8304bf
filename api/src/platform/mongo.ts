import mongoose from 'mongoose';

export interface MongoOptions {
  url: string;
  dbName?: string | undefined;
  /** How long an operation waits for a reachable server before failing (fast 503s, not hangs). */
  serverSelectionTimeoutMS?: number;
  /** Build the models' indexes at connect (the default); off, `npm run db:indexes` does it. */
  autoIndex?: boolean;
}

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
  });
  // Unique indexes are rules (one booking per reference, one slot document per window): they
  // must exist before the first request, not be built beside it.
  if (options.autoIndex ?? true) await createAllIndexes(connected);
  return connected;
}

/** Builds every index the loaded models declare that the database lacks; drops none. */
export async function createAllIndexes(
  connection: typeof mongoose,
  onModel: (name: string) => void = () => undefined,
): Promise<void> {
  await Promise.all(
    Object.values(connection.models).map(async (model) => {
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
 * The database could not be reached (stopped, restarting, network gone) rather than refusing
 * the operation: the caller answers 503 and the client may try again, since the driver
 * reconnects on its own when the server is back.
 */
export function isMongoUnavailable(error: unknown): boolean {
  const { mongo } = mongoose;
  if (
    error instanceof mongo.MongoServerSelectionError ||
    error instanceof mongo.MongoNetworkError ||
    error instanceof mongo.MongoNotConnectedError ||
    error instanceof mongo.MongoTopologyClosedError ||
    error instanceof mongoose.Error.MongooseServerSelectionError
  ) {
    return true;
  }
  // A primary stepping down or still starting: the server's own word that a retry will do.
  return (
    error instanceof mongo.MongoError &&
    (error.hasErrorLabel('RetryableWriteError') || error.hasErrorLabel('TransientTransactionError'))
  );
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
 * the counts whatever their filter. A status nobody knows any more is left out.
 */
export async function countsByStatus<S extends string>(
  model: Aggregating,
  statuses: readonly S[],
): Promise<Record<S, number>> {
  const groups = await model.aggregate<{ _id: string; count: number }>([
    { $group: { _id: '$status', count: { $sum: 1 } } },
  ]);
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const group of groups) {
    const status = statuses.find((known) => known === group._id);
    if (status !== undefined) counts[status] = group.count;
  }
  return counts;
}
