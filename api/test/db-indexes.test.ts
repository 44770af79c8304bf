import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnEntryPoint } from '../../tests/support/spawn-process';
import { testEnv } from '../../tests/support/test-env';

const COMMAND = 'api/src/cli/db-indexes-command.ts';
const SOURCE = path.resolve(import.meta.dirname, '../src');

/** Every *-model.ts file under api/src, as a path relative to api/src without its extension. */
function modelFiles(dir = SOURCE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modelFiles(full);
    return entry.name.endsWith('-model.ts')
      ? [path.relative(SOURCE, full).replace(/\.ts$/, '')]
      : [];
  });
}

describe('npm run db:indexes', () => {
  const env = testEnv();
  let connection: mongoose.Connection;

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(env.MONGO_URL ?? '', { dbName: env.MONGO_DB })
      .asPromise();
  });
  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('loads every model of the product', () => {
    const command = readFileSync(path.join(SOURCE, 'cli/db-indexes-command.ts'), 'utf8');
    const imported = [...command.matchAll(/^import '\.\.\/(.+-model)';$/gm)].map((m) => m[1]);
    expect(imported.sort()).toEqual(modelFiles().sort());
  });

  it('builds the unique indexes on an empty database, and again changes nothing', async () => {
    for (let run = 0; run < 2; run += 1) {
      const command = spawnEntryPoint(COMMAND, env);
      const { code } = await command.exited;
      expect(code, command.output()).toBe(0);
      expect(command.output()).toContain('[indexes] every index is in place');
    }
    // The rules the indexes carry: one slot document per window, one account per email.
    const slotIndexes = await connection.collection('slots').indexes();
    expect(slotIndexes.some((index) => index.unique)).toBe(true);
    const userIndexes = await connection.collection('users').indexes();
    expect(userIndexes.some((index) => index.unique && 'email' in index.key)).toBe(true);
  });
});
