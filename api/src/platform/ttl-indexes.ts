import type mongoose from 'mongoose';
import { isDeepStrictEqual } from 'node:util';

/** The part of a model this needs: its schema's declared indexes and its collection. */
interface IndexedModel {
  schema: mongoose.Schema;
  collection: mongoose.Collection;
  db: mongoose.Connection;
}

export type TtlChange =
  | { index: string; change: 'collMod'; from: number; to: number }
  | { index: string; change: 'rebuilt' };

/** MongoDB's "ns not found": the collection does not exist yet, so neither do its indexes. */
const NAMESPACE_NOT_FOUND = 26;

function indexName(keys: Record<string, unknown>, options: Record<string, unknown>): string {
  if (typeof options.name === 'string') return options.name;
  return Object.entries(keys)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_');
}

async function existingIndexes(model: IndexedModel): Promise<Record<string, unknown>[]> {
  try {
    return await model.collection.indexes();
  } catch (error) {
    if ((error as { code?: unknown }).code === NAMESPACE_NOT_FOUND) return [];
    throw error;
  }
}

/**
 * Brings the database's TTL indexes in line with the ones the model declares, before its indexes
 * are built. MongoDB (4.0 as 7.0) refuses to create an index whose name exists with other options
 * ("Index with name ... already exists with different options", IndexOptionsConflict) and never
 * changes one by itself, so a retention period changed in code would fail every start-up, or,
 * with MONGO_AUTO_INDEX=false, silently never apply. Here a TTL index whose expireAfterSeconds
 * changed is altered in place with collMod (no rebuild, the index stays in use); one whose other
 * options changed (its partial filter) is dropped, and createIndexes builds it again. Only TTL
 * indexes are touched: they are retention, not rules, so one missing for the moment of its
 * rebuild lets nothing wrong in. Answers what it changed.
 */
export async function reconcileTtlIndexes(model: IndexedModel): Promise<TtlChange[]> {
  const declared = model.schema
    .indexes()
    .filter(([, options]) => typeof options.expireAfterSeconds === 'number');
  if (declared.length === 0) return [];
  const existing = await existingIndexes(model);
  const changes: TtlChange[] = [];
  for (const [keys, options] of declared) {
    const name = indexName(keys, options);
    const found = existing.find((index) => index.name === name);
    if (!found) continue;
    const wanted = options.expireAfterSeconds as number;
    const sameKeys = isDeepStrictEqual(found.key, keys);
    const sameFilter = isDeepStrictEqual(
      found.partialFilterExpression ?? null,
      options.partialFilterExpression ?? null,
    );
    if (sameKeys && sameFilter && found.expireAfterSeconds === wanted) continue;
    if (sameKeys && sameFilter && typeof found.expireAfterSeconds === 'number') {
      await model.db.db?.command({
        collMod: model.collection.collectionName,
        index: { name, expireAfterSeconds: wanted },
      });
      changes.push({ index: name, change: 'collMod', from: found.expireAfterSeconds, to: wanted });
      continue;
    }
    await model.collection.dropIndex(name);
    changes.push({ index: name, change: 'rebuilt' });
  }
  return changes;
}
