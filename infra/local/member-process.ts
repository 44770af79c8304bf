import { readFileSync } from 'node:fs';
import type { ManagedChild } from './child-processes';

/** One process of the HA topology, as the fault tests and the bench drive it. */
export interface TopologyMember {
  /** 'mongo-1', 'redis-2', 'sentinel-1' */
  name: string;
  /** '127.0.0.1:port' */
  host: string;
  port: number;
  /** The running process's pid (changes after restart). */
  pid(): number | undefined;
  /** e.g. SIGKILL, SIGSTOP, SIGCONT to the process. */
  signal(signal: NodeJS.Signals): void;
  isRunning(): boolean;
  /** Starts it again on the same port, data and config; resolves once it has settled in its role. */
  restart(): Promise<void>;
}

/**
 * One server of the high-availability topology, which a fault test may freeze (SIGSTOP), kill
 * and start again: the process behind it changes, its name, port and data do not.
 */
export class MemberProcess {
  private current: ManagedChild | undefined;

  constructor(
    readonly name: string,
    private readonly spawn: () => Promise<ManagedChild>,
  ) {}

  async start(): Promise<ManagedChild> {
    if (this.current?.isRunning()) throw new Error(`${this.name} is already running`);
    this.current = await this.spawn();
    return this.current;
  }

  pid(): number | undefined {
    return this.current?.isRunning() ? this.current.child.pid : undefined;
  }

  isRunning(): boolean {
    return this.current?.isRunning() ?? false;
  }

  /**
   * Stopped by SIGSTOP (from signal() or from outside): it holds its port but answers nothing,
   * so the waits leave it out instead of waiting on it.
   */
  isFrozen(): boolean {
    const pid = this.pid();
    if (pid === undefined) return false;
    try {
      const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
      return /^[Tt]/.test(stat.slice(stat.lastIndexOf(')') + 2));
    } catch {
      return false;
    }
  }

  /** Running and not frozen: a member the waits expect an answer from. */
  isLive(): boolean {
    return this.isRunning() && !this.isFrozen();
  }

  signal(signal: NodeJS.Signals): void {
    const current = this.current;
    if (!current?.isRunning()) throw new Error(`${this.name} is not running`);
    current.child.kill(signal);
  }

  /** SIGCONT if it runs: harmless to a process that is not frozen. */
  resume(): void {
    if (this.current?.isRunning()) this.current.child.kill('SIGCONT');
  }

  /**
   * A kill sent just before is seen here as an exit still on its way: wait for it rather than
   * fail a restart that follows a SIGKILL at once.
   */
  async waitUntilExited(timeoutMs = 5_000): Promise<void> {
    const current = this.current;
    if (!current?.isRunning()) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      current.exited,
      new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timer);
    if (current.isRunning()) throw new Error(`${this.name} is still running (pid ${this.pid()})`);
  }

  /** Stops it whatever its state: a frozen process would hold a SIGTERM until continued. */
  async stop(signal: NodeJS.Signals, graceMs: number): Promise<void> {
    const current = this.current;
    if (!current?.isRunning()) return;
    this.resume();
    await current.stop(signal, graceMs);
  }
}

/**
 * Polls `probe` until it gives a value; on time-out the error tells what was last seen, which is
 * what a failed election or failover needs to be understood.
 */
export async function pollFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  options: {
    timeoutMs: number;
    intervalMs?: number;
    lastSeen?: () => string;
    failed?: () => string | undefined;
  },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const failure = options.failed?.();
    if (failure) throw new Error(`${what} failed: ${failure}`);
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const seen = options.lastSeen?.();
      throw new Error(
        `${what}: not after ${String(options.timeoutMs)} ms${seen ? ` (last seen: ${seen})` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
  }
}
