import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * `npm run build:server`: the API, the workers and the operators' commands as plain JavaScript
 * under api/dist, so the images run `node` alone (no TypeScript loader at run time).
 *
 * Our own code (the api and workers workspaces, imported as `@hs/api/...`) is bundled; every
 * npm package stays an import of node_modules, installed by `npm ci --omit=dev` in the image.
 * Native modules (argon2) and packages that read their own files (bull-board, swagger-ui) then
 * work unchanged.
 *
 * The bundle lives in the api workspace, which every server process is built on: Node looks for
 * a package in api/node_modules (where npm keeps the api's own copies, sanitize-html for one)
 * before the root's, as it does for the sources. Each entry sits three folders below the root
 * (api/dist/api/main.js), like its source (api/src/http/...), so the paths our code derives from
 * import.meta.url (the built site's default folder, the launcher's running.json) resolve to the
 * same places.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_DIST = path.join(repoRoot, 'api/dist');

/** Output name (under api/dist) → source entry point. */
export const SERVER_ENTRIES = {
  'api/main': 'api/src/main.ts',
  'workers/main': 'workers/src/main.ts',
  'cli/db-indexes': 'api/src/cli/db-indexes-command.ts',
  'cli/admin': 'api/src/cli/admin-command.ts',
  'cli/newsletter': 'api/src/cli/newsletter-command.ts',
} as const;

/** Bare imports are npm packages, left to node_modules; our workspaces are bundled. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hs/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Builds into `outdir` (api/dist by default; any other folder of the api workspace works). */
export async function buildServer(outdir = SERVER_DIST): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: Object.fromEntries(
      Object.entries(SERVER_ENTRIES).map(([out, source]) => [out, path.join(repoRoot, source)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node the product supports (package.json engines); the images run Node 24.
    target: 'node20.19',
    // Stack traces in the logs name the TypeScript lines (node --enable-source-maps).
    sourcemap: 'linked',
    plugins: [npmPackagesExternal],
    logLevel: 'warning',
    metafile: true,
  });
  const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
  for (const [file, output] of outputs) {
    console.log(
      `[build] ${path.relative(repoRoot, file)} (${(output.bytes / 1024).toFixed(0)} KB)`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('[build] bundling the API, the workers and the commands into api/dist...');
  await buildServer();
}
