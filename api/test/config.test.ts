import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/config/api-config';
import { ConfigError } from '../src/config/load-config';

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
    expect(problemsOf({ ...valid, REDIS_URL: '  ' })).toEqual(['REDIS_URL: is required']);
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
