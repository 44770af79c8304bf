import type mongoose from 'mongoose';
import type { SeedModel } from './bulk-insert';
import { createAllIndexes } from '../../api/src/platform/mongo';

/**
 * The product's indexes, built after the inserts rather than before.
 *
 * Why after: with the indexes in place, every insert also writes a key into each of them, in
 * random order for most (booking ids, references, emails), so the B-trees of a million rows grow
 * by page splits and, past the embedded mongod's 256 MB cache, by evictions to disk. Built once
 * the rows are there, an index is a single scan, a sort and a bottom-up load, which MongoDB does
 * many times faster; the bookings' eleven indexes go further in one createIndexes command, which
 * scans the collection once for all of them. The unique indexes still judge every row when they
 * are built: a duplicate the seed made would fail the build, not slip in.
 *
 * What is built is what each model declares (schema.indexes(), the declarations createIndexes
 * reads), with the names MongoDB gives them by default, as Model.createIndexes would; then the
 * product's own createAllIndexes runs over every model and finds nothing left to build, which
 * proves the two agree.
 */
export async function buildDeclaredIndexes(
  connection: typeof mongoose,
  models: readonly SeedModel[],
  log: (line: string) => void,
): Promise<void> {
  for (const model of models) {
    const declared = model.schema.indexes();
    if (declared.length === 0) continue;
    const started = Date.now();
    await model.collection.createIndexes(
      declared.map(([key, options]) => ({
        key: key as Record<string, 1 | -1>,
        ...(options as Record<string, unknown>),
        // Mongoose marks every index `background`, which MongoDB 4.0 (the embedded mongod) builds
        // row by row, several times slower; in the foreground it sorts once. 4.2 and later ignore
        // the flag. Nobody else is using a database being seeded.
        background: false,
      })),
    );
    log(
      `indexes of ${model.collection.collectionName}: ${String(declared.length)} in ${String(Date.now() - started)} ms`,
    );
  }
  const started = Date.now();
  await createAllIndexes(connection);
  log(`every model's declared indexes are in place (${String(Date.now() - started)} ms to check)`);
}
