import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UNCONFIRMED_PAGE_SIZE,
  UnconfirmedSendWords as Words,
  type UnconfirmedSendView,
} from '../src/domain/admin/unconfirmed-sends';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
import { QueueName } from '../src/jobs/job-definitions';
import { EmailDeliveryModel } from '../src/mail/email-delivery-model';
import { unconfirmedEmailsQuery, decidedEmailsQuery } from '../src/mail/unconfirmed-emails';
import { CampaignModel } from '../src/newsletter/campaign-model';
import { NewsletterDeliveryModel } from '../src/newsletter/newsletter-delivery-model';
import { SubscriberModel } from '../src/newsletter/subscriber-model';
import {
  decidedDeliveriesQuery,
  unconfirmedDeliveriesQuery,
} from '../src/newsletter/unconfirmed-deliveries';
import { signUp, type TestAccount } from '../../tests/support/accounts';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { spawnWorkers, WORKERS_READY } from '../../tests/support/back-end-processes';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { winningPlanOf } from '../../tests/support/query-plans';
import { jobsSettled } from '../../tests/support/settled-jobs';
import type { SpawnedProcess } from '../../tests/support/spawn-process';
import { startTestSmtp, type TestSmtp } from '../../tests/support/test-smtp';
import { testEmail, testEnv, uniqueId } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';
const QUEUES = [QueueName.BookingEmails, QueueName.StripeEvents, QueueName.Mail];
const LIST = '/api/admin/unconfirmed-sends';
const MISSING = '0123456789abcdef01234567';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const isConfirmation = (raw: string) => raw.includes('is confirmed');
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A mail.send job's email left as a crash leaves it: committed (its final "." about to leave),
 * never answered, with the job it was sent for. Written with the driver, as OnceSender writes it.
 */
