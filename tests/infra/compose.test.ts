import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ZodType } from 'zod';
import { apiEnv, workersEnv } from '../../api/src/config/env-schema';
import { ConfigError, loadConfig } from '../../api/src/config/load-config';
import { SERVER_ENTRIES } from '../../infra/build/build-server';

/**
 * The deployment files agree with the code: docker-compose.yml gives the API and the workers every
 * variable their schema reads (and nothing else), .env.example documents exactly the variables
 * something reads, no module reads the environment behind the schema's back, and the images run
 * as a non-root user with an entry point that exists.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (relative: string): string => readFileSync(path.join(repoRoot, relative), 'utf8');

type Env = Map<string, string>;

interface ComposeService {
  name: string;
  raw: Record<string, unknown>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const scalar = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : '';

const compose: unknown = parse(read('docker-compose.yml'));
const services: Record<string, ComposeService> = {};
if (isRecord(compose) && isRecord(compose.services)) {
  for (const [name, raw] of Object.entries(compose.services)) {
    if (isRecord(raw)) services[name] = { name, raw };
  }
}

function service(name: string): ComposeService {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

/** `environment:` as a map (`NAME: value`) or a list (`- NAME=value`, `- NAME`). */
function environmentOf(name: string): Env {
  const env: Env = new Map();
  const raw = service(name).raw.environment;
  if (Array.isArray(raw)) {
    for (const entry of raw) {
      const text = scalar(entry);
      const eq = text.indexOf('=');
      if (eq === -1) env.set(text, '');
      else env.set(text.slice(0, eq), text.slice(eq + 1));
    }
  } else if (isRecord(raw)) {
    for (const [key, value] of Object.entries(raw)) env.set(key, scalar(value));
  }
  return env;
}

/** Stands in for a secret that compose demands from .env (`${VAR:?message}`). */
const REQUIRED_SECRET_STAND_IN = 'x'.repeat(48);

/**
 * What compose would pass with no .env file: `${VAR:-default}` becomes its default, `$$` a `$`.
 * `${VAR:?message}` makes compose refuse to start without it; a stand-in value is checked instead.
 */
const interpolateDefaults = (value: string): string =>
  value
    .replace(
      /\$\{[A-Za-z_][A-Za-z0-9_]*(?:(:?-|:\?)([^}]*))?\}/g,
      (_match, operator?: string, fallback?: string) =>
        operator === ':?' ? REQUIRED_SECRET_STAND_IN : (fallback ?? ''),
    )
    .replace(/\$\$/g, '$');

/** The `${VAR}` names in every string of the parsed file (comments are not interpolated). */
function interpolatedNames(value: unknown): string[] {
  if (typeof value === 'string') {
    return [...value.replace(/\$\$/g, '').matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].flatMap(
      (match) => (match[1] ? [match[1]] : []),
    );
  }
  if (Array.isArray(value)) return value.flatMap(interpolatedNames);
  if (isRecord(value)) {
    return [...Object.keys(value), ...Object.values(value)].flatMap(interpolatedNames);
  }
  return [];
}

const apiNames = Object.keys(apiEnv);
const workersNames = Object.keys(workersEnv);
const schemaNames = new Set([...apiNames, ...workersNames]);
const schemas: Record<string, ZodType> = { ...workersEnv, ...apiEnv };

/** The launcher starts a local server for each of these that is unset (infra/local/stack.ts). */
const LOCAL_SERVICE_URLS = ['MONGO_URL', 'REDIS_URL', 'S3_ENDPOINT', 'SMTP_URL'];

/** Variables the local launcher reads (`process.env.NAME` in infra/local/*.ts): found, not listed. */
function launcherNames(): Set<string> {
  const names = new Set<string>();
  const dir = path.join(repoRoot, 'infra/local');
  for (const file of readdirSync(dir).filter((entry) => entry.endsWith('.ts'))) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const match of text.matchAll(
      /process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*['"`]([A-Za-z_][A-Za-z0-9_]*)['"`]\s*\])/g,
    )) {
      const name = match[1] ?? match[2];
      if (name) names.add(name);
    }
  }
  return names;
}

