import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/config/api-config';
import { loadCliConfig } from '../src/config/cli-config';
import { ConfigError } from '../src/config/load-config';
import { RUNNING_FILE } from '../src/config/local-services';
import { loadRedisTarget, redisTarget } from '../src/config/redis-target';

const valid = {
  MONGO_URL: 'mongodb://127.0.0.1:27017/?replicaSet=rs0',
  REDIS_URL: 'redis://127.0.0.1:6379',
  S3_BUCKET: 'homeservices',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
  LINK_SECRET: 'another-test-secret-that-is-long-enough-0123',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadApiConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('API configuration', () => {
  it('applies the documented defaults', () => {
    const config = loadApiConfig(valid);
    expect(config.PORT).toBe(8080);
    expect(config.NODE_ENV).toBe('development');
    expect(config.QUEUE_PREFIX).toBe('hs');
  });

  it('names a missing variable', () => {
    const { MONGO_URL: _, ...withoutMongo } = valid;
    expect(problemsOf(withoutMongo)).toEqual(['MONGO_URL: is required']);
  });

  it('treats a blank value as missing', () => {
    const { MONGO_URL: _, ...withoutMongo } = valid;
    expect(problemsOf({ ...withoutMongo, MONGO_URL: '  ' })).toEqual(['MONGO_URL: is required']);
    expect(problemsOf({ ...valid, REDIS_URL: '  ' })).toEqual([
      expect.stringMatching(/^REDIS_URL: is required \(or REDIS_SENTINELS/),
    ]);
  });

  it('names each wrong value with the reason', () => {
    const problems = problemsOf({
      ...valid,
      PORT: 'eighty',
      SMTP_URL: 'http://mail',
      NODE_ENV: 'prod',
    });
    expect(problems.map((problem) => problem.split(':')[0]).sort()).toEqual([
      'NODE_ENV',
      'PORT',
      'SMTP_URL',
    ]);
    expect(problems.find((problem) => problem.startsWith('SMTP_URL'))).toContain('smtp, smtps');
  });

  it('puts every problem in the error message a person reads', () => {
    expect(() => loadApiConfig({})).toThrow(/MONGO_URL: is required[\s\S]*REDIS_URL: is required/);
  });
});

/** The valid environment with Redis named through Sentinel instead of REDIS_URL. */
const { REDIS_URL: _url, ...withoutRedis } = valid;
const sentinel = {
  ...withoutRedis,
  REDIS_SENTINELS: 'sentinel-0.redis:26379,sentinel-1.redis:26379',
  REDIS_SENTINEL_NAME: 'mymaster',
};

describe('Redis through Sentinel', () => {
  it.each([
    ['sentinel-0.redis:26379', [{ host: 'sentinel-0.redis', port: 26379 }]],
    [
      ' 10.0.0.11:26379 , 10.0.0.12:26380 ,',
      [
        { host: '10.0.0.11', port: 26379 },
        { host: '10.0.0.12', port: 26380 },
      ],
    ],
    ['[fd00::11]:26379', [{ host: 'fd00::11', port: 26379 }]],
    [
      'localhost:1,localhost:65535',
      [
        { host: 'localhost', port: 1 },
        { host: 'localhost', port: 65535 },
      ],
    ],
  ])('reads REDIS_SENTINELS=%j', (list, sentinels) => {
    expect(loadApiConfig({ ...sentinel, REDIS_SENTINELS: list }).REDIS_SENTINELS).toEqual(
      sentinels,
    );
  });

  it.each([
    ['sentinel-0.redis', 'sentinel-0.redis'],
    ['a.redis:26379,b.redis', 'b.redis'],
    ['a.redis:26379,b.redis:0', 'b.redis:0'],
    ['a.redis:65536', 'a.redis:65536'],
    ['redis://a.redis:26379', 'redis://a.redis:26379'],
    ['a redis:26379', 'a redis:26379'],
    ['a.redis:26379/0', 'a.redis:26379/0'],
    ['fd00::11:26379', 'fd00::11:26379'],
    ['-a.redis:26379', '-a.redis:26379'],
  ])('refuses REDIS_SENTINELS=%j, naming %j', (list, bad) => {
    expect(problemsOf({ ...sentinel, REDIS_SENTINELS: list })).toEqual([
      `REDIS_SENTINELS: ${bad} is not a sentinel's host:port (like sentinel-0.redis:26379)`,
    ]);
  });

  it('refuses a list of nothing but commas', () => {
    expect(problemsOf({ ...sentinel, REDIS_SENTINELS: ' , ,' })).toEqual([
      'REDIS_SENTINELS: must name at least one sentinel (host:port)',
    ]);
  });

  it.each<[string, Record<string, string>, string[]]>([
    [
      'neither REDIS_URL nor REDIS_SENTINELS',
      withoutRedis,
      [
        'REDIS_URL: is required (or REDIS_SENTINELS with REDIS_SENTINEL_NAME, to reach Redis through Sentinel)',
      ],
    ],
    [
      'both REDIS_URL and REDIS_SENTINELS',
      { ...sentinel, REDIS_URL: 'redis://127.0.0.1:6379' },
      ['REDIS_SENTINELS: set REDIS_URL or REDIS_SENTINELS, not both'],
    ],
    [
      'REDIS_SENTINELS without REDIS_SENTINEL_NAME',
      { ...withoutRedis, REDIS_SENTINELS: 'sentinel-0.redis:26379' },
      [
        'REDIS_SENTINEL_NAME: is required with REDIS_SENTINELS (the name the sentinels know the master by)',
      ],
    ],
    [
      'a sentinel setting beside REDIS_URL',
      { ...valid, REDIS_SENTINEL_NAME: 'mymaster', REDIS_SENTINEL_PASSWORD: 'sentinel-secret' },
      [
        'REDIS_SENTINEL_NAME: is only read with REDIS_SENTINELS, which is not set',
        'REDIS_SENTINEL_PASSWORD: is only read with REDIS_SENTINELS, which is not set',
      ],
    ],
    [
      'a password both in REDIS_URL and in REDIS_PASSWORD',
      { ...valid, REDIS_URL: 'rediss://:in-the-url@redis.example:6380', REDIS_PASSWORD: 'other' },
      ['REDIS_PASSWORD: REDIS_URL has a password already; give it in one place'],
    ],
    [
      'blank REDIS_SENTINELS beside REDIS_URL (an empty ConfigMap entry)',
      { ...valid, REDIS_SENTINELS: '', REDIS_SENTINEL_NAME: ' ' },
      [],
    ],
  ])('with %s', (_case, env, problems) => {
    expect(problemsOf(env)).toEqual(problems);
  });

  it("names every problem at once, the variables' and the rules'", () => {
    const { MONGO_URL: _, ...neither } = withoutRedis;
    expect(problemsOf(neither)).toEqual([
      'MONGO_URL: is required',
      expect.stringMatching(/^REDIS_URL: is required/),
    ]);
  });

  it("gives createRedis one target: the URL, or the sentinels and the master's name", () => {
    expect(redisTarget(loadApiConfig({ ...valid, REDIS_PASSWORD: 'data-secret' }))).toEqual({
      url: 'redis://127.0.0.1:6379',
      password: 'data-secret',
    });
    expect(
      redisTarget(
        loadApiConfig({
          ...sentinel,
          REDIS_SENTINEL_PASSWORD: 'sentinel-secret',
          REDIS_PASSWORD: 'data-secret',
        }),
      ),
    ).toEqual({
      sentinels: [
        { host: 'sentinel-0.redis', port: 26379 },
        { host: 'sentinel-1.redis', port: 26379 },
      ],
      name: 'mymaster',
      sentinelPassword: 'sentinel-secret',
      password: 'data-secret',
    });
    // A test or script with an environment and no loaded configuration.
    expect(loadRedisTarget({ REDIS_URL: 'redis://127.0.0.1:6390' })).toEqual({
      url: 'redis://127.0.0.1:6390',
      password: undefined,
    });
    expect(() => loadRedisTarget({})).toThrow(ConfigError);
  });

  it('lets a command use sentinels beside a running `npm start`, not its local Redis too', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-cli-config-'));
    try {
      writeFileSync(
        path.join(dataDir, RUNNING_FILE),
        JSON.stringify({ MONGO_URL: valid.MONGO_URL, REDIS_URL: 'redis://127.0.0.1:6379' }),
      );
      // Nothing set: the local services of `npm start`.
      expect(redisTarget(loadCliConfig({ DATA_DIR: dataDir }))).toEqual({
        url: 'redis://127.0.0.1:6379',
        password: undefined,
      });
      const { REDIS_SENTINELS, REDIS_SENTINEL_NAME } = sentinel;
      const config = loadCliConfig({ DATA_DIR: dataDir, REDIS_SENTINELS, REDIS_SENTINEL_NAME });
      expect(redisTarget(config)).toMatchObject({ name: 'mymaster' });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('MONGO_URL', () => {
  it.each([
    'mongodb://127.0.0.1:27017/?replicaSet=rs0',
    'mongodb://mongo-0:27017,mongo-1:27017,mongo-2:27017/?replicaSet=rs0',
    'mongodb://homeservices:p%40ss@mongo-0:27017,mongo-1:27017/homeservices?replicaSet=rs0&authSource=admin&tls=true',
    'mongodb://[fd00::1]:27017,[fd00::2]:27017/?replicaSet=rs0',
    'mongodb+srv://homeservices:secret@cluster0.abcde.mongodb.net/?retryWrites=true&w=majority',
  ])('takes %s as the driver does', (url) => {
    expect(loadApiConfig({ ...valid, MONGO_URL: url }).MONGO_URL).toBe(url);
  });

  it.each([
    ['http://mongo:27017', 'Invalid scheme'],
    ['mongodb://mongo-0:27017,mongo-1:99999/?replicaSet=rs0', 'mongo-1:99999'],
    ['mongodb+srv://cluster0.abcde.mongodb.net:27017', 'cannot have port number'],
    ['mongodb://mongo-0/?replicaSet=rs0&wrongOption=1', 'wrongoption is not supported'],
  ])('refuses %s, saying why', (url, reason) => {
    const [problem] = problemsOf({ ...valid, MONGO_URL: url });
    expect(problem).toMatch(/^MONGO_URL: must be a MongoDB connection string/);
    expect(problem).toContain(reason);
  });

  it('never repeats the password of a connection string it refuses', () => {
    const problems = problemsOf({ ...valid, MONGO_URL: 'mongodb://homeservices:s3cret@' });
    expect(problems).toEqual([expect.stringMatching(/^MONGO_URL: /)]);
    expect(problems.join()).not.toContain('s3cret');
  });
});
