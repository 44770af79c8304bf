import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContactMessageModel } from '@hs/api/contact/contact-message-model';
import { jobs, QueueName } from '@hs/api/jobs/job-definitions';
import { JobProducer } from '@hs/api/jobs/job-producer';
import { createRedis, type Redis } from '@hs/api/platform/redis';
import { startApiAndWorkers, type ProductHarness } from '../../tests/support/api-harness';
import { eventually } from '../../tests/support/poll';
import { sampleValue } from '../../tests/support/prometheus';
import { testEmail, testEnv, uniqueId } from '../../tests/support/test-env';
import { startTestSmtp, type TestSmtp } from '../../tests/support/test-smtp';

const TOKEN = `metrics-${uniqueId()}-0123456789abcdef`;

interface LogLine {
  msg?: string;
  [field: string]: unknown;
}

/** The JSON lines a process printed (anything else it wrote is skipped). */
function logLines(output: string): LogLine[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

describe('the workers metrics and job logs', () => {
  let smtp: TestSmtp;
  let product: ProductHarness;
  let redis: Redis;
  let producer: JobProducer;
  let metricsUrl: string;

  const scrape = async (): Promise<string> => {
    const response = await fetch(metricsUrl, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const jobLines = (jobId: string) =>
    product.workers
      .output()
      .split('\n')
      .filter((line) => line.includes(`"jobId":"${jobId}"`) && line.includes('"job finished"'));

  beforeAll(async () => {
    // Every address is taken except the refused ones (a final 550) and the busy ones (451, later).
    smtp = await startTestSmtp({
      refuse: (to) =>
        to.startsWith('refused-')
          ? { code: 550, message: '5.1.1 No such mailbox here' }
          : to.startsWith('busy-')
            ? { code: 451, message: '4.3.0 Try again later' }
            : null,
    });
    const env = testEnv({
      SMTP_URL: smtp.url,
      METRICS_TOKEN: TOKEN,
      WORKERS_METRICS_PORT: '0',
      FORM_RATE_LIMIT_MAX: '1000',
    });
    product = await startApiAndWorkers(env);
    const listening = logLines(product.workers.output()).find(
      (line) => line.msg === 'metrics listening',
    );
    expect(listening?.port).toEqual(expect.any(Number));
    metricsUrl = `http://127.0.0.1:${String(listening?.port)}/metrics`;
    redis = createRedis(env.REDIS_URL ?? '', { blocking: true });
    producer = new JobProducer(redis, env.QUEUE_PREFIX ?? '');
  });
  afterAll(async () => {
    await producer.close();
    redis.disconnect();
    await product.close();
    await smtp.close();
  });

  it('refuses a scrape without the token (401) or with a wrong one (403)', async () => {
    const missing = await fetch(metricsUrl);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await fetch(metricsUrl, { headers: { Authorization: 'Bearer not-the-token' } });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).not.toContain('jobs_completed_total');
    const elsewhere = await fetch(metricsUrl.replace('/metrics', '/other'), {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(elsewhere.status).toBe(404);
  });

  it('counts the jobs of contact messages as they complete, and logs one line for each', async () => {
    const queue = { queue: QueueName.ContactEmails };
    const before = await scrape();
    const senders = [testEmail('writer'), testEmail('writer'), testEmail('writer')];
    for (const email of senders) {
      const response = await request(product.api.app).post('/api/contact').send({
        fullName: 'Maya Singh',
        email,
        phone: '416-555-0199',
        subject: 'Spring garden clean-up',
        message: 'Could you quote a spring clean-up for a small backyard?',
      });
      expect(response.status).toBe(201);
    }
    // Each message queues two jobs on contact-emails: the notification and the acknowledgement.
    const after = await eventually(async () => {
      const text = await scrape();
      for (const state of ['waiting', 'active', 'delayed']) {
        expect(sampleValue(text, 'queue_jobs', { ...queue, state })).toBe(0);
      }
      expect(
        sampleValue(text, 'jobs_completed_total', queue) -
          sampleValue(before, 'jobs_completed_total', queue),
      ).toBe(6);
      return text;
    });
    expect(
      sampleValue(after, 'job_duration_seconds_count', queue) -
        sampleValue(before, 'job_duration_seconds_count', queue),
    ).toBe(6);
    expect(
      sampleValue(after, 'queue_jobs', { ...queue, state: 'completed' }),
    ).toBeGreaterThanOrEqual(6);
    expect(sampleValue(after, 'jobs_failed_total', queue)).toBe(
      sampleValue(before, 'jobs_failed_total', queue),
    );
    for (const email of senders)
      expect(smtp.received.some((mail) => mail.to.includes(email))).toBe(true);

    const message = await ContactMessageModel.findOne({ email: senders[0] });
    const jobId = `contact-ack-${String(message?.id)}`;
    const lines = jobLines(jobId);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      level: 30,
      msg: 'job finished',
      queue: QueueName.ContactEmails,
      job: jobs.contactAcknowledgement.name,
      jobId,
      attempt: 1,
      durationMs: expect.any(Number),
      outcome: 'completed',
    });
    expect(lines[0]).not.toContain(senders[0]);
  });

  it('counts every failed attempt and each job that failed for good, and logs each attempt without its payload', async () => {
    const queue = { queue: QueueName.Mail };
    const before = await scrape();
    const refused = `refused-${uniqueId()}@example.test`;
    const busy = `busy-${uniqueId()}@example.test`;
    const secret = `secret-${uniqueId()}`;
    const mailTo = (to: string) =>
      jobs.sendMail.schema.parse({ to, subject: 'Your reset link', text: `Your token: ${secret}` });
    // A 451 is retried: two tries without a pause, rather than eight spread over minutes.
    const busyJob = `busy-${uniqueId()}`;
    await producer
      .queue(QueueName.Mail)
      .add(jobs.sendMail.name, mailTo(busy), { jobId: busyJob, attempts: 2 });
    // A 550 will be refused again: final on its first try, whatever attempts are left.
    const refusedJob = `refused-${uniqueId()}`;
    await producer
      .queue(QueueName.Mail)
      .add(jobs.sendMail.name, mailTo(refused), { jobId: refusedJob, attempts: 8 });
    // A payload no processor accepts: final on its first try too.
    const invalidJob = `invalid-${uniqueId()}`;
    await producer
      .queue(QueueName.Mail)
      .add(
        jobs.sendMail.name,
        { to: 'nobody', subject: secret },
        { jobId: invalidJob, attempts: 8 },
      );

    const after = await eventually(
      async () => {
        const text = await scrape();
        expect(
          sampleValue(text, 'jobs_failed_total', queue) -
            sampleValue(before, 'jobs_failed_total', queue),
        ).toBe(3);
        return text;
        // Three jobs, one of them tried twice, on a machine running the whole suite.
      },
      { timeoutMs: 60_000 },
    );
    expect(
      sampleValue(after, 'job_attempts_failed_total', queue) -
        sampleValue(before, 'job_attempts_failed_total', queue),
    ).toBe(4);
    expect(sampleValue(after, 'jobs_completed_total', queue)).toBe(
      sampleValue(before, 'jobs_completed_total', queue),
    );
    expect(sampleValue(after, 'queue_jobs', { ...queue, state: 'failed' })).toBe(3);

    const busyLines = jobLines(busyJob);
    expect(busyLines.map((line) => JSON.parse(line) as LogLine)).toEqual([
      expect.objectContaining({
        level: 30,
        queue: QueueName.Mail,
        job: jobs.sendMail.name,
        attempt: 1,
        outcome: 'failed',
        final: false,
        error: expect.stringContaining('451'),
        durationMs: expect.any(Number),
      }),
      // The final failure is a warning: it needs an operator, a retried attempt does not.
      expect.objectContaining({ level: 40, attempt: 2, outcome: 'failed', final: true }),
    ]);
    const refusedLines = jobLines(refusedJob);
    expect(refusedLines.map((line) => JSON.parse(line) as LogLine)).toEqual([
      expect.objectContaining({
        level: 40,
        attempt: 1,
        outcome: 'failed',
        final: true,
        error: expect.stringContaining('550'),
      }),
    ]);
    const invalidLines = jobLines(invalidJob);
    expect(invalidLines.map((line) => JSON.parse(line) as LogLine)).toEqual([
      expect.objectContaining({
        level: 40,
        attempt: 1,
        outcome: 'failed',
        final: true,
        error: expect.stringContaining('invalid payload'),
      }),
    ]);
    for (const line of [...busyLines, ...refusedLines, ...invalidLines]) {
      expect(line).not.toContain(busy);
      expect(line).not.toContain(refused);
      expect(line).not.toContain(secret);
      expect(line).not.toContain('"stack"');
      expect(line).not.toContain('    at ');
    }
  });
});