/** `.env.example` lines `NAME=value` (set) and `# NAME=value` (documented, left unset). */
function envExample(): Map<string, { value: string; set: boolean }> {
  const entries = new Map<string, { value: string; set: boolean }>();
  for (const line of read('.env.example').split('\n')) {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match?.[2]) continue;
    const value = (match[3] ?? '')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .replace(/^'(.*)'$/, '$1');
    entries.set(match[2], { value, set: !match[1] });
  }
  return entries;
}

function sourceFiles(relativeDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(repoRoot, relativeDir));
  return files;
}

interface DockerInstruction {
  keyword: string;
  args: string;
}

/** A Dockerfile's instructions, continuation lines joined and comments dropped. */
function instructionsOf(dockerfile: string): DockerInstruction[] {
  return dockerfile
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n')
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const space = line.search(/\s/);
      return space === -1
        ? { keyword: line.toUpperCase(), args: '' }
        : { keyword: line.slice(0, space).toUpperCase(), args: line.slice(space).trim() };
    });
}

/** The instructions of the stage compose builds: its `target`, or the last one. */
function finalStage(dockerfile: string, target?: string): DockerInstruction[] {
  const instructions = instructionsOf(dockerfile);
  const froms = instructions.flatMap((instruction, index) =>
    instruction.keyword === 'FROM' ? [index] : [],
  );
  const start = target
    ? froms.find((index) =>
        new RegExp(`\\sAS\\s+${target}$`, 'i').test(instructions[index]?.args ?? ''),
      )
    : froms.at(-1);
  if (start === undefined) return [];
  const end = froms.find((index) => index > start) ?? instructions.length;
  return instructions.slice(start, end);
}

function dockerfileOf(name: string): { file: string; relative: string; target?: string } {
  const build = service(name).raw.build;
  const context = isRecord(build) ? scalar(build.context) || '.' : scalar(build) || '.';
  const dockerfile = isRecord(build) ? scalar(build.dockerfile) || 'Dockerfile' : 'Dockerfile';
  const target = isRecord(build) ? scalar(build.target) || undefined : undefined;
  const file = path.resolve(repoRoot, context, dockerfile);
  return { file, relative: path.relative(repoRoot, file), target };
}

/** The stage compose builds for a service. */
function stageOf(name: string): DockerInstruction[] {
  const { file, target } = dockerfileOf(name);
  return finalStage(readFileSync(file, 'utf8'), target);
}

describe('docker-compose.yml', () => {
  it.each(['mongo', 'redis', 'minio', 'minio-setup', 'mailpit', 'api', 'workers', 'web'])(
    'has the service %s',
    (name) => {
      expect(Object.keys(services), `docker-compose.yml lacks the service "${name}"`).toContain(
        name,
      );
    },
  );

  it.each([
    ['api', apiNames],
    ['workers', workersNames],
  ] as const)('gives the %s service every variable its schema reads', (name, names) => {
    const env = environmentOf(name);
    const missing = names.filter((variable) => !env.has(variable));
    expect(missing, `variables missing from the ${name} service's environment`).toEqual([]);
  });

  it.each([
    ['api', apiNames],
    ['workers', workersNames],
  ] as const)('gives the %s service no variable the code does not read', (name, names) => {
    const unknown = [...environmentOf(name).keys()].filter(
      (variable) => !(names as readonly string[]).includes(variable),
    );
    expect(unknown, `variables in the ${name} service that its schema does not read`).toEqual([]);
  });

  it.each([
    ['api', apiEnv],
    ['workers', workersEnv],
  ] as const)('gives the %s service values its schema accepts', (name, shape) => {
    const env = Object.fromEntries(
      [...environmentOf(name)].map(([key, value]) => [key, interpolateDefaults(value)]),
    );
    let problems: string[] = [];
    try {
      loadConfig(shape, env);
    } catch (error) {
      problems = error instanceof ConfigError ? error.problems : [String(error)];
    }
    expect(problems, `${name} service: values its schema refuses (with no .env)`).toEqual([]);
  });

  it('runs MongoDB as a replica set that the api and the workers name', () => {
    const mongo = service('mongo').raw;
    const command = Array.isArray(mongo.command)
      ? mongo.command.map(scalar)
      : scalar(mongo.command).split(/\s+/);
    expect(command, 'the mongo service command').toContain('--replSet');
    const replSet = command[command.indexOf('--replSet') + 1] ?? '';
    const healthcheck = isRecord(mongo.healthcheck) ? JSON.stringify(mongo.healthcheck.test) : '';
    expect(healthcheck, 'the mongo healthcheck initiates the replica set').toContain('rs.initiate');
    expect(healthcheck, 'the mongo healthcheck initiates the set named by --replSet').toContain(
      `_id:'${replSet}'`,
    );
    for (const name of ['api', 'workers']) {
      expect(environmentOf(name).get('MONGO_URL'), `MONGO_URL of the ${name} service`).toContain(
        `replicaSet=${replSet}`,
      );
    }
  });

  it('waits for what each service depends on to exist', () => {
    const unknown: string[] = [];
    for (const { name, raw } of Object.values(services)) {
      const dependsOn = raw.depends_on;
      const targets = Array.isArray(dependsOn)
        ? dependsOn.map(scalar)
        : isRecord(dependsOn)
          ? Object.keys(dependsOn)
          : [];
      for (const target of targets) if (!services[target]) unknown.push(`${name} -> ${target}`);
    }
    expect(unknown, 'depends_on naming a service that does not exist').toEqual([]);
  });

  it('takes every interpolated ${VAR} from a variable documented in .env.example', () => {
    const documented = envExample();
    const undocumented = [...new Set(interpolatedNames(compose))].filter(
      (name) => !documented.has(name),
    );
    expect(undocumented, 'compose interpolates variables .env.example does not list').toEqual([]);
  });
});

