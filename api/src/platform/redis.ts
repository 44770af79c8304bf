import { Redis, type RedisOptions } from 'ioredis';
import type { RedisTarget } from '../config/redis-target';

export type { Redis };
export type { RedisTarget };

/**
 * Where to connect, as ioredis takes it. Through Sentinel, `failoverDetector` subscribes to the
 * sentinels' +switch-master, so a failover is noticed the moment it happens rather than at the
 * next command that fails, and the connection asks the sentinels for the new master at once.
 *
 * A BullMQ Worker makes connections of its own (its main one and the blocking one) by calling
 * `duplicate({ connectionName })` on the client it is handed (bullmq's utils/create-backend), and
 * ioredis' duplicate is `new Redis({ ...this.options, ...override })`: the sentinels, the master's
 * name, both passwords, the failover detector and the READONLY reconnect carry over. (The override
 * is `connectionName`; `name`, which in ioredis is the master's name, is left alone.)
 */
function endpointOptions(target: RedisTarget): RedisOptions {
  const password = target.password === undefined ? {} : { password: target.password };
  if ('url' in target) return password;
  return {
    sentinels: target.sentinels,
    name: target.name,
    ...(target.sentinelPassword === undefined ? {} : { sentinelPassword: target.sentinelPassword }),
    ...password,
    failoverDetector: true,
    // A sentinel that takes the connection but does not answer must not hold up finding the master.
    sentinelCommandTimeout: 2_000,
  };
}

/**
 * A failover demotes the old master to a replica: a connection still on it gets READONLY for
 * every write until it reconnects, and reconnecting asks the sentinels (or the DNS of a managed
 * endpoint) where the master is now. The failed command is not resent: it may be one of a MULTI,
 * and its caller decides (a 503, the MongoDB outbox, BullMQ's own retry).
 */
const reconnectOnReadonly = (error: Error): boolean => error.message.startsWith('READONLY');

/**
 * How a connection behaves while Redis is away depends on what it is for:
 * - request path (the default: rate limits, sign-in codes, health): a command fails at once, so
 *   the caller can answer without waiting;
 * - `producer` (the API's BullMQ queues): fails at once too, so a job goes to the MongoDB outbox
 *   instead of holding the request (BullMQ allows maxRetriesPerRequest on a Queue's connection);
 * - `blocking` (BullMQ workers): waits for Redis forever, as BullMQ requires.
 *
 * `target` comes from `redisTarget(config)` (or `loadRedisTarget(env)`); a bare URL is `{ url }`.
 */
export function createRedis(
  target: RedisTarget | string,
  options: { blocking?: boolean; producer?: boolean } = {},
): Redis {
  const endpoint = typeof target === 'string' ? { url: target } : target;
  const base: RedisOptions = {
    ...endpointOptions(endpoint),
    lazyConnect: false,
    connectTimeout: 5_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    reconnectOnError: reconnectOnReadonly,
  };
  const behaviour: RedisOptions = options.blocking
    ? { maxRetriesPerRequest: null, enableReadyCheck: false }
    : {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        // A Redis that takes connections but does not answer (paused, swapping) must not hold a
        // request either. Queue commands get longer: the dashboard reads whole queues.
        commandTimeout: options.producer ? 5_000 : 2_000,
      };
  return 'url' in endpoint
    ? new Redis(endpoint.url, { ...base, ...behaviour })
    : new Redis({ ...base, ...behaviour });
}

/** What ioredis says when a command cannot reach Redis at all (closed, reconnecting, no answer). */
const AWAY = new Set([
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Command timed out',
]);

/**
 * Redis refused or missed a command because it is away or changing master, not because the
 * command was wrong: the caller answers 503 and the client may try again, since the connection
 * reconnects (to the new master, after a failover) on its own. Redis's own words for "not now":
 * READONLY (a demoted master), MASTERDOWN (a replica without its master), LOADING (a restart
 * still reading its data).
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError' || AWAY.has(error.message)) return true;
  return error.name === 'ReplyError' && /^(READONLY|MASTERDOWN|LOADING) /.test(error.message);
}

export async function pingRedis(redis: Redis): Promise<void> {
  await redis.ping();
}

/**
 * Gives a new connection a moment to come up so the first request does not fail needlessly.
 * Resolves false (the caller logs it) rather than blocking start-up when Redis is away: the
 * process then starts not-ready and recovers when Redis returns.
 */
export async function waitForRedis(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      resolve(false);
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    redis.once('ready', onReady);
  });
}
