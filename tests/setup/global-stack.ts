import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DEFAULT_BUCKET, startLocalStack } from '../../infra/local/stack';
import type { StackEnv } from '../support/stack-env';
import { dockerEngineAnswers, startContainerStack } from './container-stack';

interface RunningStack {
  env: StackEnv;
  stop(): Promise<void>;
}

interface SharedStack {
  ready: Promise<RunningStack>;
  users: number;
}

/** Every project's global setup runs in this one process; the stack is started once for all. */
const SHARED = Symbol.for('homeservices.test-stack');
const holder = globalThis as typeof globalThis & { [SHARED]?: SharedStack };
const log = (line: string) => console.log(`[test stack] ${line}`);

const SERVICE_URLS = ['MONGO_URL', 'REDIS_URL', 'S3_ENDPOINT', 'SMTP_URL'] as const;

/**
 * The embedded local servers by default. Containers when TEST_STACK=containers, or when no URL
 * is given and a Docker engine answers (TEST_STACK=local keeps the local servers even then).
 */
function useContainers(): boolean {
  const choice = process.env.TEST_STACK;
  if (choice === 'containers') return true;
  if (choice === 'local') return false;
  return SERVICE_URLS.every((name) => !process.env[name]) && dockerEngineAnswers();
}

async function startLocal(): Promise<RunningStack> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-test-stack-'));
  const stack = await startLocalStack({ dataDir, persistent: false, env: process.env, log });
  const stop = async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  // URLs given in the environment are used as they are; the stack filled in the rest.
  const merged: Record<string, string | undefined> = { ...process.env, ...stack.env };
  const missing: string[] = [];
  const pick = (name: keyof StackEnv, fallback?: string): string => {
    const value = merged[name] ?? fallback;
    if (!value) missing.push(name);
    return value ?? '';
  };
  const env: StackEnv = {
    MONGO_URL: pick('MONGO_URL'),
    REDIS_URL: pick('REDIS_URL'),
    S3_ENDPOINT: pick('S3_ENDPOINT'),
    S3_BUCKET: pick('S3_BUCKET', DEFAULT_BUCKET),
    S3_ACCESS_KEY_ID: pick('S3_ACCESS_KEY_ID'),
    S3_SECRET_ACCESS_KEY: pick('S3_SECRET_ACCESS_KEY'),
    SMTP_URL: pick('SMTP_URL'),
    MAILBOX_URL: pick('MAILBOX_URL'),
  };
  if (missing.length) {
    await stop();
    throw new Error(`Tests need ${missing.join(', ')} (set them, or unset the related URL)`);
  }
  return { env, stop };
}

async function start(): Promise<RunningStack> {
  const started = Date.now();
  const containers = useContainers();
  log(containers ? 'starting containers (testcontainers)...' : 'starting local servers...');
  const stack = containers ? await startContainerStack(DEFAULT_BUCKET) : await startLocal();
  log(`ready in ${Date.now() - started} ms`);
  return stack;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (holder[SHARED] ??= { ready: start(), users: 0 });
  shared.users += 1;
  const { env } = await shared.ready;
  project.provide('stack', env);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    holder[SHARED] = undefined;
    await (await shared.ready).stop();
  };
}