async function unconfirmedEmail(
  options: { committedAt?: Date; withJob?: boolean; sentAt?: Date } = {},
) {
  const to = testEmail('unconfirmed');
  const subject = `Your visit ${uniqueId()}`;
  const jobId = `crash-${uniqueId()}`;
  const message = { to, subject, text: 'See you on Tuesday.' };
  const { insertedId } = await EmailDeliveryModel.collection.insertOne({
    key: `mail.send:${jobId}`,
    to,
    subject,
    committedAt: options.committedAt ?? minutesAgo(5),
    sentAt: options.sentAt ?? null,
    messageId: null,
    origin:
      options.withJob === false ? null : { queue: 'mail', name: 'mail.send', jobId, data: message },
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return { id: insertedId.toHexString(), to, subject };
}

/** A campaign that went out, one of whose deliveries lost its server's answer with its worker. */
async function unconfirmedDelivery(subscriber: 'confirmed' | 'unsubscribed' = 'confirmed') {
  const email = testEmail('reader');
  const person = await SubscriberModel.create({
    email,
    status: subscriber,
    subscribedAt: minutesAgo(60),
  });
  const subject = `Spring tips ${uniqueId()}`;
  const campaign = await CampaignModel.create({
    subject,
    format: 'markdown',
    body: 'Rake the lawn.',
    html: '<p>Rake the lawn.</p>',
    text: 'Rake the lawn.',
    status: 'sent',
    createdBy: 'admin@example.test',
    fanOutDone: true,
  });
  const delivery = await NewsletterDeliveryModel.create({
    campaignId: campaign._id,
    subscriberId: person._id,
    email,
    batch: 0,
    status: 'committed',
    attempts: 1,
    committedAt: minutesAgo(5),
  });
  return { id: delivery.id as string, campaignId: campaign.id as string, email, subject };
}

describe('unconfirmed sends, and an operator’s decision on each', () => {
  let smtp: TestSmtp;
  let env: Record<string, string>;
  let api: ApiHarness;
  let admin: TestAccount;
  let customer: TestAccount;
  const workers: SpawnedProcess[] = [];

  const list = (query: Record<string, string> = {}) =>
    request(api.app).get(LIST).query(query).set(bearer(admin.token));
  const decide = (
    kind: string,
    id: string,
    decision: 'send-again' | 'mark-delivered',
    token = admin.token,
  ) => request(api.app).post(`${LIST}/${kind}/${id}/${decision}`).set(bearer(token));
  const listed = async (state = 'unconfirmed'): Promise<UnconfirmedSendView[]> => {
    const answer = await list({ state });
    expect(answer.status).toBe(200);
    return answer.body.sends as UnconfirmedSendView[];
  };
  const mailsTo = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
  const settled = () => jobsSettled(api.context.jobs, { queues: QUEUES });
  async function startWorkers(): Promise<SpawnedProcess> {
    const process = spawnWorkers(env);
    workers.push(process);
    await process.waitForOutput(WORKERS_READY, 60_000);
    return process;
  }

  beforeAll(async () => {
    // The server keeps a booking confirmation and answers nothing more, until it is resumed: the
    // worker that sent it never hears back, as when it dies after the final ".".
    smtp = await startTestSmtp({
      stallWhen: (received) => received.some((mail) => isConfirmation(mail.raw)),
    });
    env = testEnv({
      LOG_LEVEL: 'info',
      SMTP_URL: smtp.url,
      AUTH_RATE_LIMIT_MAX: '1000',
      FORM_RATE_LIMIT_MAX: '1000',
      // A dead worker's job is taken back in seconds, not a minute.
      WORKER_LOCK_MS: '2000',
      WORKER_QUEUES: QUEUES.join(','),
    });
    api = await startApi(env);
    admin = await signUp(api.app, PASSWORD, 'admin');
    customer = await signUp(api.app, PASSWORD, 'customer');
  });
  afterAll(async () => {
    for (const process of workers) process.kill();
    await Promise.all(workers.map((process) => process.exited));
    await api.close();
    await smtp.close();
  });

  it('lists a confirmation a killed worker left unconfirmed, and sends it again exactly once', async () => {
    const fields = bookingFields();
    const booked = await withFields(request(api.app).post('/api/bookings'), fields);
    expect(booked.status).toBe(201);
    const bookingId = booked.body.booking.id as string;
    const paid = await request(api.app).post('/api/payments').send({
      bookingId,
      amount: 14900,
      paymentMethod: 'card',
      customerEmail: fields.email,
      paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
      token: booked.body.token,
    });
    expect(paid.status).toBe(200);
    const customerEmail = fields.email ?? '';
    const confirmations = () =>
      mailsTo(customerEmail).filter((mail) => isConfirmation(mail.raw)).length;

    const first = spawnWorkers(env);
    workers.push(first);
    await smtp.stalled;
    first.kill('SIGKILL');
    await first.exited;
    smtp.resume();
    await startWorkers();
    await settled();
    expect(confirmations()).toBe(1);

    const row = await EmailDeliveryModel.findOne({
      key: `booking.confirmation:confirmation-${bookingId}`,
    }).lean();
    expect(row).toMatchObject({ sentAt: null, to: customerEmail });
    expect(row?.committedAt).toBeInstanceOf(Date);
    expect(row?.origin).toMatchObject({
      queue: QueueName.BookingEmails,
      name: 'booking.confirmation',
      jobId: `confirmation-${bookingId}`,
      data: { bookingId },
    });
    const id = String(row?._id);

    // Its answer could still be on its way for a moment: not listed, and no decision taken.
    expect((await listed()).map((send) => send.id)).not.toContain(id);
    const early = await decide('email', id, 'send-again');
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(Words.stillInFlight);

    // Three minutes on, as the operator finds it.
    const committedAt = minutesAgo(3);
    await EmailDeliveryModel.updateOne({ _id: row?._id }, { $set: { committedAt } });
    const found = (await listed()).find((send) => send.id === id);
    expect(found).toEqual({
      id,
      kind: 'email',
      to: customerEmail,
      subject: row?.subject,
      campaignId: null,
      committedAt: committedAt.toISOString(),
      canSendAgain: true,
      decisions: [],
    });

    const again = await decide('email', id, 'send-again');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.message).toBe(Words.sentAgain('email', row?.subject ?? '', customerEmail));
    await settled();
    expect(confirmations()).toBe(2);

    // A second click sends nothing, and says why.
    const twice = await decide('email', id, 'send-again');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(Words.alreadyDecided('send-again', admin.email));
    const thenDelivered = await decide('email', id, 'mark-delivered');
    expect(thenDelivered.status).toBe(409);
    await settled();
    expect(confirmations()).toBe(2);

    // Who decided and when, on the row and in the decided list; the first job's row stays
    // committed, and the copy went out under a key of its own, answered.
    const decidedRow = await EmailDeliveryModel.findById(row?._id).lean();
    expect(decidedRow?.committedAt).toBeInstanceOf(Date);
    expect(decidedRow?.supersededBy).toBe(`booking.confirmation:resend-${id}-1`);
    expect(decidedRow?.decisions).toEqual([
      expect.objectContaining({
        decision: 'send-again',
        adminId: admin.userId,
        adminEmail: admin.email,
      }),
    ]);
    const copy = await EmailDeliveryModel.findOne({ key: decidedRow?.supersededBy }).lean();
    expect(copy?.sentAt).toBeInstanceOf(Date);
    expect((await listed()).map((send) => send.id)).not.toContain(id);
    const decided = (await listed('decided')).find((send) => send.id === id);
    expect(decided?.decisions).toEqual([
      {
        decision: 'send-again',
        adminId: admin.userId,
        adminEmail: admin.email,
        at: decidedRow?.decidedAt?.toISOString(),
      },
    ]);
    expect(decided?.canSendAgain).toBe(false);
  }, 120_000);

  it('sends again, under its first key, an email keyed by what it tells (a cancellation)', async () => {
    const fields = bookingFields();
    const booked = await withFields(request(api.app).post('/api/bookings'), fields);
    const bookingId = booked.body.booking.id as string;
    const cancelled = await request(api.app)
      .patch(`/api/admin/bookings/${bookingId}`)
      .set(bearer(admin.token))
      .send({ status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    await settled();
    const customerEmail = fields.email ?? '';
    expect(mailsTo(customerEmail)).toHaveLength(1);
    // Its answer lost, as a worker that died after the final "." leaves it.
    const key = new RegExp(`^booking\\.cancelled:${bookingId}:`);
    await EmailDeliveryModel.updateOne(
      { key },
      { $set: { sentAt: null, messageId: null, committedAt: minutesAgo(5) } },
    );
    const row = await EmailDeliveryModel.findOne({ key }).lean();
    const id = String(row?._id);

    expect((await decide('email', id, 'send-again')).status).toBe(200);
    await settled();
    expect(mailsTo(customerEmail)).toHaveLength(2);
    // The job ran again under a new id, found the same key released, and took it: one row.
    const after = await EmailDeliveryModel.find({ key }).lean();
    expect(after).toHaveLength(1);
    expect(after[0]?.sentAt).toBeInstanceOf(Date);
    expect(after[0]).not.toHaveProperty('supersededBy');
    expect(after[0]?.decisions).toHaveLength(1);
    expect((await listed()).map((send) => send.id)).not.toContain(id);
    expect((await decide('email', id, 'send-again')).status).toBe(409);
  });

  it('sends once when two operators press Send again at the same moment', async () => {
    const { id, to, subject } = await unconfirmedEmail();
    const answers = await Promise.all([
      decide('email', id, 'send-again'),
      decide('email', id, 'send-again'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await settled();
    const sent = mailsTo(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.raw).toContain(subject);
    const row = await EmailDeliveryModel.findById(id).lean();
    expect(row?.decisions).toHaveLength(1);
  });

  it('marks an email delivered: recorded with who and when, it leaves the list and sends nothing', async () => {
    const { id, to, subject } = await unconfirmedEmail();
    expect((await listed()).map((send) => send.id)).toContain(id);
    const before = Date.now();
    const marked = await decide('email', id, 'mark-delivered');
    expect(marked.status).toBe(200);
    expect(marked.body.message).toBe(Words.markedDelivered(subject, to));
    expect(marked.body.send.decisions).toEqual([
      expect.objectContaining({ decision: 'mark-delivered', adminEmail: admin.email }),
    ]);
    const row = await EmailDeliveryModel.findById(id).lean();
    // It reads as delivered, on the operator's word (no server message id).
    expect(row?.sentAt?.getTime()).toBeGreaterThanOrEqual(before);
    expect(row?.messageId).toBeNull();
    expect(row?.decisions[0]).toMatchObject({ adminId: admin.userId, adminEmail: admin.email });
    expect(row?.decisions[0]?.at.getTime()).toBeGreaterThanOrEqual(before);
    expect((await listed()).map((send) => send.id)).not.toContain(id);
    expect((await listed('decided')).map((send) => send.id)).toContain(id);

    for (const decision of ['mark-delivered', 'send-again'] as const) {
      const refused = await decide('email', id, decision);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(Words.alreadyDecided('mark-delivered', admin.email));
    }
    await settled();
    expect(mailsTo(to)).toHaveLength(0);
    expect((await EmailDeliveryModel.findById(id).lean())?.decisions).toHaveLength(1);
  });

  it('refuses, changing nothing, a send the server answered meanwhile or whose job is not on record', async () => {
    const answered = await unconfirmedEmail({ sentAt: new Date() });
    const refused = await decide('email', answered.id, 'mark-delivered');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Words.answered);

    const orphan = await unconfirmedEmail({ withJob: false });
    expect((await listed()).find((send) => send.id === orphan.id)?.canSendAgain).toBe(false);
    const again = await decide('email', orphan.id, 'send-again');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(Words.cannotRebuild);
    const row = await EmailDeliveryModel.findById(orphan.id).lean();
    // As the crash left it: no field of a decision written.
    expect(row?.sentAt).toBeNull();
    expect(row).not.toHaveProperty('decidedAt');
    expect(row).not.toHaveProperty('supersededBy');
    expect(row).not.toHaveProperty('decisions');
    // Its customer may have it all the same: that decision is still open.
    expect((await decide('email', orphan.id, 'mark-delivered')).status).toBe(200);
  });

  it('sends a newsletter delivery again to its subscriber, once, and counts it no more as unconfirmed', async () => {
    const { id, campaignId, email, subject } = await unconfirmedDelivery();
    const campaign = () =>
      request(api.app).get(`/api/admin/campaigns/${campaignId}`).set(bearer(admin.token));
    expect((await campaign()).body.campaign.progress).toMatchObject({ unconfirmed: 1, sent: 1 });
    const found = (await listed()).find((send) => send.id === id);
    expect(found).toMatchObject({
      kind: 'newsletter',
      to: email,
      subject,
      campaignId,
      canSendAgain: true,
    });

    const answers = await Promise.all([
      decide('newsletter', id, 'send-again'),
      decide('newsletter', id, 'send-again'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await settled();
    const sent = mailsTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.raw).toContain(subject);
    // Long header lines are folded onto the next line; read them unfolded.
    expect(sent[0]?.raw.replace(/\r\n[ \t]+/g, ' ')).toMatch(/^List-Unsubscribe: <http/m);

    const row = await NewsletterDeliveryModel.findById(id).lean();
    expect(row?.status).toBe('resent');
    expect(row?.decisions).toEqual([
      expect.objectContaining({
        decision: 'send-again',
        adminId: admin.userId,
        adminEmail: admin.email,
      }),
    ]);
    expect((await campaign()).body.campaign.progress).toMatchObject({ unconfirmed: 0, sent: 1 });
    expect((await listed()).map((send) => send.id)).not.toContain(id);
    expect((await listed('decided')).map((send) => send.id)).toContain(id);
    const late = await decide('newsletter', id, 'mark-delivered');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(Words.alreadyDecided('send-again', admin.email));
  });

  it('marks a newsletter delivery delivered, and sends nothing to someone who has unsubscribed', async () => {
    const delivered = await unconfirmedDelivery();
    expect((await decide('newsletter', delivered.id, 'mark-delivered')).status).toBe(200);
    expect(await NewsletterDeliveryModel.findById(delivered.id).lean()).toMatchObject({
      status: 'sent',
      decisions: [expect.objectContaining({ decision: 'mark-delivered' })],
    });

    const gone = await unconfirmedDelivery('unsubscribed');
    expect((await listed()).find((send) => send.id === gone.id)?.canSendAgain).toBe(false);
    const refused = await decide('newsletter', gone.id, 'send-again');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Words.unsubscribed(gone.email));
    expect(await NewsletterDeliveryModel.findById(gone.id).lean()).toMatchObject({
      status: 'committed',
      decidedAt: null,
    });
    await settled();
    expect(mailsTo(delivered.email)).toHaveLength(0);
    expect(mailsTo(gone.email)).toHaveLength(0);
  });

  const routes: ['get' | 'post', string][] = [
    ['get', LIST],
    ['post', `${LIST}/email/${MISSING}/send-again`],
    ['post', `${LIST}/newsletter/${MISSING}/mark-delivered`],
  ];

  it.each(routes)('%s %s: 401 for a visitor, 403 for a customer', async (method, path) => {
    expect((await request(api.app)[method](path)).status).toBe(401);
    const asCustomer = await request(api.app)[method](path).set(bearer(customer.token));
    expect(asCustomer.status).toBe(403);
  });

  it.each([
    ['email', 'not-an-id', 400, 'id must be the id of a send (24 hexadecimal characters).'],
    ['email', `${MISSING}0`, 400, 'id must be the id of a send (24 hexadecimal characters).'],
    ['letter', MISSING, 400, 'kind must be one of: email, newsletter.'],
    ['email', MISSING, 404, Words.notFound],
    ['newsletter', MISSING, 404, Words.notFound],
  ])('answers %s %s with %d', async (kind, id, status, message) => {
    for (const decision of ['send-again', 'mark-delivered'] as const) {
      const answer = await decide(kind, id, decision);
      expect(answer.status).toBe(status);
      expect(answer.body.message).toBe(message);
    }
  });

  it.each([
    [{ state: 'lost' }, 'state must be one of: unconfirmed, decided.'],
    [{ cursor: 'x' }, 'cursor must be the nextCursor of a page of this list.'],
    [{ cursor: `12.${MISSING}0` }, 'cursor must be the nextCursor of a page of this list.'],
  ])('refuses the list %j with 400', async (query, message) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });
});

describe('the list of unconfirmed sends, paged by key', () => {
  let api: ApiHarness;
  let admin: TestAccount;
  beforeAll(async () => {
    api = await startApi(testEnv({ AUTH_RATE_LIMIT_MAX: '1000' }));
    admin = await signUp(api.app, PASSWORD, 'admin');
  });
  afterAll(async () => {
    await api.close();
  });

  it('pages newest first by cursor, both kinds merged, with no row missed or repeated', async () => {
    // Many committed at the same moment, of both kinds: the id orders them, across pages too.
    const now = Date.now();
    const minutesBefore = (minutes: number) => new Date(now - minutes * 60_000);
    const emails = [];
    for (let index = 0; index < 45; index += 1) {
      emails.push(
        await unconfirmedEmail({ committedAt: minutesBefore(10 + Math.floor(index / 2)) }),
      );
    }
    const deliveries = [];
    for (let index = 0; index < 15; index += 1) {
      const delivery = await unconfirmedDelivery();
      await NewsletterDeliveryModel.updateOne(
        { _id: delivery.id },
        { $set: { committedAt: minutesBefore(10 + index) } },
      );
      deliveries.push(delivery);
    }
    const pages: UnconfirmedSendView[][] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = cursor === null ? {} : { cursor };
      const page = await request(api.app).get(LIST).query(query).set(bearer(admin.token));
      expect(page.status).toBe(200);
      pages.push(page.body.sends as UnconfirmedSendView[]);
      cursor = page.body.nextCursor as string | null;
    } while (cursor !== null);

    expect(pages.map((page) => page.length)).toEqual([
      UNCONFIRMED_PAGE_SIZE,
      60 - UNCONFIRMED_PAGE_SIZE,
    ]);
    const sends = pages.flat();
    const ids = sends.map((send) => send.id);
    expect(new Set(ids).size).toBe(60);
    expect(ids.sort()).toEqual([...emails, ...deliveries].map((send) => send.id).sort());
    const order = sends.map((send) => [send.committedAt, send.id].join(' '));
    expect(order).toEqual([...order].sort().reverse());
    expect(sends.filter((send) => send.kind === 'newsletter')).toHaveLength(15);
  });

  it('reads each list through its index, from the cursor on, with nothing to sort', async () => {
    const cursor = { at: minutesAgo(20), id: new mongoose.Types.ObjectId().toHexString() };
    const newestCommit = { committedAt: -1, _id: -1 } as const;
    const newestDecision = { decidedAt: -1, _id: -1 } as const;
    const plans = [
      EmailDeliveryModel.find(unconfirmedEmailsQuery(new Date(), cursor)).sort(newestCommit),
      EmailDeliveryModel.find(decidedEmailsQuery(cursor)).sort(newestDecision),
      NewsletterDeliveryModel.find(unconfirmedDeliveriesQuery(new Date(), cursor)).sort(
        newestCommit,
      ),
      NewsletterDeliveryModel.find(decidedDeliveriesQuery(cursor)).sort(newestDecision),
    ].map((query) => query.limit(UNCONFIRMED_PAGE_SIZE + 1).explain());
    const indexes = ['committedAt_-1__id_-1', 'decidedAt_-1__id_-1'];
    for (const [index, plan] of (await Promise.all(plans)).entries()) {
      const explained = JSON.stringify(winningPlanOf(plan));
      expect(explained).toContain('"stage":"IXSCAN"');
      expect(explained).toContain(`"indexName":"${indexes[index % 2] ?? ''}"`);
      expect(explained).not.toContain('"stage":"SORT"');
    }
  });
});
