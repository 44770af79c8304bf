import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * While `npm start` runs, the launcher writes where its local services listen into this file
 * under its data folder, so a command run beside it (`npm run newsletter`) finds them without
 * being told. Removed when the launcher stops.
 */
export const RUNNING_FILE = 'running.json';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function localServicesEnv(dataDir?: string): Record<string, string> {
  const file = path.join(dataDir ?? path.join(repoRoot, '.data'), RUNNING_FILE);
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
