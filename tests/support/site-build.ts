import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildSite as buildSiteInto } from '../../infra/local/build-site';
import { repoRoot } from '../../infra/local/launcher';
import { scaled } from './time-scale';

/**
 * What the built site is made of: its sources, the domain code it imports (@hs/api/domain), its
 * configuration and the locked dependencies. The same inputs build the same site.
 */
const INPUTS = [
  'web/index.html',
  'web/package.json',
  'web/tsconfig.json',
  'web/vite.config.ts',
  'web/public',
  'web/src',
  'api/src/domain',
  'package-lock.json',
];

function filesUnder(relative: string): string[] {
  const full = path.join(repoRoot, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(path.join(relative, name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(repoRoot, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function viteBuild(outDir: string): Promise<void> {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await buildSiteInto(outDir);
  } finally {
    process.env.NODE_ENV = previous;
  }
}

const COMPLETE = '.build-complete';
const DAY_MS = 24 * 3600 * 1000;

/** Builds of other sources, a day old or more: nothing running uses them any more. */
function removeStaleCaches(keep: string): void {
  for (const name of readdirSync(tmpdir())) {
    const full = path.join(tmpdir(), name);
    if (!name.startsWith('hs-site-cache-') || full === keep) continue;
    if (Date.now() - statSync(full).mtimeMs > DAY_MS)
      rmSync(full, { recursive: true, force: true });
  }
}

/**
 * The site built from the current sources, once for every test file that asks (they run in
 * processes of their own): the first to come takes a lock (an atomic mkdir) and builds, the others
 * wait for its marker. A build that died leaves its lock behind; after the wait, the next one
 * breaks it and builds.
 */
async function sharedBuild(): Promise<string> {
  const cache = path.join(tmpdir(), `hs-site-cache-${sourcesHash()}`);
  const marker = path.join(cache, COMPLETE);
  const lock = `${cache}.lock`;
  const deadline = Date.now() + scaled(180_000);
  for (;;) {
    if (existsSync(marker)) return cache;
    try {
      mkdirSync(lock);
    } catch {
      if (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    try {
      if (existsSync(marker)) return cache;
      const building = mkdtempSync(`${cache}.building-`);
      await viteBuild(building);
      writeFileSync(path.join(building, COMPLETE), 'built\n');
      rmSync(cache, { recursive: true, force: true });
      renameSync(building, cache);
      removeStaleCaches(cache);
      return cache;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/**
 * Builds the site as `npm run build` does, into a folder of the test's own (the test may change
 * or remove it). The build itself is shared by every test file of the run with the same sources.
 */
export async function buildSite(): Promise<string> {
  const built = await sharedBuild();
  const outDir = mkdtempSync(path.join(tmpdir(), 'hs-site-build-'));
  cpSync(built, outDir, {
    recursive: true,
    filter: (source) => path.basename(source) !== COMPLETE,
  });
  return outDir;
}
