import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessageModel } from '../src/contact/contact-message-model';
import { ContactMessages } from '../src/domain/contact/contact-messages';
import {
  startApi,
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { testEmail, testEnv } from '../../tests/support/test-env';
import { jobsSettled } from '../../tests/support/settled-jobs';

function contactForm(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Maya Singh',
    email: testEmail('writer'),
    phone: '416-555-0199',
    subject: 'Spring garden clean-up',
    message: 'Hello,\nCould you quote a spring clean-up for a small backyard?\nThanks!',
    ...overrides,
  };
}

describe('the contact form', () => {
  const inbox = testEmail('business');
  let product: ProductHarness;
  let api: ApiHarness;

  beforeAll(async () => {
    product = await startApiAndWorkers(
      testEnv({ BUSINESS_INBOX: inbox, FORM_RATE_LIMIT_MAX: '1000' }),
    );
    api = product.api;
  });
  afterAll(async () => {
    await product.close();
  });

  it('stores a valid message, answers 201, and both emails arrive', async () => {
    const form = contactForm({ service: 'Lawn Repair' });
    const response = await request(api.app).post('/api/contact').send(form);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: ContactMessages.sent });

    const stored = await ContactMessageModel.findOne({ email: form.email });
    expect(stored).toMatchObject({
      fullName: 'Maya Singh',
      subject: form.subject,
      service: 'Lawn Repair',
    });
    expect(stored?.reference).toMatch(/^CM-[A-Z2-9]{6}$/);

    const [acknowledgement] = await waitForMail(form.email);
    expect(acknowledgement?.Text).toContain(stored?.reference);
    const notices = await waitForMail(inbox);
    const notice = notices.find((mail) => mail.Subject.includes(form.subject));
    expect(notice?.ReplyTo[0]?.Address).toBe(form.email);
    expect(notice?.Text).toContain('Could you quote a spring clean-up');
    expect(notice?.Text).toContain('Lawn Repair');
  });

  it.each(['fullName', 'email', 'phone', 'subject', 'message'])(
    'refuses a message without %s with 400 {error}, and keeps nothing',
    async (field) => {
      const form = Object.fromEntries(
        Object.entries(contactForm()).filter(([name]) => name !== field),
      );
      const response = await request(api.app).post('/api/contact').send(form);
      expect(response.status).toBe(400);
      expect(typeof response.body.error).toBe('string');
      expect(response.body.fields[field]).toBeTruthy();
      expect(await ContactMessageModel.countDocuments({ email: form.email ?? 'none' })).toBe(0);
    },
  );

  it.each([
    ['email', 'a malformed address', 'not-an-email'],
    ['subject', 'a line break (header injection)', 'Hello\r\nBcc: everyone@example.test'],
    ['fullName', '101 characters', 'x'.repeat(101)],
    ['message', '5,001 characters', 'x'.repeat(5_001)],
    ['message', 'only spaces', '   '],
  ])('refuses a %s with %s', async (field, _label, value) => {
    const form = contactForm({ [field]: value });
    const response = await request(api.app).post('/api/contact').send(form);
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toBeTruthy();
  });

  it('answers a robot that fills the hidden field like anyone, and keeps and sends nothing', async () => {
    const form = contactForm({ website: 'http://spam.example' });
    const response = await request(api.app).post('/api/contact').send(form);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: ContactMessages.sent });
    expect(await ContactMessageModel.countDocuments({ email: form.email })).toBe(0);
    await jobsSettled(api.context.jobs);
    expect(await mailbox().list({ to: form.email })).toHaveLength(0);
  });
});

describe('the contact form limit', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(testEnv({ FORM_RATE_LIMIT_MAX: '3' }));
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers 429 once the limit per address is exceeded', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await request(api.app).post('/api/contact').send(contactForm())).status).toBe(201);
    }
    const limited = await request(api.app).post('/api/contact').send(contactForm());
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(ContactMessages.tooManyMessages);
  });
});
