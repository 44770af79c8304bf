import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiContext, type ApiContext } from '../src/api-context';
import { createApp } from '../src/http/app';
import { createLogger } from '../src/platform/logger';
import { waitForMail } from '../../tests/support/mailbox';
import { testApiConfig, testEmail } from '../../tests/support/test-env';

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
    const app = createApp(context);
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
      const response = await request(createApp(production))
        .get('/dev/mailbox')
        .set('Accept', 'application/json');
      expect(response.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
