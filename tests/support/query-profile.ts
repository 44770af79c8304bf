import mongoose from 'mongoose';

/**
 * MongoDB's profiler on the test's own database: every operation any process sends to it (the API
 * in the test's process, the workers in theirs) is recorded with the plan the server ran. Where
 * query-plans.ts explains what this process sent, this sees what the workers send too.
 */

/** Room for every operation of a test's flows: the default 1 MB profile drops the oldest. */
const PROFILE_BYTES = 64 * 1024 * 1024;

type Doc = Record<string, unknown>;

function database() {
  const db = mongoose.connection.db;
  if (!db) throw new Error('not connected to MongoDB');
  return db;
}

/** Starts recording every operation on the connection's database; returns when it started. */
export async function startProfiling(): Promise<Date> {
  const db = database();
  await db.command({ profile: 0 });
  await db
    .collection('system.profile')
    .drop()
    .catch(() => undefined);
  await db.createCollection('system.profile', { capped: true, size: PROFILE_BYTES });
  const started = new Date();
  await db.command({ profile: 2 });
  return started;
}

export async function stopProfiling(): Promise<void> {
  await database().command({ profile: 0 });
}

export interface ProfiledOperation {
  collection: string;
  op: string;
  planSummary: string;
  /** The operation's filter, as text, to say which query it was. */
  filter: string;
  /** A scan of the collection, or rows sorted in memory: empty when the plan is sound. */
  problems: string[];
}

/** The filter of a profiled command, whichever name its kind of command gives it. */
function filterOf(command: Doc): unknown {
  if (command.filter !== undefined) return command.filter;
  if (command.query !== undefined) return command.query;
  if (command.q !== undefined) return command.q;
  if (Array.isArray(command.pipeline)) return (command.pipeline as Doc[])[0]?.$match ?? {};
  return {};
}

/** Every operation since `since` that ran a query plan, judged. */
export async function profiledOperations(since: Date): Promise<ProfiledOperation[]> {
  const db = database();
  const entries = await db
    .collection('system.profile')
    .find({ ts: { $gte: since }, planSummary: { $exists: true } })
    .sort({ ts: 1 })
    .toArray();
  return entries
    .map((entry) => {
      const collection = String(entry.ns).slice(db.databaseName.length + 1);
      const planSummary = String(entry.planSummary);
      const problems: string[] = [];
      if (planSummary.includes('COLLSCAN')) problems.push('COLLSCAN');
      if (entry.hasSortStage === true) problems.push('in-memory SORT');
      return {
        collection,
        op: String(entry.op),
        planSummary,
        filter: JSON.stringify(filterOf((entry.command ?? {}) as Doc)).slice(0, 300),
        problems,
      };
    })
    .filter((operation) => !operation.collection.startsWith('system.'));
}
