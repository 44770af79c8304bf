import type { ManagedChild } from './child-processes';

export interface RestartPolicy {
  /** The wait before the first restart. */
  firstDelayMs: number;
  /** Each quick crash doubles the wait, up to this. */
  maxDelayMs: number;
  /** A run this long counts as healthy: the next crash restarts after firstDelayMs again. */
  healthyAfterMs: number;
}

export interface SupervisedProcess {
  readonly name: string;
  /** The process running now: a new one after each restart. */
  current(): ManagedChild;
  /** Ends supervision, then the process: an exit from here on is planned. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export interface SuperviseOptions {
  policy: RestartPolicy;
  log: (line: string) => void;
  /** False while an exit should end everything instead (the product has not started yet). */
  shouldRestart: () => boolean;
  /** Called for an exit that is not restarted. */
  onGiveUp: (code: number | string) => void;
}

/**
 * Keeps one process of the product running, so that a crash of the workers or the API is a
 * restart, not an outage of the whole site. The wait grows with each crash in a row, so a process
 * that cannot start costs little, and starts over once a run has lasted.
 */
export function supervise(
  name: string,
  start: () => ManagedChild,
  options: SuperviseOptions,
): SupervisedProcess {
  const { policy, log } = options;
  let child = start();
  let startedAt = Date.now();
  let delayMs = policy.firstDelayMs;
  let stopped = false;
  let pending: NodeJS.Timeout | undefined;

  const restartAfterExit = (managed: ManagedChild) => {
    void managed.exited.then((code) => {
      if (stopped) return;
      if (!options.shouldRestart()) {
        options.onGiveUp(code);
        return;
      }
      if (Date.now() - startedAt >= policy.healthyAfterMs) delayMs = policy.firstDelayMs;
      log(`${name} exited unexpectedly (${code}); restarting it in ${String(delayMs / 1000)} s`);
      pending = setTimeout(() => {
        pending = undefined;
        if (stopped) return;
        child = start();
        startedAt = Date.now();
        log(`${name} restarted (pid ${String(child.child.pid)})`);
        restartAfterExit(child);
      }, delayMs);
      delayMs = Math.min(delayMs * 2, policy.maxDelayMs);
    });
  };
  restartAfterExit(child);

  return {
    name,
    current: () => child,
    async stop(signal, graceMs) {
      stopped = true;
      clearTimeout(pending);
      await child.stop(signal, graceMs);
    },
  };
}