describe('.env.example', () => {
  it('lists every variable of apiEnv and workersEnv', () => {
    const documented = envExample();
    const missing = [...schemaNames].filter((name) => !documented.has(name));
    expect(missing, 'variables missing from .env.example').toEqual([]);
  });

  it('lists only variables the code or compose reads', () => {
    const readByCode = new Set([...schemaNames, ...launcherNames(), ...interpolatedNames(compose)]);
    const unknown = [...envExample().keys()].filter((name) => !readByCode.has(name));
    expect(unknown, 'variables in .env.example that nothing reads').toEqual([]);
  });

  it('gives each variable a comment line above it', () => {
    const lines = read('.env.example').split('\n');
    const uncommented = lines.flatMap((line, index) => {
      const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=/.exec(line.trim());
      if (!match?.[2]) return [];
      const above = (lines[index - 1] ?? '').trim();
      return above.startsWith('#') ? [] : [match[2]];
    });
    expect(uncommented, 'variables without a comment above them').toEqual([]);
  });

  it('leaves the service URLs unset, so that `npm start` starts its local servers', () => {
    const set = [...envExample()]
      .filter(([name, { set, value }]) => LOCAL_SERVICE_URLS.includes(name) && set && value !== '')
      .map(([name]) => name);
    expect(set, 'service URLs set in .env.example (npm start would not start them)').toEqual([]);
  });

  it('has example values the schema accepts', () => {
    const invalid = [...envExample()].flatMap(([name, { value }]) => {
      const schema = schemas[name];
      if (!schema || value === '') return [];
      return schema.safeParse(value).success ? [] : [`${name}=${value}`];
    });
    expect(invalid, 'values in .env.example that the schema refuses').toEqual([]);
  });
});

describe('configuration is read only through the schema', () => {
  const configFiles = new Set(
    [...sourceFiles('api/src/config'), path.join(repoRoot, 'workers/src/config.ts')].map((file) =>
      path.resolve(file),
    ),
  );

  it('has no process.env outside the config modules, and there only as a default argument', () => {
    const offences: string[] = [];
    for (const file of [...sourceFiles('api/src'), ...sourceFiles('workers/src')]) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        const trimmed = line.trim();
        if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return;
        const code = line.replace(/(^|\s)\/\/.*$/, '');
        const uses = [
          ...code.matchAll(/\bprocess\s*(?:\.\s*env\b|\[\s*['"`]env['"`]\s*\])[^\n]*/g),
        ];
        const envImport = /import\s*\{[^}]*\benv\b[^}]*\}\s*from\s*['"](?:node:)?process['"]/.test(
          code,
        );
        const where = `${path.relative(repoRoot, file)}:${index + 1}`;
        if (envImport) offences.push(`${where}: ${trimmed}`);
        for (const use of uses) {
          const allowed =
            configFiles.has(path.resolve(file)) && /=\s*process\.env\s*[,)]/.test(code);
          if (!allowed) offences.push(`${where}: ${use[0].trim()}`);
        }
      });
    }
    expect(offences, 'environment read outside the config schema').toEqual([]);
  });
});

