import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiContext, type ApiContext } from '../src/server/api-context';
import { loadApiConfig } from '../src/config/api-config';
import { createApp } from '../src/server/app';
import { TEST_APP_OPTIONS } from '../../tests/support/api-harness';
import { createLogger } from '../src/platform/logger';
import { isLoopbackAddress } from '../src/platform/loopback';
import { waitForMail } from '../../tests/support/mailbox';
import { testApiConfig, testEmail, testEnv } from '../../tests/support/test-env';

describe('the mailer and the development mailbox', () => {
  let context: ApiContext;
  beforeAll(async () => {
    context = await createApiContext(
      testApiConfig(),
      createLogger({ name: 'test', level: 'silent' }),
    );
  });
  afterAll(async () => {
    await context.close();
  });

  it('delivers an email to the SMTP server with its subject, text and headers', async () => {
    const to = testEmail('mailer');
    await context.mailer.send({
      to,
      subject: 'Your booking is confirmed',
      text: 'See you on Monday.\nManage it: http://localhost:8080/bookings/manage?t=abc',
      html: '<p>See you on Monday.</p>',
      headers: { 'X-Booking-Reference': 'HS-1234' },
    });
    const [mail] = await waitForMail(to);
    expect(mail?.Subject).toBe('Your booking is confirmed');
    expect(mail?.Text).toContain('See you on Monday.');
    expect(mail?.HTML).toContain('<p>See you on Monday.</p>');
    expect(mail?.From.Address).toBe('hello@homeservices.local');
  });

  it('shows a person the captured email, with its links clickable', async () => {
    const to = testEmail('mailbox-page');
    await context.mailer.send({
      to,
      subject: 'Reset your password',
      text: 'Open http://localhost:8080/reset-password/tok123 within an hour.',
    });
    const [mail] = await waitForMail(to);
    const app = createApp(context, TEST_APP_OPTIONS);
    const list = await request(app).get('/dev/mailbox');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Reset your password');
    const page = await request(app).get(`/dev/mailbox/${mail?.ID ?? ''}`);
    expect(page.text).toContain(
      '<a href="http://localhost:8080/reset-password/tok123" rel="noreferrer">',
    );
  });

  it('has no development mailbox in production', async () => {
    const production = await createApiContext(
      testApiConfig({ NODE_ENV: 'production' }),
      createLogger({ name: 'test', level: 'silent' }),
    );
    try {
      const response = await request(createApp(production, TEST_APP_OPTIONS))
        .get('/dev/mailbox')
        .set('Accept', 'application/json');
      expect(response.status).toBe(404);
    } finally {
      await production.close();
    }
  });

  describe('answers this machine only', () => {
    it('refuses a Host that is not a loopback name, as a page rebound to 127.0.0.1 would send', async () => {
      const app = createApp(context, TEST_APP_OPTIONS);
      for (const host of ['localhost', 'localhost:8080', '127.0.0.1:8080', '[::1]:8080']) {
        const page = await request(app).get('/dev/mailbox').set('Host', host);
        expect(page.status, host).toBe(200);
      }
      for (const host of [
        'evil.example',
        'evil.example:8080',
        'localhost.evil.example',
        '127.0.0.1.nip.io',
        '[::1]evil.example',
        '',
      ]) {
        for (const path of ['/dev/mailbox', '/dev/mailbox/abc', '/dev/mailbox/abc/html']) {
          const refused = await request(app)
            .get(path)
            .set('Host', host)
            .set('Accept', 'application/json');
          expect(refused.status, `${host} ${path}`).toBe(404);
          expect(refused.text).not.toContain('Mailbox');
        }
      }
    });

    it('knows a loopback peer from any other (a proxy header proves nothing)', async () => {
      for (const peer of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        expect(isLoopbackAddress(peer), peer).toBe(true);
      }
      for (const peer of [
        '10.0.0.5',
        '192.168.1.20',
        '::ffff:10.0.0.5',
        'fe80::1',
        '',
        undefined,
      ]) {
        expect(isLoopbackAddress(peer), String(peer)).toBe(false);
      }
      // X-Forwarded-For is what a stranger can write: the socket's own address decides.
      const app = createApp(context, TEST_APP_OPTIONS);
      const spoofed = await request(app)
        .get('/dev/mailbox')
        .set('Host', 'evil.example')
        .set('X-Forwarded-For', '127.0.0.1')
        .set('X-Forwarded-Host', 'localhost');
      expect(spoofed.status).toBe(404);
    });

    it('listens on 127.0.0.1 unless HOST says otherwise', () => {
      const { HOST: _host, ...withoutHost } = testEnv();
      expect(loadApiConfig(withoutHost).HOST).toBe('127.0.0.1');
      expect(loadApiConfig({ ...withoutHost, HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    });
  });
});
