import type mongoose from 'mongoose';
import { CollectionProgress, type ProgressListener } from './progress';

/** Documents per insertMany: large enough to amortise a round trip, small enough to stay far
 * below the 16 MB message limit and to keep the Node heap flat. */
const CHUNK = 4_000;
/**
 * Inserts in flight at once: while MongoDB writes one chunk, Node builds and serialises the next.
 * More than two only queues work on a two-core machine.
 */
const IN_FLIGHT = 2;

/** What the seed needs of a product model, whatever its document type. */
export interface SeedModel {
  readonly modelName: string;
  readonly collection: mongoose.Collection;
  readonly schema: mongoose.Schema;
  new (document: Record<string, unknown>): {
    validateSync(): mongoose.Error.ValidationError | null;
    toObject(options: mongoose.ToObjectOptions): unknown;
  };
}

export interface InsertOptions {
  model: SeedModel;
  total: number;
  documents: Iterable<Record<string, unknown>>;
  onProgress: ProgressListener;
}

/**
 * Writes `documents` to the model's collection in unordered chunks, straight through the driver:
 * no mongoose document per row (a million of them would cost more than the writes). The first
 * document of every chunk is checked against the model's schema instead, so a field the schema
 * does not know, or one of its fields left out, stops the seed at once rather than being stored.
 */
export async function insertAll(options: InsertOptions): Promise<number> {
  const { model } = options;
  const collection = model.collection;
  const progress = new CollectionProgress(
    collection.collectionName,
    options.total,
    options.onProgress,
  );
  const inFlight = new Set<Promise<void>>();
  let chunk: Record<string, unknown>[] = [];
  // Held in an object: the inserts' callbacks set it, which a plain `let` hides from the checker.
  const state: { failure: Error | null } = { failure: null };
  const flush = async (documents: Record<string, unknown>[]) => {
    const [first] = documents;
    if (first) checkAgainstSchema(model, first);
    const write = collection
      .insertMany(documents, { ordered: false })
      .then((result) => progress.add(result.insertedCount))
      .catch((error: unknown) => {
        state.failure ??= error instanceof Error ? error : new Error(String(error));
      });
    const tracked = write.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
    if (state.failure) throw state.failure;
  };
  for (const document of options.documents) {
    // Mongoose's version key, as a document created through the model has it.
    chunk.push({ ...document, __v: 0 });
    if (chunk.length >= CHUNK) {
      await flush(chunk);
      chunk = [];
    }
  }
  if (chunk.length > 0) await flush(chunk);
  await Promise.all(inFlight);
  if (state.failure) throw state.failure;
  progress.finish();
  return progress.done;
}

/**
 * The plain document against what the model would store: valid by the schema's rules, and with
 * the same fields (none unknown, none of the schema's defaults missing).
 */
export function checkAgainstSchema(model: SeedModel, document: Record<string, unknown>): void {
  const hydrated = new model(document);
  const error = hydrated.validateSync();
  if (error) throw new Error(`seed ${model.modelName} is not valid: ${error.message}`);
  const stored = hydrated.toObject({ depopulate: true, versionKey: false }) as Record<
    string,
    unknown
  >;
  const given = Object.keys(document).filter((key) => key !== '__v');
  const unknown = given.filter((key) => !(key in stored));
  const missing = Object.keys(stored).filter((key) => !(key in document));
  if (unknown.length || missing.length) {
    throw new Error(
      `seed ${model.modelName} differs from its schema: unknown ${unknown.join(', ') || '-'}; missing ${missing.join(', ') || '-'}`,
    );
  }
}
