/**
 * Splits test files into N groups of about equal running time, for `npm run test:slow --
 * --split`: each group runs as a slow machine of its own, on a core of its own. The time of a
 * file is what vitest measured the last time it ran it (its results cache, written by the
 * `npm test` before it in CI); a file it never ran counts as long as the longest, so a new file
 * is never the one that makes a group run over. Longest first, each to the group with the least
 * time so far (the classic greedy split: within 4/3 of the best).
 *
 *   node --import tsx tests/setup/split-files.ts GROUPS PROJECT...   prints "GROUP FILE" lines
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Where each project's files live, as vitest.config.ts includes them. */
const PROJECT_DIRS: Record<string, string> = { e2e: 'tests/e2e', faults: 'tests/faults' };

function cachedDurations(): Map<string, number> {
  const durations = new Map<string, number>();
  const cacheDir = path.join(root, 'node_modules/.vite/vitest');
  if (!existsSync(cacheDir)) return durations;
  for (const hash of readdirSync(cacheDir)) {
    const file = path.join(cacheDir, hash, 'results.json');
    if (!existsSync(file)) continue;
    const cache = JSON.parse(readFileSync(file, 'utf8')) as {
      results?: [string, { duration?: number }][];
    };
    for (const [key, result] of cache.results ?? []) {
      if (typeof result.duration === 'number') durations.set(key, result.duration);
    }
  }
  return durations;
}

/**
 * The route sweeps audit every page's markup with axe: what they check does not race, and they
 * already ran in `npm test` just before. On a slow machine they cost minutes and find nothing new.
 */
const NOT_SLOW = new Set([
  'tests/e2e/accessibility-signed-out.test.ts',
  'tests/e2e/accessibility-signed-in.test.ts',
]);

function main(): void {
  const [groupsArg, ...projects] = process.argv.slice(2);
  const groups = Number(groupsArg);
  if (!Number.isInteger(groups) || groups < 1 || projects.length === 0) {
    throw new Error('usage: split-files.ts GROUPS PROJECT...');
  }
  const durations = cachedDurations();
  const files: { file: string; ms: number | undefined }[] = [];
  for (const project of projects) {
    const dir = PROJECT_DIRS[project];
    if (!dir) throw new Error(`unknown project ${project}`);
    for (const name of readdirSync(path.join(root, dir)).sort()) {
      if (!name.endsWith('.test.ts')) continue;
      const file = `${dir}/${name}`;
      if (NOT_SLOW.has(file)) continue;
      files.push({ file, ms: durations.get(`${project}:${file}`) });
    }
  }
  const longest = Math.max(1, ...files.map(({ ms }) => ms ?? 0));
  const weighed = files.map(({ file, ms }) => ({ file, ms: ms ?? longest }));
  weighed.sort((a, b) => b.ms - a.ms || a.file.localeCompare(b.file));
  const load = Array.from({ length: groups }, () => 0);
  for (const { file, ms } of weighed) {
    const group = load.indexOf(Math.min(...load));
    load[group] = (load[group] ?? 0) + ms;
    console.log(`${String(group)} ${file}`);
  }
}

main();
