import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from '../../infra/build/build-server';
import { uniqueId } from './test-env';
import { repoRoot } from './spawn-process';

/** Which Node runs which code: the TypeScript sources through tsx, or the compiled bundle. */
export interface ServerRuntime {
  /** The node binary. */
  node: string;
  /** Entry points, relative to the repository root. */
  api: string;
  workers: string;
  dbIndexes: string;
}

/** The sources under this machine's Node, as `npm start` and most tests run them. */
export const sourceRuntime: ServerRuntime = {
  node: process.execPath,
  api: 'api/src/main.ts',
  workers: 'workers/src/main.ts',
  dbIndexes: 'api/src/cli/db-indexes-command.ts',
};

/** The Node version the images pin (infra/runtime-node-version). */
export const imageNodeVersion = readFileSync(
  path.join(repoRoot, 'infra/runtime-node-version'),
  'utf8',
).trim();

/**
 * The node binary of the images' version, which `npm test`'s pretest script fetches from the npm
 * registry (infra/install-runtime-node.sh).
 */
export function imageNode(): string {
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  const binary = path.join(
    repoRoot,
    `.tools/node-${imageNodeVersion}/node_modules/node-linux-${arch}/bin/node`,
  );
  if (!existsSync(binary)) {
    throw new Error(`Node ${imageNodeVersion} is missing: run bash infra/install-runtime-node.sh`);
  }
  return binary;
}

export interface CompiledServer {
  runtime(node: string): ServerRuntime;
  remove(): void;
}

/**
 * `npm run build:server`'s bundle, built into a folder of this test file's own (beside api/dist,
 * so the bundle finds node_modules and its import.meta.url paths the same way),
 * so test files running at once never delete each other's build.
 */
export async function buildCompiledServer(): Promise<CompiledServer> {
  const folder = `api/dist-test-${uniqueId()}`;
  await buildServer(path.join(repoRoot, folder));
  return {
    runtime: (node) => ({
      node,
      api: `${folder}/api/main.js`,
      workers: `${folder}/workers/main.js`,
      dbIndexes: `${folder}/cli/db-indexes.js`,
    }),
    remove: () => rmSync(path.join(repoRoot, folder), { recursive: true, force: true }),
  };
}
