import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserModel } from '../../api/src/accounts/user-model';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { ContactMessageModel } from '../../api/src/contact/contact-message-model';
import { ContactService } from '../../api/src/contact/contact-service';
import { contactSchema } from '../../api/src/domain/contact/contact-schema';
import type { CampaignView } from '../../api/src/domain/newsletter/newsletter-schema';
import { testPaymentMethodFor } from '../../api/src/domain/payment/test-cards';
import { JobOutbox } from '../../api/src/jobs/job-outbox';
import { EmailDeliveryModel } from '../../api/src/mail/email-delivery-model';
import { NewsletterDeliveryModel } from '../../api/src/newsletter/newsletter-delivery-model';
import { JobOutboxModel } from '../../api/src/jobs/job-outbox-model';
import { JobProducer } from '../../api/src/jobs/job-producer';
import { createLogger } from '../../api/src/platform/logger';
import { connectMongo, disconnectMongo } from '../../api/src/platform/mongo';
import { createRedis } from '../../api/src/platform/redis';
import { Storage } from '../../api/src/platform/storage';
import { storageOptions } from '../../api/src/platform/storage-options';
import { loadApiConfig } from '../../api/src/config/api-config';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { spawnWorkers, WORKERS_READY } from '../support/back-end-processes';
import { bookingFields } from '../support/booking-form';
import { startFrontDoor, type FrontDoor } from '../support/front-door';
import { jpeg } from '../support/images';
import { confirmedSubscribers } from '../support/newsletter-harness';
import { eventually } from '../support/poll';
import { buildCompiledServer, type CompiledServer } from '../support/server-runtime';
import { jobsSettled, queuesOf } from '../support/settled-jobs';
import type { SpawnedProcess } from '../support/spawn-process';
import { testEmail, testEnv, uniqueId } from '../support/test-env';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';

/**
 * Several instances on one machine, as `docker compose up --scale api=3 --scale workers=2` or two
 * Kubernetes Deployments run them: 3 API processes and 2 workers processes (the compiled bundle
 * the images run) on one MongoDB, Redis, S3 and SMTP, behind the shipped nginx front door taking
 * the APIs round robin. Mixed traffic flows while one API and one workers process are killed
 * outright (SIGKILL: no goodbye), and the counts at the end are exact.
 */

const APIS = 3;
const WORKERS = 2;
const EACH = 24;
const NEWSLETTER = 2_000;
const SEEDED = 20;
const FORM_LIMIT = 5;
const PASSWORD = 'correct horse 42';
const BUSINESS_INBOX = `inbox-${uniqueId()}@example.test`;

type Kind = 'booking' | 'contact' | 'signup' | 'subscribe';

/** A request as the tests here send it (headers as a plain record, to add to). */
interface Outgoing {
  method?: string;
  body?: string | FormData;
  headers?: Record<string, string>;
}

/** What one simulated visitor did, and what came of it. */
interface Visit {
  kind: Kind;
  email: string;
  /** The answer the visitor finally got (after retrying what the killed API dropped). */
  status: number;
  /** For a booking: its id, once accepted and paid. */
  bookingId?: string;
  /** For a contact message: the words that identify it in the business's notification. */
  marker?: string;
  /** The X-Test-Request label of its last request, to find it in nginx's access log. */
  label: string;
}

