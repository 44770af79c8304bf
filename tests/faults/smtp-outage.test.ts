import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackEndProcesses, type BackEndProcesses } from '../support/back-end-processes';
import { QueueName } from '../../api/src/jobs/job-definitions';
import { eventually } from '../support/poll';
import { jobsSettled, queuesOf } from '../support/settled-jobs';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../support/test-smtp';
import { testEmail, testEnv, uniqueId } from '../support/test-env';

const OUTAGE_MS = 60_000;
const BUSINESS_INBOX = 'contact-inbox@example.test';

interface Sent {
  sender: string;
  /** The contact form's subject: the business's notification carries it in its own. */
  subject: string;
}

describe('the mail server down for a minute while emails are queued', () => {
  // Its own server on a port that stays the same, so "down" and "back" are one address.
  const servers: TestSmtp[] = [];
  let port: number;
  let backEnd: BackEndProcesses;
  let env: Record<string, string>;

  beforeAll(async () => {
    servers.push(await startTestSmtp({ closeTimeoutMs: 1 }));
    port = Number(new URL(servers[0]?.url ?? '').port);
    env = testEnv({
      LOG_LEVEL: 'info',
      SMTP_URL: `smtp://127.0.0.1:${String(port)}`,
      BUSINESS_INBOX,
      FORM_RATE_LIMIT_MAX: '1000',
    });
    // Only the contact emails: nothing else of this test's queues is waiting to be sent.
    backEnd = await startBackEndProcesses(env, { WORKER_QUEUES: 'contact-emails' });
  });
  afterAll(async () => {
    await backEnd.close();
    await Promise.all(servers.map((server) => server.close()));
  });

  /** Everything both lives of the server kept, in order. */
  const received = (): ReceivedMail[] => servers.flatMap((server) => server.received);

  async function contact(label: string): Promise<Sent> {
    const sent = { sender: testEmail(label), subject: `Gutters ${label} ${uniqueId()}` };
    const response = await fetch(`${backEnd.api.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Maya Singh',
        email: sent.sender,
        phone: '416-555-0199',
        subject: sent.subject,
        message: 'The gutters overflow at the back of the house.',
      }),
    });
    // Accepted while the mail server is away: the emails wait in the queue, not the visitor.
    expect(response.status).toBe(201);
    return sent;
  }

  /** The acknowledgement to the sender and the notification to the business, each counted. */
  function counts(sent: Sent): { acknowledgements: number; notifications: number } {
    const mails = received();
    return {
      acknowledgements: mails.filter((mail) => mail.to.includes(sent.sender)).length,
      notifications: mails.filter(
        (mail) => mail.to.includes(BUSINESS_INBOX) && mail.raw.includes(sent.subject),
      ).length,
    };
  }

  it('delivers every email queued during the outage once the server is back, each once', async () => {
    // Before: the workers' connections are open and in use when the server goes.
    const before = await contact('before');
    await eventually(async () => {
      await Promise.resolve();
      expect(counts(before)).toEqual({ acknowledgements: 1, notifications: 1 });
    });

    await servers[0]?.close();
    const outageStarted = Date.now();
    const during: Sent[] = [];
    for (let index = 0; index < 5; index += 1) during.push(await contact(`early-${index}`));
    // The early ones are tried and fail with the server away: they are waiting for a retry.
    await backEnd.workers.waitForOutput(
      /"queue":"contact-emails"[^\n]*"outcome":"failed","final":false/,
    );
    await new Promise((resolve) =>
      setTimeout(resolve, OUTAGE_MS / 2 - (Date.now() - outageStarted)),
    );
    for (let index = 0; index < 5; index += 1) during.push(await contact(`late-${index}`));
    expect(received().filter((mail) => mail.at >= outageStarted)).toEqual([]);
    // The API stays in rotation: SMTP's absence is reported, not a reason to turn visitors away.
    const readiness = await fetch(`${backEnd.api.url}/readyz`);
    expect(readiness.status).toBe(200);
    expect(await readiness.json()).toMatchObject({ status: 'degraded', down: ['smtp'] });

    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (Date.now() - outageStarted)));
    servers.push(await startTestSmtp({ port, closeTimeoutMs: 1 }));

    // The retry policy is production's (exponential from 2 s): the last try after the outage
    // may come a minute or more after the server is back.
    await eventually(
      async () => {
        await Promise.resolve();
        for (const sent of during) {
          expect({ ...sent, ...counts(sent) }).toEqual({
            ...sent,
            acknowledgements: 1,
            notifications: 1,
          });
        }
      },
      { timeoutMs: 200_000, intervalMs: 1_000 },
    );
    // Every try that failed is over: none gave up, and no second copy follows.
    const queues = queuesOf(env);
    try {
      await jobsSettled(queues, { queues: [QueueName.ContactEmails], timeoutMs: 60_000 });
    } finally {
      await queues.close();
    }
    for (const sent of [before, ...during]) {
      expect(counts(sent)).toEqual({ acknowledgements: 1, notifications: 1 });
    }
    expect(received()).toHaveLength(2 * (1 + during.length));
    expect(backEnd.workers.output()).not.toMatch(/"final":true/);
  }, 420_000);
});
