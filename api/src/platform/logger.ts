import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Paths that may carry secrets. Listed here once so that request logs, job logs and error logs
 * all drop them the same way.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.token',
  '*.secret',
  '*.cardNumber',
  '*.cvv',
];

export function createLogger(options: {
  level: string;
  name: string;
  /** Where the lines go (stdout when absent); tests read them to prove what is never logged. */
  destination?: DestinationStream;
}): Logger {
  const settings = {
    name: options.name,
    level: options.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
