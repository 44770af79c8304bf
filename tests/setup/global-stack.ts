import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import type { StackEnv } from '../support/stack-env';

interface SharedStack {
  ready: Promise<{ stack: LocalStack; env: StackEnv; dataDir: string }>;
  users: number;
}

/** Every project's global setup runs in this one process; the stack is started once for all. */
const SHARED = Symbol.for('homeservices.test-stack');
const holder = globalThis as typeof globalThis & { [SHARED]?: SharedStack };

async function start(): Promise<{ stack: LocalStack; env: StackEnv; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-test-stack-'));
  const started = Date.now();
  const stack = await startLocalStack({
    dataDir,
    persistent: false,
    env: process.env,
    log: (line) => console.log(`[test stack] ${line}`),
  });
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
    S3_BUCKET: pick('S3_BUCKET', 'homeservices'),
    S3_ACCESS_KEY_ID: pick('S3_ACCESS_KEY_ID'),
    S3_SECRET_ACCESS_KEY: pick('S3_SECRET_ACCESS_KEY'),
    SMTP_URL: pick('SMTP_URL'),
    MAILBOX_URL: pick('MAILBOX_URL'),
  };
  if (missing.length) {
    await stack.stop();
    throw new Error(`Tests need ${missing.join(', ')} (set them, or unset the related URL)`);
  }
  console.log(`[test stack] ready in ${Date.now() - started} ms`);
  return { stack, env, dataDir };
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
    const { stack, dataDir } = await shared.ready;
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
