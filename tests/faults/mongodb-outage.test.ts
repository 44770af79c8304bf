import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMongod, type MongodService } from '../../infra/local/mongod';
import { freePort } from '../../infra/local/ports';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { bookingFields } from '../support/booking-form';
import { eventually } from '../support/poll';
import { testEmail, testEnv } from '../support/test-env';
import { fetchTimed, type TimedAnswer } from '../support/timed-fetch';

describe('MongoDB stopped under a running API process, then started again', () => {
  // A mongod of this test's own: stopping the shared one would break every other test file.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hs-fault-mongo-'));
  let port: number;
  let mongod: MongodService | undefined;
  let api: ApiProcess;
  const account = { email: testEmail('outage'), password: 'correct horse battery' };

  beforeAll(async () => {
    port = await freePort();
    mongod = await startMongod({ dataDir, port, persistent: false });
    api = await startApiProcess(
      testEnv({
        MONGO_URL: mongod.url,
        FORM_RATE_LIMIT_MAX: '1000',
        AUTH_RATE_LIMIT_MAX: '1000',
      }),
    );
  });
  afterAll(async () => {
    await api.close();
    await mongod?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (pathname: string, init: RequestInit = {}): Promise<TimedAnswer> =>
    fetchTimed(`${api.url}${pathname}`, init, 60_000);

  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

  const book = () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(bookingFields())) form.append(name, value);
    return call('/api/bookings', { method: 'POST', body: form });
  };
  const contact = () =>
    call(
      '/api/contact',
      json({
        fullName: 'Maya Singh',
        email: testEmail('contact'),
        phone: '416-555-0199',
        subject: 'Fence repair',
        message: 'Can you look at a fence next week?',
      }),
    );
  const login = () => call('/api/auth/login', json(account));

  it('answers 503 at once while it is down, and serves again when it is back', async () => {
    const registered = await call(
      '/api/auth/register',
      json({
        ...account,
        confirmPassword: account.password,
        firstName: 'Maya',
        lastName: 'Singh',
        address: '12 Rosedale Ave, Toronto',
      }),
    );
    expect(registered.status).toBe(201);
    expect((await call('/readyz')).status).toBe(200);

    await mongod?.stop();
    mongod = undefined;
    const notReady = await eventually(async () => {
      const answer = await call('/readyz');
      expect(answer.status).toBe(503);
      return answer;
    });
    expect(notReady.body).toMatchObject({ status: 'unavailable', down: ['mongodb'] });

    const answers = { booking: await book(), contact: await contact(), login: await login() };
    for (const [what, answer] of Object.entries(answers)) {
      // Named, so a failure says which request misbehaved.
      expect({ what, status: answer.status }).toEqual({ what, status: 503 });
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.retryAfter).toBe('5');
      expect(answer.body.error).toBe(answer.body.message);
      expect(answer.body.error).toMatch(/unavailable.*try again/i);
      expect(answer.body.requestId).toEqual(expect.any(String));
      // Nothing of the inside: no stack, no driver error, no host name.
      expect(answer.text).not.toMatch(/\bat .*\(|Mongo|127\.0\.0\.1|stack/);
      // The driver's server selection gives up after 5 s: a few seconds, never a hang.
      expect(answer.ms).toBeLessThan(15_000);
    }

    mongod = await startMongod({ dataDir, port, persistent: false });
    await eventually(
      async () => {
        expect((await call('/readyz')).status).toBe(200);
      },
      { timeoutMs: 60_000 },
    );
    const booked = await book();
    // A failure here once showed only "500": the API's log lines say what the server met.
    const serverErrors = () =>
      api.process
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line))
        .slice(-5);
    expect({ status: booked.status, errors: booked.status === 201 ? [] : serverErrors() }).toEqual({
      status: 201,
      errors: [],
    });
    expect((await contact()).status).toBe(201);
    const session = await login();
    expect(session.status).toBe(200);
    expect(session.body.token).toEqual(expect.any(String));
    // The same process all along: it recovered without a restart.
    expect(api.process.child.exitCode).toBeNull();
    expect(api.process.output()).not.toMatch(/api could not start/);
  });
});
