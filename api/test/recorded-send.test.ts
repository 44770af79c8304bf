import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiContext, type ApiContext } from '../src/server/api-context';
import { EmailDeliveryModel } from '../src/mail/email-delivery-model';
import { OnceSender } from '../src/mail/send-once';
import { createLogger } from '../src/platform/logger';
import { Mailer } from '../src/platform/mailer';
import { testApiConfig, testEmail } from '../../tests/support/test-env';
import { startTestSmtp, type TestSmtp } from '../../tests/support/test-smtp';

describe('a recorded send the server refuses', () => {
  let context: ApiContext;
  const refused = testEmail('refused');
  let refusing = true;
  let smtp: TestSmtp;
  let mailer: Mailer;
  let sender: OnceSender;
  beforeAll(async () => {
    // The send's record lives in MongoDB, which the context connects.
    context = await createApiContext(
      testApiConfig(),
      createLogger({ name: 'test', level: 'silent' }),
    );
    smtp = await startTestSmtp({
      refuse: (recipient) =>
        refusing && recipient === refused
          ? { code: 550, message: '5.1.1 Mailbox unavailable' }
          : null,
    });
    mailer = new Mailer({ smtpUrl: smtp.url, from: 'hello@homeservices.local' });
    sender = new OnceSender(mailer, createLogger({ name: 'test', level: 'silent' }));
  });
  afterAll(async () => {
    await sender.close();
    mailer.close();
    await smtp.close();
    await context.close();
  });
  const message = { to: refused, subject: 'Your booking', text: 'See you on Monday.' };

  /**
   * A recorded send to someone else through the same connections, taken by the server: the
   * refused send's later ticks have all passed by the time its answer is back.
   */
  async function sendAfter(): Promise<void> {
    const to = testEmail('after');
    await mailer.send(
      { to, subject: 'After', text: 'Sent after the refused one.' },
      { beforeCommit: () => Promise.resolve() },
    );
    expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
  }

  it('never records the send: the drained message is not taken for its final "."', async () => {
    const recorded: string[] = [];
    const sent = mailer.send(message, {
      beforeCommit: () => {
        recorded.push('commit');
        return Promise.resolve();
      },
    });
    await expect(sent).rejects.toMatchObject({ responseCode: 550, mayHaveBeenKept: false });
    // nodemailer drains the refused message on a later tick: a whole send after it is many later.
    await sendAfter();
    expect(recorded).toEqual([]);
  });

  it('lets a later attempt send it once the server accepts, and only once', async () => {
    const key = `test:${refused}`;
    await expect(sender.send(key, message)).rejects.toMatchObject({ responseCode: 550 });
    await sendAfter();
    refusing = false;
    expect(await sender.send(key, message)).toBe('sent');
    expect(await sender.send(key, message)).toBe('already-sent');
    expect(smtp.received.filter((mail) => mail.to.includes(refused))).toHaveLength(1);
  });
  it('sends again nothing whose final "." was recorded without an answer, and says so', async () => {
    // What a worker killed after the record and before the server's answer leaves behind.
    const to = testEmail('unanswered');
    const key = `test:${to}`;
    await EmailDeliveryModel.create({ key, to, subject: 'Your booking', committedAt: new Date() });
    expect(await sender.send(key, { ...message, to })).toBe('unconfirmed');
    await sendAfter();
    expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(0);
  });

  it('sends one of two tries racing for the same key; the other is cut off before its "."', async () => {
    // Two copies of one job in two workers: each composes and sends, and the single write just
    // before the final "." lets only one through.
    const to = testEmail('racing');
    const key = `test:${to}`;
    const results = await Promise.all([
      sender.send(key, { ...message, to }),
      sender.send(key, { ...message, to }),
    ]);
    expect(results).toContain('sent');
    expect(results.filter((result) => result === 'sent')).toHaveLength(1);
    await sendAfter();
    expect(smtp.received.filter((mail) => mail.to.includes(to))).toHaveLength(1);
    // The one recorded send, its server's answer written a moment later with others.
    await vi.waitFor(
      async () => {
        const rows = await EmailDeliveryModel.find({ key }).lean();
        expect(rows).toHaveLength(1);
        expect(rows[0]?.sentAt).toBeInstanceOf(Date);
        expect(rows[0]?.messageId).toMatch(/@/);
      },
      { timeout: 5_000 },
    );
    expect(await sender.send(key, { ...message, to })).toBe('already-sent');
  });
});
