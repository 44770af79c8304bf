import { scaled } from './time-scale';

import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SpawnedProcess {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves when `pattern` has been printed; rejects if the process exits first or time runs out. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): void;
}

export interface SpawnOptions {
  detached?: boolean;
  args?: string[];
  /** Keeps `child.stdin` open for the test to write to. */
  stdin?: boolean;
  /**
   * Runs it on a pseudo-terminal (util-linux `script`), as when a person types at it: its
   * standard input is a TTY, fed from `child.stdin`.
   */
  terminal?: boolean;
  /** The node binary (this machine's by default): the compiled server also runs under the images' Node. */
  node?: string;
}

const shellQuoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * Runs one of our entry points as its own process, the way production runs it: a TypeScript
 * source through tsx, or a compiled bundle (.js) with node alone, as the images do.
 */
export function spawnEntryPoint(
  script: string,
  env: Record<string, string>,
  options: SpawnOptions = {},
): SpawnedProcess {
  const node = options.node ?? process.execPath;
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const command = [node, ...loader, script, ...(options.args ?? [])];
  const [file, args] = options.terminal
    ? [
        'script',
        [
          '--quiet',
          '--flush',
          '--return',
          '--command',
          command.map(shellQuoted).join(' '),
          '/dev/null',
        ],
      ]
    : [node, command.slice(1)];
  const child = spawn(file, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', ...env },
    stdio: [options.stdin || options.terminal ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  // Both are pipes by the stdio option above; the typings cannot tell from a computed one.
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
      for (const listener of listeners) listener();
    });
  });
  return {
    child,
    output: () => output,
    exited,
    kill: (signal = 'SIGKILL') => {
      if (running) child.kill(signal);
    },
    waitForOutput: (pattern, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${String(pattern)}; output:\n${output}`));
        }, scaled(timeoutMs));
        const check = () => {
          if (pattern.test(output)) {
            clearTimeout(timer);
            listeners.delete(check);
            resolve();
          } else if (!running) {
            clearTimeout(timer);
            listeners.delete(check);
            reject(new Error(`process exited before ${String(pattern)}; output:\n${output}`));
          }
        };
        listeners.add(check);
        check();
      }),
  };
}
