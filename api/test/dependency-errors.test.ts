import { createRequire } from 'node:module';
import {
  MongoClient,
  MongoNetworkError,
  MongoNetworkTimeoutError,
  MongoNotConnectedError,
  MongoParseError,
  MongoServerError,
  MongoStalePrimaryError,
  MongoTopologyClosedError,
  MongoWriteConcernError,
} from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/ports';
import { testEnv } from '../../tests/support/test-env';
import { isMongoUnavailable } from '../src/platform/mongo';
import { createRedis, isRedisUnavailable, waitForRedis, type Redis } from '../src/platform/redis';

/**
 * Which errors of the drivers mean "MongoDB or Redis is away, or changing primary, for now" (a 503
 * with Retry-After; tests/faults and api/test/mongo-election show the answers themselves), and
 * which are a request's own fault.
 */

/** The driver's error for a pool it cleared under an operation: not exported, but its own class. */
const { PoolClearedError } = createRequire(import.meta.url)('mongodb/lib/cmap/errors') as {
  PoolClearedError: new (pool: { address: string; serverError?: Error }) => Error;
};

const serverError = (code: number, codeName: string, errmsg: string, errorLabels?: string[]) =>
  new MongoServerError({ code, codeName, errmsg, ...(errorLabels ? { errorLabels } : {}) });

