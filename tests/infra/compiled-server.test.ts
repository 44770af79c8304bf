import { execFileSync } from 'node:child_process';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPaymentMethodFor } from '../../api/src/domain/payment/test-cards';
import { startBackEndProcesses, type BackEndProcesses } from '../support/back-end-processes';
import { bookingFields } from '../support/booking-form';
import { jpeg } from '../support/images';
import { eventually } from '../support/poll';
import {
  buildCompiledServer,
  imageNode,
  imageNodeVersion,
  type CompiledServer,
} from '../support/server-runtime';
import { spawnEntryPoint } from '../support/spawn-process';
import { testEmail, testEnv } from '../support/test-env';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';

/**
 * The images run `npm run build:server`'s bundle with node alone, on the Node they pin. This
 * runs that bundle the same way, under the images' Node (fetched from the npm registry by the
 * pretest script) and under this machine's, in production mode with indexes made by the compiled
 * index command as the Kubernetes Job makes them: what the images would do, without Docker.
 */
let compiled: CompiledServer;
beforeAll(async () => {
  compiled = await buildCompiledServer();
});
afterAll(() => compiled.remove());

describe.each([
  { runtime: "the images' Node", node: imageNode, version: `v${imageNodeVersion}` },
  { runtime: "this machine's Node", node: () => process.execPath, version: process.version },
])('the compiled API and workers under $runtime', ({ node, version }) => {
  let smtp: TestSmtp | undefined;
  let backEnd: BackEndProcesses | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    expect(execFileSync(node(), ['--version'], { encoding: 'utf8' }).trim()).toBe(version);
    smtp = await startTestSmtp();
    env = testEnv({
      NODE_ENV: 'production',
      // No Stripe keys here: production takes test cards only when told to.
      PAYMENTS_TEST_MODE: 'true',
      MONGO_AUTO_INDEX: 'false',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'info',
    });
    const runtime = compiled.runtime(node());
    const indexes = spawnEntryPoint(runtime.dbIndexes, env);
    expect((await indexes.exited).code, indexes.output()).toBe(0);
    backEnd = await startBackEndProcesses(env, {}, runtime);
  });
  afterAll(async () => {
    await backEnd?.close();
    await smtp?.close();
  });

  /** The one message `address` receives, once it has arrived. */
  const onlyMailTo = (address: string) =>
    eventually(() => {
      const mails = smtp?.received.filter((mail) => mail.to.includes(address)) ?? [];
      expect(mails).toHaveLength(1);
      return Promise.resolve(mails[0]?.raw ?? '');
    });
  const apiUrl = () => backEnd?.api.url ?? '';

  it('is ready: /readyz answers 200 with MongoDB and Redis up', async () => {
    const response = await fetch(`${apiUrl()}/readyz`);
    expect(response.status).toBe(200);
    expect(backEnd?.api.process.output()).not.toMatch(/ERR_|Cannot find|tsx/);
  });

  it("sends a newsletter subscription's confirmation email", async () => {
    const email = testEmail('subscriber');
    const response = await fetch(`${apiUrl()}/api/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    const parsed = await simpleParser(await onlyMailTo(email));
    expect(parsed.text).toContain('/newsletter/confirm?subscriber=');
  });

  it("books a visit with a photo, pays with the test card, and sends the booking's confirmation", async () => {
    const fields = bookingFields();
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('image', new Blob([new Uint8Array(jpeg())], { type: 'image/jpeg' }), 'yard.jpg');
    const booked = await fetch(`${apiUrl()}/api/bookings`, { method: 'POST', body: form });
    expect(booked.status).toBe(201);
    const { booking, token } = (await booked.json()) as {
      booking: { id: string; photoUrl?: string | null };
      token: string;
    };
    const paid = await fetch(`${apiUrl()}/api/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        bookingId: booking.id,
        amount: 14900,
        paymentMethod: 'card',
        customerEmail: fields.email,
        paymentMethodId: testPaymentMethodFor('4242 4242 4242 4242'),
        token,
      }),
    });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
    const email = fields.email ?? '';
    expect((await simpleParser(await onlyMailTo(email))).subject).toContain('is confirmed');
  });
});
