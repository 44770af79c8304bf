import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * A registry per process role rather than prom-client's global one: two apps built in one test
 * process would otherwise register the same metric names twice and throw. Process metrics (CPU,
 * memory, event loop lag, GC) come with it.
 */
export function createMetricsRegistry(): Registry {
  const register = new Registry();
  collectDefaultMetrics({ register });
  return register;
}
