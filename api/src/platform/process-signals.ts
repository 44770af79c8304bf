import type { Logger } from './logger';

/**
 * Runs `stop` once on SIGINT or SIGTERM, then exits. A second signal while stopping exits at once,
 * so a stuck shutdown can always be interrupted.
 */
export function onShutdownSignal(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  // Started by the local launcher over an IPC channel: if the launcher dies without stopping us
  // (SIGKILL, a closed terminal), the channel closes and we stop instead of lingering.
  if (process.connected) process.on('disconnect', () => handler('SIGTERM'));
}

/** Prints a configuration error without a stack: it is a message for a person, not a bug. */
export function exitOnStartupError(name: string, error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${name} could not start: ${message}\n`);
  process.exit(1);
}