describe('isMongoUnavailable', () => {
  let selectionTimedOut: unknown;
  beforeAll(async () => {
    // The real thing: no server where the client looks for one.
    const client = new MongoClient(`mongodb://127.0.0.1:${String(await freePort())}/`, {
      serverSelectionTimeoutMS: 200,
    });
    selectionTimedOut = await client.connect().catch((error: unknown) => error);
    await client.close();
  });

  it('takes a server selection that timed out (no primary during an election) as unavailable', () => {
    expect((selectionTimedOut as Error).name).toBe('MongoServerSelectionError');
    expect(isMongoUnavailable(selectionTimedOut)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['NotWritablePrimary (10107)', serverError(10107, 'NotWritablePrimary', 'not primary')],
    [
      'NotPrimaryNoSecondaryOk (13435)',
      serverError(13435, 'NotPrimaryNoSecondaryOk', 'not primary and secondaryOk=false'),
    ],
    [
      'NotPrimaryOrSecondary (13436)',
      serverError(
        13436,
        'NotPrimaryOrSecondary',
        'not primary or secondary; cannot currently read',
      ),
    ],
    ['LegacyNotPrimary (10058)', serverError(10058, 'LegacyNotPrimary', 'not master')],
    [
      'InterruptedDueToReplStateChange (11602)',
      serverError(11602, 'InterruptedDueToReplStateChange', 'operation was interrupted'),
    ],
    ['PrimarySteppedDown (189)', serverError(189, 'PrimarySteppedDown', 'primary stepped down')],
    ['ShutdownInProgress (91)', serverError(91, 'ShutdownInProgress', 'shutdown in progress')],
    ['InterruptedAtShutdown (11600)', serverError(11600, 'InterruptedAtShutdown', 'interrupted')],
    [
      'a write concern error of a primary that stepped down',
      new MongoWriteConcernError({
        ok: 1,
        writeConcernError: { code: 189, codeName: 'PrimarySteppedDown', errmsg: 'stepped down' },
      }),
    ],
    ['"not master" without a code (an old server)', new MongoServerError({ errmsg: 'not master' })],
    ['"node is recovering" without a code', new MongoServerError({ errmsg: 'node is recovering' })],
    [
      'the label RetryableWriteError',
      serverError(262, 'ExceededTimeLimit', 'timed out', ['RetryableWriteError']),
    ],
    [
      'the label TransientTransactionError',
      serverError(112, 'WriteConflict', 'write conflict', ['TransientTransactionError']),
    ],
    ['the label ResetPool', serverError(9001, 'SocketException', 'socket', ['ResetPool'])],
    [
      'MongoPoolClearedError',
      new PoolClearedError({
        address: '127.0.0.1:27017',
        serverError: new MongoNetworkError('connection closed'),
      }),
    ],
    ['MongoNetworkError', new MongoNetworkError('connection 4 to 127.0.0.1:27017 closed')],
    ['MongoNetworkTimeoutError', new MongoNetworkTimeoutError('connection timed out')],
    ['MongoNotConnectedError', new MongoNotConnectedError('client must be connected')],
    ['MongoTopologyClosedError', new MongoTopologyClosedError()],
    ['MongoStalePrimaryError', new MongoStalePrimaryError('primary marked stale')],
  ])('takes %s as unavailable (503)', (_name, error) => {
    expect(isMongoUnavailable(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a duplicate key (11000)', serverError(11000, 'DuplicateKey', 'E11000 duplicate key')],
    ['a document validation failure (121)', serverError(121, 'DocumentValidationFailure', 'no')],
    ['a refusal of rights (13)', serverError(13, 'Unauthorized', 'not authorized')],
    ['a write conflict with no label', serverError(112, 'WriteConflict', 'write conflict')],
    ['a bad connection string', new MongoParseError('Invalid scheme')],
    ["an error that is not the driver's, whatever it says", new Error('not primary')],
    ['a validation error of a model', new mongoose.Error.ValidationError()],
    ['not an error at all', 'not primary'],
  ])("takes %s as the request's own (not a 503)", (_name, error) => {
    expect(isMongoUnavailable(error)).toBe(false);
  });
});

describe('isRedisUnavailable', () => {
  const { REDIS_URL = '' } = testEnv();
  let redis: Redis;
  let queueing: Redis;
  beforeAll(async () => {
    redis = createRedis(REDIS_URL);
    redis.on('error', () => undefined);
    queueing = createRedis(REDIS_URL, { blocking: true });
    queueing.on('error', () => undefined);
    expect(await waitForRedis(redis, 10_000)).toBe(true);
  });
  afterAll(() => {
    redis.disconnect();
    queueing.disconnect();
  });

  /**
   * A real ReplyError from the real server, with the words Redis itself would answer. On a
   * connection that queues commands while it reconnects: a READONLY has it reconnect.
   */
  const replyError = (words: string, on: Redis = queueing) =>
    on.call('EVAL', 'return redis.error_reply(ARGV[1])', '0', words).then(
      () => undefined,
      (error: unknown) => error,
    );

  it('reconnects after a READONLY reply, so that it finds where the master is now', async () => {
    const reconnecting = new Promise((resolve) => redis.once('reconnecting', resolve));
    await replyError("READONLY You can't write against a read only replica.", redis);
    await reconnecting;
    expect(await waitForRedis(redis, 10_000)).toBe(true);
  });

  it.each([
    "READONLY You can't write against a read only replica.",
    "MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.",
    'LOADING Redis is loading the dataset in memory',
  ])('takes the reply %j as unavailable (503)', async (words) => {
    const error = await replyError(words);
    expect((error as Error).name).toBe('ReplyError');
    expect(isRedisUnavailable(error)).toBe(true);
  });

  it.each(['ERR unknown command', 'WRONGTYPE Operation against a key holding the wrong kind'])(
    "takes the reply %j as the request's own",
    async (words) => {
      expect(isRedisUnavailable(await replyError(words))).toBe(false);
    },
  );

  it('takes a command while Redis is away, or on a closed connection, as unavailable', async () => {
    const away = createRedis(`redis://127.0.0.1:${String(await freePort())}`);
    away.on('error', () => undefined);
    const notWritable = await away.set('key', 'value').catch((error: unknown) => error);
    away.disconnect();
    const blocking = createRedis(REDIS_URL, { blocking: true });
    expect(await waitForRedis(blocking, 10_000)).toBe(true);
    blocking.disconnect();
    const closed = await blocking.set('key', 'value').catch((error: unknown) => error);
    expect([String(notWritable), String(closed)]).toEqual([
      "Error: Stream isn't writeable and enableOfflineQueue options is false",
      'Error: Connection is closed.',
    ]);
    expect(isRedisUnavailable(notWritable)).toBe(true);
    expect(isRedisUnavailable(closed)).toBe(true);
    // ioredis's words for a server that takes the connection but does not answer.
    expect(isRedisUnavailable(new Error('Command timed out'))).toBe(true);
  });

  it('takes anything else as not Redis being away', () => {
    expect(isRedisUnavailable(new Error('READONLY'))).toBe(false);
    expect(isRedisUnavailable(new Error('connection refused'))).toBe(false);
    expect(isRedisUnavailable('Connection is closed.')).toBe(false);
  });
});
