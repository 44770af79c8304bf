import { createHash } from 'node:crypto';
import mongoose from 'mongoose';
import type { ApiContext } from '../../api/src/server/api-context';
import { QueueName } from '../../api/src/jobs/job-definitions';

/** Everything a request could have left behind, in a form two snapshots can be compared in. */
export interface DataSnapshot {
  /** Per MongoDB collection: its document count and a digest of every document. */
  collections: Record<string, { count: number; digest: string }>;
  /** Keys of the test's objects in S3 (its own key prefix). */
  objects: string[];
  /** Jobs per queue, in any state. */
  jobs: Record<string, number>;
}

/** Reads the test's database (the API's connection), its storage prefix and its queues. */
export async function snapshotData(context: ApiContext): Promise<DataSnapshot> {
  // What the API records a moment after answering (written behind) belongs to the request before.
  await context.lifecycle.flush();
  const db = mongoose.connection.db;
  if (!db) throw new Error('not connected to MongoDB');
  // Read side by side: the fuzzer takes a snapshot after every batch, thousands of times.
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map(
    ({ name }) => name,
  );
  const [digests, objects, counts] = await Promise.all([
    Promise.all(
      names.map(async (name) => {
        const documents = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
        const digest = createHash('sha256');
        for (const document of documents) digest.update(JSON.stringify(document));
        return [name, { count: documents.length, digest: digest.digest('hex') }] as const;
      }),
    ),
    context.storage.list(''),
    Promise.all(
      Object.values(QueueName).map(async (name) => {
        const byState = await context.jobs.queue(name).getJobCounts();
        return [name, Object.values(byState).reduce((sum, count) => sum + count, 0)] as const;
      }),
    ),
  ]);
  const collections: DataSnapshot['collections'] = Object.fromEntries(digests);
  const jobs: DataSnapshot['jobs'] = Object.fromEntries(counts);
  objects.sort();
  return { collections, objects, jobs };
}

/**
 * What changed between two snapshots, one line each ([] when nothing did). `ignore` names
 * collections the caller has a reason to expect writes in.
 */
export function dataChanges(
  before: DataSnapshot,
  after: DataSnapshot,
  ignore: readonly string[] = [],
): string[] {
  const changes: string[] = [];
  const names = new Set([...Object.keys(before.collections), ...Object.keys(after.collections)]);
  for (const name of [...names].sort()) {
    if (ignore.includes(name)) continue;
    const was = before.collections[name] ?? { count: 0, digest: '' };
    const is = after.collections[name] ?? { count: 0, digest: '' };
    if (was.count !== is.count) {
      changes.push(`collection ${name}: ${was.count} -> ${is.count} documents`);
    } else if (was.digest !== is.digest && is.count > 0) {
      changes.push(`collection ${name}: documents changed`);
    }
  }
  const added = after.objects.filter((key) => !before.objects.includes(key));
  const removed = before.objects.filter((key) => !after.objects.includes(key));
  if (added.length > 0) changes.push(`S3 objects added: ${added.join(', ')}`);
  if (removed.length > 0) changes.push(`S3 objects removed: ${removed.join(', ')}`);
  for (const [queue, count] of Object.entries(after.jobs)) {
    const was = before.jobs[queue] ?? 0;
    if (count !== was) changes.push(`queue ${queue}: ${was} -> ${count} jobs`);
  }
  return changes;
}
