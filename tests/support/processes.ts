import { commandLine } from '../../infra/local/child-processes';
import { readdirSync, readFileSync } from 'node:fs';

/** Direct children of `pid`, read from /proc (Linux). */
export function childPids(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((candidate) => {
      try {
        // Field 4 of /proc/PID/stat is the parent pid; the command name before it may hold spaces.
        const stat = readFileSync(`/proc/${candidate}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[1]) === pid;
      } catch {
        return false;
      }
    });
}

export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // A zombie has exited; it only waits for its parent to read its status.
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Every live process whose command line mentions `text`. */
export function processesMentioning(text: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => pid !== process.pid && isAlive(pid) && commandLine(pid).includes(text));
}

export { commandLine };