describe('three APIs and two workers behind nginx, one of each killed mid-run', () => {
  let compiled: CompiledServer | undefined;
  let smtp: TestSmtp | undefined;
  let env: Record<string, string>;
  let frontDoor: FrontDoor | undefined;
  const apis: ApiProcess[] = [];
  const workers: SpawnedProcess[] = [];
  let killedApi = '';
  let subscribers: string[] = [];
  const outboxSenders: string[] = [];
  const strandedSenders: string[] = [];
  const visits: Visit[] = [];
  let probe: number[] = [];
  /** Visits whose request died with the killed API: their outcome is unknown to the visitor. */
  let lostVisits: Visit[] = [];
  /** The contact messages seeded as stranded (saved, their emails never handed over). */
  let strandedIds: string[] = [];
  /** The ids of the jobs seeded into the MongoDB outbox (Redis away) before the run. */
  let outboxJobs: string[] = [];
  /** The campaign as the admin console shows it once sent. */
  let finishedCampaign: CampaignView | undefined;

  const door = (): FrontDoor => {
    if (!frontDoor) throw new Error('the front door did not start');
    return frontDoor;
  };
  const received = () => smtp?.received ?? [];

  /** A request through the front door, from `ip` (the address a load balancer would pass on). */
  const send = (path: string, ip: string, label: string, init: Outgoing = {}) =>
    fetch(`${door().origin}${path}`, {
      ...init,
      headers: { ...init.headers, 'X-Forwarded-For': ip, 'X-Test-Request': label },
    });
  const json = (body: unknown): Outgoing & { headers: Record<string, string> } => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

  /**
   * Sends, and sends again while the answer is the front door's own 502 for a request the killed
   * API took with it (the access log checks below that nothing else failed). A retry is what a
   * browser's visitor does; a booking's retry carries the same Idempotency-Key.
   */
  async function withRetry(
    attempt: (label: string) => Promise<Response>,
    label: string,
  ): Promise<{ response: Response; label: string }> {
    for (let tries = 1; ; tries += 1) {
      const sent = `${label}#${String(tries)}`;
      const response = await attempt(sent);
      if (response.status !== 502 || tries === 3) return { response, label: sent };
    }
  }

  async function bookAndPay(n: number, ip: string): Promise<Visit> {
    const fields = bookingFields();
    const key = `scale-${uniqueId()}`;
    const { response: booked, label: bookingLabel } = await withRetry(
      (label) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append(
          'image',
          new Blob([new Uint8Array(jpeg(48_000))], { type: 'image/jpeg' }),
          'a.jpg',
        );
        return send('/api/bookings', ip, label, {
          method: 'POST',
          body: form,
          headers: { 'Idempotency-Key': key },
        });
      },
      `booking-${String(n)}`,
    );
    const email = fields.email ?? '';
    // 201, or 200 when a retry finds the booking its first attempt made (the same key).
    if (booked.status !== 201 && booked.status !== 200) {
      return { kind: 'booking', email, status: booked.status, label: bookingLabel };
    }
    const { booking, token } = (await booked.json()) as { booking: { id: string }; token: string };
    const { response: paid, label } = await withRetry(
      (label) =>
        send(
          '/api/payments',
          ip,
          label,
          json({
            bookingId: booking.id,
            amount: 14900,
            paymentMethod: 'card',
            customerEmail: email,
            paymentMethodId: testPaymentMethodFor('4242 4242 4242 4242'),
            token,
          }),
        ),
      `payment-${String(n)}`,
    );
    return { kind: 'booking', email, status: paid.status, bookingId: booking.id, label };
  }

  async function contact(n: number, ip: string): Promise<Visit> {
    const email = testEmail('writer');
    const marker = `scale-out message ${uniqueId()}`;
    const label = `contact-${String(n)}`;
    const response = await send(
      '/api/contact',
      ip,
      label,
      json({
        fullName: 'Ana Lima',
        email,
        phone: '416-555-0142',
        subject: marker,
        message: marker,
      }),
    );
    return { kind: 'contact', email, status: response.status, marker, label };
  }

  async function signUp(n: number, ip: string): Promise<Visit> {
    const email = testEmail('member');
    const label = `signup-${String(n)}`;
    const response = await send(
      '/api/auth/register',
      ip,
      label,
      json({
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Sam',
        lastName: 'Lee',
        address: '12 Rosedale Ave',
      }),
    );
    return { kind: 'signup', email, status: response.status, label };
  }

  async function subscribe(n: number, ip: string): Promise<Visit> {
    const email = testEmail('reader');
    const label = `subscribe-${String(n)}`;
    const response = await send('/api/subscribe', ip, label, json({ email }));
    return { kind: 'subscribe', email, status: response.status, label };
  }

  /**
   * Accepted work the processes must find on their own as they start: contact messages whose
   * jobs wait in the MongoDB outbox (Redis was away when they came), and messages whose request
   * stopped between saving and handing over (the follow-up sweep's work).
   */
  async function seedStrandedWork(): Promise<void> {
    const silent = createLogger({ name: 'seed', level: 'silent' });
    const deadRedis = createRedis('redis://127.0.0.1:1');
    deadRedis.on('error', () => undefined);
    const noRedis = new JobProducer(deadRedis, env.QUEUE_PREFIX ?? '', {
      outbox: new JobOutbox(),
      enqueueTimeoutMs: 200,
    });
    const stopped = {
      add: () => Promise.reject(new Error('the process stopped here')),
    } as unknown as JobProducer;
    const form = (email: string) =>
      contactSchema.parse({
        fullName: 'Ana Lima',
        email,
        phone: '416-555-0142',
        subject: 'Fence',
        message: 'A post is loose.',
      });
    for (let n = 0; n < SEEDED; n += 1) {
      const outboxSender = testEmail('outboxed');
      outboxSenders.push(outboxSender);
      await new ContactService({ jobs: noRedis, logger: silent }).receive(form(outboxSender));
      const strandedSender = testEmail('stranded');
      strandedSenders.push(strandedSender);
      await new ContactService({ jobs: stopped, logger: silent }).receive(form(strandedSender));
    }
    deadRedis.disconnect();
    // Past the sweep's grace for requests still in flight (60 s): abandoned, not slow.
    await ContactMessageModel.collection.updateMany(
      { email: { $in: strandedSenders } },
      { $set: { createdAt: new Date(Date.now() - 2 * 60_000) } },
    );
    strandedIds = (
      await ContactMessageModel.find({ email: { $in: strandedSenders } }, { _id: 1 }).lean()
    ).map((message) => String(message._id));
    expect(strandedIds).toHaveLength(SEEDED);
    outboxJobs = await JobOutboxModel.distinct('jobId');
    expect(outboxJobs.length).toBeGreaterThanOrEqual(SEEDED);
  }

  async function adminToken(): Promise<string> {
    const email = testEmail('operator');
    const ip = '198.51.100.200';
    const registered = await send(
      '/api/auth/register',
      ip,
      'admin-signup',
      json({
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Olu',
        lastName: 'Operator',
        address: '1910 Eglinton Ave W',
      }),
    );
    expect(registered.status).toBe(201);
    await UserModel.updateOne({ email }, { $set: { role: 'admin' } });
    const login = await send(
      '/api/auth/login',
      ip,
      'admin-login',
      json({ email, password: PASSWORD }),
    );
    expect(login.status).toBe(200);
    return ((await login.json()) as { token: string }).token;
  }

  const mailsTo = (address: string) => received().filter((mail) => mail.to.includes(address));
  const newsletterSent = () => {
    const wanted = new Set(subscribers);
    return received().filter((mail) => mail.to.some((to) => wanted.has(to))).length;
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    env = testEnv({
      LOG_LEVEL: 'info',
      SMTP_URL: smtp.url,
      BUSINESS_INBOX,
      // A load balancer in front of nginx passes the visitor's address on: every simulated
      // visitor has an address of its own, and the rate-limit probe shares one.
      TRUST_PROXY: '2',
      FORM_RATE_LIMIT_MAX: String(FORM_LIMIT),
      AUTH_RATE_LIMIT_MAX: '1000',
      // The dead workers' jobs are taken back within seconds, not half a minute.
      WORKER_LOCK_MS: '2000',
      JOB_OUTBOX_POLL_MS: '500',
      NEWSLETTER_RATE_PER_SECOND: '200',
    });
    await connectMongo({ url: env.MONGO_URL ?? '', dbName: env.MONGO_DB });
    subscribers = await confirmedSubscribers(NEWSLETTER, 'scale');
    await seedStrandedWork();

    compiled = await buildCompiledServer();
    const runtime = compiled.runtime(process.execPath);
    for (let n = 0; n < APIS; n += 1) apis.push(await startApiProcess(env, runtime));
    for (let n = 0; n < WORKERS; n += 1) workers.push(spawnWorkers(env, runtime));
    await Promise.all(workers.map((process) => process.waitForOutput(WORKERS_READY, 60_000)));
    frontDoor = await startFrontDoor({
      upstreams: apis.map((api) => new URL(api.url).host),
      accessLog: true,
    });
  });

  afterAll(async () => {
    for (const process of workers) process.kill('SIGTERM');
    await Promise.all(workers.map((process) => process.exited));
    await Promise.all(apis.map((api) => api.close()));
    await frontDoor?.close();
    await smtp?.close();
    compiled?.remove();
    await disconnectMongo();
  });

  it('shares one rate limit between the instances: exactly the limit gets through', async () => {
    const ip = '198.51.100.77';
    const answers: Response[] = [];
    for (let n = 0; n < FORM_LIMIT + 7; n += 1) {
      const email = testEmail('probe');
      const label = `probe-${String(n)}`;
      answers.push(
        await send(
          '/api/contact',
          ip,
          label,
          json({
            fullName: 'Pat',
            email,
            phone: '416-555-0199',
            subject: 'Hi',
            message: 'Hello there.',
          }),
        ),
      );
      visits.push({ kind: 'contact', email, status: answers.at(-1)?.status ?? 0, label });
    }
    probe = answers.map((answer) => answer.status);
    expect(probe.filter((status) => status === 201)).toHaveLength(FORM_LIMIT);
    expect(probe.filter((status) => status === 429)).toHaveLength(7);
    // Round robin really spread them: every API answered some.
    const upstreams = door()
      .accessLog()
      .filter((entry) => entry.label.startsWith('probe-'))
      .map((entry) => entry.upstream);
    expect(new Set(upstreams).size).toBe(APIS);
  });

  it('takes mixed traffic and a newsletter while an API and a workers process die', async () => {
    const token = await adminToken();
    const auth = { Authorization: `Bearer ${token}` };
    const created = await send('/api/admin/campaigns', '198.51.100.200', 'campaign', {
      ...json({ subject: 'Spring tips', format: 'markdown', body: '# Spring\n\nRake **gently**.' }),
      headers: { 'Content-Type': 'application/json', ...auth },
    });
    expect(created.status).toBe(201);
    const campaignId = ((await created.json()) as { campaign: { id: string } }).campaign.id;
    const started = await send(
      `/api/admin/campaigns/${campaignId}/send`,
      '198.51.100.200',
      'send',
      {
        method: 'POST',
        headers: auth,
      },
    );
    expect(started.status).toBe(200);
    // The campaign is under way before the traffic starts, so the kill lands in its middle.
    await eventually(() => Promise.resolve(expect(newsletterSent()).toBeGreaterThan(100)), {
      timeoutMs: 60_000,
      intervalMs: 50,
    });

    const makers = [bookAndPay, contact, signUp, subscribe];
    const plan = Array.from({ length: EACH * makers.length }, (_, n) => makers[n % makers.length]);
    let next = 0;
    let finished = 0;
    const killAt = Math.floor(plan.length * 0.4);
    /** How far the traffic and the newsletter had come when the processes died. */
    let atKill = { traffic: -1, newsletter: -1 };
    const kill = async () => {
      // Whichever comes first: 40 % of the traffic answered, or half the newsletter sent. Either
      // way both are under way, whatever the machine's speed.
      while (finished < killAt && newsletterSent() < NEWSLETTER / 2) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const api = apis[1];
      const worker = workers[0];
      if (!api || !worker) throw new Error('no process to kill');
      atKill = { traffic: finished, newsletter: newsletterSent() };
      killedApi = new URL(api.url).host;
      api.process.kill('SIGKILL');
      worker.kill('SIGKILL');
      await Promise.all([api.process.exited, worker.exited]);
    };
    const visitor = async () => {
      while (next < plan.length) {
        const n = next;
        next += 1;
        const make = plan[n];
        if (!make) break;
        visits.push(await make(n, `203.0.113.${String(n % 250)}`));
        finished += 1;
      }
    };
    await Promise.all([kill(), ...Array.from({ length: 6 }, visitor)]);
    expect(atKill.traffic, 'the API was killed during the traffic').toBeGreaterThan(0);
    expect(atKill.traffic).toBeLessThan(plan.length);
    expect(atKill.newsletter, 'the workers were killed during the newsletter').toBeLessThan(
      NEWSLETTER,
    );

    // Every visitor got the answer of accepted work, but for those whose request the killed API
    // took down with it (nginx's 502; a booking is sent again with its Idempotency-Key, other
    // forms are not, so as not to make a second message of a first that may have been saved).
    const expected: Record<Kind, number> = {
      booking: 200,
      contact: 201,
      signup: 201,
      subscribe: 200,
    };
    const lost = new Set(
      door()
        .accessLog()
        .filter((entry) => entry.status === 502 && entry.upstream === killedApi)
        .map((entry) => entry.label),
    );
    const traffic = visits.slice(-plan.length);
    const refused = traffic.filter(
      (visit) => visit.status !== expected[visit.kind] && !lost.has(visit.label),
    );
    expect(refused).toEqual([]);
    lostVisits = traffic.filter((visit) => visit.status !== expected[visit.kind]);

    // The newsletter ends sent, by the workers still alive.
    await eventually(
      async () => {
        const view = await send(`/api/admin/campaigns/${campaignId}`, '198.51.100.200', 'view', {
          headers: auth,
        });
        const { campaign } = (await view.json()) as { campaign: CampaignView };
        expect(campaign.status).toBe('sent');
        finishedCampaign = campaign;
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    const queues = queuesOf(env);
    try {
      await jobsSettled(queues, { timeoutMs: 90_000 });
    } finally {
      await queues.close();
    }
  });

  it('failed no request that reached a live instance', () => {
    const entries = door().accessLog();
    expect(entries.length).toBeGreaterThan(EACH * 5);
    const failedOnLive = entries.filter(
      (entry) => entry.status >= 500 && entry.upstream !== killedApi,
    );
    expect(failedOnLive).toEqual([]);
  });

  it('stored every accepted booking once, paid, with its photo', async () => {
    const booked = visits.filter((visit) => visit.kind === 'booking' && visit.status === 200);
    // A booking is sent again with its key: the killed API loses none of them for good.
    expect(booked).toHaveLength(EACH);
    const ids = booked.map((visit) => visit.bookingId ?? '');
    expect(new Set(ids).size).toBe(EACH);
    const stored = await BookingModel.find({ email: { $in: booked.map((visit) => visit.email) } });
    expect(stored.map((booking) => booking.id as string).sort()).toEqual([...ids].sort());
    expect(stored.map((booking) => `${booking.id as string} ${booking.status}`).sort()).toEqual(
      [...ids].sort().map((id) => `${id} paid`),
    );
    const storage = new Storage(storageOptions(loadApiConfig(env)));
    for (const booking of stored) {
      expect(booking.imageKey).not.toBe('');
      let bytes = 0;
      for await (const chunk of await storage.get(booking.imageKey)) {
        bytes += (chunk as Buffer).length;
      }
      expect(bytes).toBeGreaterThan(40_000);
    }
  });

  it('sent every email once, but for a send the kill caught between its record and its final "."', async () => {
    // A message's send is recorded just before its final "." (api/src/platform/commit-gate.ts):
    // a kill after that record and before the "." leaves loses that one message, and never
    // sends it twice. Such a send is told apart exactly: its record says committed and never
    // answered, and the server saw that very message cut off before its ".". Anything else
    // missing or doubled fails.
    const cut = await Promise.all(
      (smtp?.aborted ?? []).map(async (mail) => ({
        to: mail.to,
        // Its headers were sent in full before the body: the subject reads as sent.
        subject: (await simpleParser(mail.raw)).subject ?? '',
      })),
    );
    const cutTo = (address: string, subject?: string) =>
      cut.some(
        (mail) => mail.to.includes(address) && (subject === undefined || mail.subject === subject),
      );
    const unanswered = await EmailDeliveryModel.find({
      committedAt: { $ne: null },
      sentAt: null,
    }).lean();
    const newsletterUnanswered = await NewsletterDeliveryModel.find({ status: 'committed' }).lean();
    // Committed and unanswered: either the "." left and the answer did not come back (the
    // server has it), or the kill came first (cut off at the server).
    /** Whether a message to `address` (with `subject`, when given) reached the server in full. */
    const arrived = async (address: string, subject?: string) => {
      const subjects = await Promise.all(
        mailsTo(address).map(async (mail) => (await simpleParser(mail.raw)).subject ?? ''),
      );
      return subjects.some((sent) => subject === undefined || sent === subject);
    };
    const caughtInWindow: typeof unanswered = [];
    for (const row of unanswered)
      if (!(await arrived(row.to, row.subject))) caughtInWindow.push(row);
    const newsletterCaught: typeof newsletterUnanswered = [];
    for (const row of newsletterUnanswered) {
      if (!(await arrived(row.email))) newsletterCaught.push(row);
    }
    expect(
      caughtInWindow.filter((row) => !cutTo(row.to, row.subject)),
      `neither arrived nor cut at the server; cut: ${JSON.stringify(cut)}`,
    ).toEqual([]);
    expect(newsletterCaught.filter((row) => !cutTo(row.email))).toEqual([]);
    // The console tells operators how many the kill left without a server's answer.
    expect(finishedCampaign?.progress.unconfirmed).toBe(newsletterUnanswered.length);
    // Only what the killed workers process had in flight: its two connections for single emails
    // and five for the newsletter (NEWSLETTER_CONCURRENCY).
    expect(caughtInWindow.length + newsletterCaught.length).toBeLessThanOrEqual(7);
    const lostInWindow = new Set(caughtInWindow.map((row) => row.to));

    /** The addresses whose count of emails is not what `expected` allows, with their count. */
    const countsOf = (addresses: string[], expected: (count: number) => boolean) =>
      addresses
        .map((address) => `${address}: ${String(mailsTo(address).length)}`)
        .filter((line) => !expected(Number(line.split(': ')[1])));
    const once = (addresses: string[], what: string) => {
      const wrong = countsOf(addresses, (count) => count === 1).filter(
        (line) => !(line.endsWith(': 0') && lostInWindow.has(line.split(': ')[0] ?? '')),
      );
      expect(wrong, `${what} without exactly one email`).toEqual([]);
    };
    const emailsOf = (kind: Kind, status: number) =>
      visits.filter((visit) => visit.kind === kind && visit.status === status).map((v) => v.email);
    once(emailsOf('booking', 200), 'paid bookings');
    once(emailsOf('contact', 201), 'contact messages');
    once(emailsOf('signup', 201), 'sign-ups');
    once(emailsOf('subscribe', 200), 'subscriptions');
    once(outboxSenders, 'messages whose jobs waited in the outbox');
    once(strandedSenders, 'messages the follow-up sweep resumed');
    // A request the killed API took down may or may not have been saved: never twice.
    const lostAddresses = lostVisits.map((visit) => visit.email);
    expect(
      countsOf(lostAddresses, (count) => count <= 1),
      'lost requests mailed twice',
    ).toEqual([]);
    // Nothing for the probe's refused messages.
    for (const address of emailsOf('contact', 429)) expect(mailsTo(address)).toHaveLength(0);

    // The newsletter: each subscriber once, never twice.
    const wanted = new Set(subscribers);
    const newsletter = received().filter((mail) => mail.to.some((to) => wanted.has(to)));
    const got = new Set(newsletter.flatMap((mail) => mail.to));
    expect(got.size, 'a subscriber mailed twice').toBe(newsletter.length);
    expect(subscribers.filter((address) => !got.has(address))).toEqual(
      newsletterCaught.map((row) => row.email).filter((address) => wanted.has(address)),
    );

    // The business hears of each accepted message once (the traffic's, the probe's accepted
    // ones and the seeded ones), of a lost one at most once, and of each paid booking once.
    const inbox = await Promise.all(mailsTo(BUSINESS_INBOX).map((mail) => simpleParser(mail.raw)));
    const notices = inbox
      .filter((mail) => (mail.subject ?? '').startsWith('Contact form: '))
      .map((mail) => `${mail.subject ?? ''}\n${mail.text ?? ''}`);
    const inboxLost = caughtInWindow.filter((row) => row.to === BUSINESS_INBOX);
    const noticesLost = inboxLost.filter((row) => row.subject.startsWith('Contact form: '));
    const accepted = emailsOf('contact', 201).length + SEEDED * 2;
    const lostMessages = lostVisits.filter((visit) => visit.kind === 'contact').length;
    expect(notices.length + noticesLost.length).toBeGreaterThanOrEqual(accepted);
    expect(notices.length + noticesLost.length).toBeLessThanOrEqual(accepted + lostMessages);
    const others = inbox.length - notices.length + inboxLost.length - noticesLost.length;
    expect(others, 'business emails other than contact notices (one per booking)').toBe(EACH);
    for (const visit of visits) {
      if (!visit.marker) continue;
      const marker = visit.marker;
      const count =
        notices.filter((notice) => notice.includes(marker)).length +
        noticesLost.filter((row) => row.subject.includes(marker)).length;
      if (visit.status === 201) expect(count, marker).toBe(1);
      else expect(count, marker).toBeLessThanOrEqual(1);
    }
    expect(await JobOutboxModel.countDocuments()).toBe(0);
  });

  it('handed each outbox job and each stranded record over once, among three APIs', () => {
    /** The API log lines saying `msg`, the killed API's included. */
    const said = (msg: string) =>
      apis
        .flatMap((api) => api.process.output().split('\n'))
        .flatMap((line) => {
          // The killed API's last line may be cut short.
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        })
        .filter((entry) => entry.msg === msg);
    // Jobs a busy Redis did not take in time during the run wait in the outbox too, and the
    // relays move those as well: each seeded job is counted by its id, and left exactly once.
    const relayed = said('jobs kept while redis was away are queued').flatMap((entry) =>
      Array.isArray(entry.jobIds) ? (entry.jobIds as string[]) : [],
    );
    const timesRelayed = outboxJobs.map((id) => relayed.filter((each) => each === id).length);
    expect(timesRelayed).toEqual(outboxJobs.map(() => 1));
    // A message of the traffic can be left to the sweep too (its API killed mid-request): each
    // stranded one is counted by its id, handed over by one sweep of the three, once.
    const late = said('follow-up jobs handed over late')
      .filter((entry) => entry.kind === 'contact messages')
      .flatMap((entry) => (Array.isArray(entry.ids) ? (entry.ids as string[]) : []));
    expect(strandedIds.map((id) => late.filter((each) => each === id).length)).toEqual(
      strandedIds.map(() => 1),
    );
  });
});
