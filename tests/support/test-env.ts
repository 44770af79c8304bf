import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import './stack-env';
import { loadApiConfig, type ApiConfig } from '../../api/src/config/api-config';

/** A short random id: names a test's own database, queue prefix and storage prefix. */
export function uniqueId(): string {
  return randomBytes(5).toString('hex');
}

/**
 * The environment a test's API or workers process gets: the shared local servers, with a database,
 * queue prefix and key prefix of its own so test files never see each other's data.
 */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const id = uniqueId();
  return {
    ...inject('stack'),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MONGO_DB: `test_${id}`,
    QUEUE_PREFIX: `test-${id}`,
    S3_KEY_PREFIX: `test-${id}/`,
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: `test-secret-${id}-0123456789abcdef0123456789`,
    LINK_SECRET: `test-link-secret-${id}-0123456789abcdef0123456789`,
    ...overrides,
  };
}

export function testApiConfig(overrides: Record<string, string> = {}): ApiConfig {
  return loadApiConfig(testEnv(overrides));
}

/** A recipient no other test uses, so a test reads only its own emails. */
export function testEmail(label = 'person'): string {
  return `${label}-${uniqueId()}@example.test`;
}