describe('the images', () => {
  const built = Object.values(services).filter(({ raw }) => raw.build !== undefined);

  it('are built for api, workers and web', () => {
    expect(built.map(({ name }) => name).sort()).toEqual(['api', 'web', 'workers']);
  });

  it.each(['api', 'workers', 'web'])('%s: the Dockerfile exists', (name) => {
    const { file, relative } = dockerfileOf(name);
    expect(existsSync(file), `${name}: ${relative} does not exist`).toBe(true);
  });

  it.each(['api', 'workers', 'web'])('%s: the final stage runs as a non-root user', (name) => {
    const { relative } = dockerfileOf(name);
    const users = stageOf(name).filter(({ keyword }) => keyword === 'USER');
    const user = users.at(-1)?.args.split(':')[0]?.trim() ?? '';
    expect(user, `${name}: ${relative} sets no USER in its final stage`).not.toBe('');
    expect(
      user === 'root' || user === '0',
      `${name}: ${relative} runs as root (USER ${user})`,
    ).toBe(false);
  });

  it.each(['api', 'workers'])('%s: CMD runs the compiled bundle with node alone', (name) => {
    const { relative } = dockerfileOf(name);
    const cmd = stageOf(name)
      .filter(({ keyword }) => keyword === 'CMD')
      .at(-1);
    expect(cmd, `${name}: ${relative} has no CMD`).toBeDefined();
    const args: unknown = JSON.parse(cmd?.args ?? '[]');
    expect(Array.isArray(args), `${name}: CMD is not in exec form`).toBe(true);
    const words = Array.isArray(args) ? args.map(scalar) : [];
    expect(words[0], `${name}: CMD runs node`).toBe('node');
    expect(words.join(' '), `${name}: CMD loads no TypeScript at run time`).not.toMatch(
      /tsx|\.ts\b/,
    );
    const scripts = words.filter((word) => word.endsWith('.js'));
    expect(scripts, `${name}: CMD names no script`).toHaveLength(1);
    // api/dist/<entry>.js is written by `npm run build:server` from a source that must exist.
    const entry = /^api\/dist\/(.+)\.js$/.exec(scripts[0] ?? '')?.[1] ?? '';
    const source = (SERVER_ENTRIES as Record<string, string>)[entry];
    expect(source, `${name}: CMD script ${scripts[0]} is not a build:server output`).toBeDefined();
    expect(existsSync(path.join(repoRoot, source ?? '')), `${name}: source ${source}`).toBe(true);
    expect(service(name).raw.command, `${name}: compose overrides CMD`).toBeUndefined();
  });

  it.each(['api', 'workers'])('%s: ships no TypeScript loader among its dependencies', (name) => {
    const manifest: unknown = JSON.parse(read(`${name}/package.json`));
    const dependencies =
      isRecord(manifest) && isRecord(manifest.dependencies) ? manifest.dependencies : {};
    expect(Object.keys(dependencies)).not.toContain('tsx');
  });

  it('run the Node version the compiled-server test runs, pinned', () => {
    const version = read('infra/runtime-node-version').trim();
    expect(version).toMatch(/^24\.\d+\.\d+$/);
    const { file } = dockerfileOf('api');
    const instructions = instructionsOf(readFileSync(file, 'utf8'));
    expect(instructions).toContainEqual({ keyword: 'ARG', args: `NODE_VERSION=${version}` });
    const bases = instructions
      .filter(({ keyword }) => keyword === 'FROM')
      .map(({ args }) => args.split(/\s+/)[0] ?? '')
      .filter((image) => image.includes(':'));
    expect(bases).toEqual(['node:${NODE_VERSION}-bookworm-slim']);
  });

  it('every image of docker-compose.yml has a pinned version tag', () => {
    const unpinned = Object.values(services)
      .map(({ name, raw }) => ({ name, image: scalar(raw.image) }))
      .filter(({ image }) => !/:(\$\{IMAGE_TAG:-)?v?\d+\.\d+\.\d+|:RELEASE\./.test(image));
    expect(unpinned, 'images without an exact version').toEqual([]);
  });
});
