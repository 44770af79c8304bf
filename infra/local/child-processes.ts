import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ManagedChild {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process has gone. */
  exited: Promise<number | string>;
  isRunning(): boolean;
  /** Sends `signal`, waits up to `graceMs`, then SIGKILLs. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

const everyChild = new Set<ManagedChild>();

/**
 * Last resort for an exit we did not plan (an exception in the launcher): nothing we started may
 * outlive us. A graceful stop has already emptied the set.
 */
process.on('exit', () => {
  for (const managed of everyChild) {
    if (managed.isRunning()) managed.child.kill('SIGKILL');
  }
});

/**
 * Children get their own process group, so a Ctrl-C in the terminal reaches only the launcher,
 * which then stops them in order (the app before the databases it is still writing to).
 */
export function spawnManaged(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ManagedChild {
  const child = spawn(command, args, { detached: true, ...options });
  let running = true;
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running = false;
      everyChild.delete(managed);
      resolve(code ?? signal ?? 'unknown');
    });
    child.once('error', (error) => {
      running = false;
      everyChild.delete(managed);
      resolve(error.message);
    });
  });
  const managed: ManagedChild = {
    name,
    child,
    exited,
    isRunning: () => running,
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (!running) return;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  everyChild.add(managed);
  return managed;
}

/**
 * A server left running by a launcher that was killed outright (SIGKILL, a closed terminal) still
 * holds its data directory. Its pid file tells us which process to end before starting again.
 */
export async function killLeftover(pidFile: string, expectedCommand: string): Promise<boolean> {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile, 'utf8').trim(), 10);
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 1 || !commandLine(pid).includes(expectedCommand))
    return false;
  process.kill(pid, 'SIGKILL');
  for (let waited = 0; waited < 5_000 && commandLine(pid); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** The command line of a live process, words separated by spaces; '' when it is gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
}

export function tailOfFile(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
