import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import { DOCUMENT_NUMBER_PATTERN } from '../src/domain/invoice/document-number';
import { QuoteWords, type AdminQuote, type CustomerQuote } from '../src/domain/quote/quote-schema';
import { quoteTotals } from '../src/domain/quote/quote-totals';
import { InvoiceModel } from '../src/invoices/invoice-model';
import { TestCheckoutModel } from '../src/payments/test-checkout-model';
import { QuoteModel } from '../src/quotes/quote-model';
import { signUp } from '../../tests/support/accounts';
import { startApiAndWorkers, type ProductHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields, workingDay } from '../../tests/support/booking-form';
import { visitMadeOnClosedDay } from '../../tests/support/done-visits';
import { dataChanges, snapshotData } from '../../tests/support/data-snapshot';
import { parsedMail, waitForMail } from '../../tests/support/mailbox';
import { pdfText } from '../../tests/support/pdf-text';
import { eventually } from '../../tests/support/poll';
import { testEmail, testEnv } from '../../tests/support/test-env';

/**
 * Issue 33 through HTTP with the real workers: an estimate's quote written, sent with its PDF,
 * read, answered (accepted with a deposit paid on the test provider, or declined), revised,
 * expired; totals always the server's; a link proves one quote and nothing else.
 */

const INBOX = 'quotes-inbox@example.test';
const DECK = {
  description: 'Build a 12 x 16 ft cedar deck',
  quantity: 1,
  unitPriceCents: 850_000,
  optional: false,
};
const STAIN = {
  description: 'Stain and seal',
  quantity: 2,
  unitPriceCents: 45_000,
  optional: false,
};
const RAILING = {
  description: 'Aluminium railing',
  quantity: 1,
  unitPriceCents: 150_000,
  optional: false,
};
const LIGHTS = {
  description: 'Deck lighting (8 posts)',
  quantity: 8,
  unitPriceCents: 9_900,
  optional: true,
};

describe('quotes for custom work', () => {
  let product: ProductHarness;
  let admin: string;
  const bearer = () => ({ Authorization: `Bearer ${admin}` });

  beforeAll(async () => {
    product = await startApiAndWorkers(
      testEnv({ FORM_RATE_LIMIT_MAX: '1000', AUTH_RATE_LIMIT_MAX: '1000', BUSINESS_INBOX: INBOX }),
    );
    admin = (await signUp(product.api.app, 'quotes-Passw0rd!', 'admin')).token;
  });
  afterAll(async () => {
    await product.close();
  });

  const app = () => product.api.app;

  async function estimate(email = testEmail('quote')) {
    const answer = await withFields(
      request(app()).post('/api/bookings'),
      bookingFields({ email, service: 'construction-estimate', plan: 'custom-estimate' }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return { id: answer.body.booking.id as string, email };
  }

  async function draft(
    lines = [DECK, STAIN, RAILING, LIGHTS],
    depositPercent: number | null = null,
  ) {
    const request_ = await estimate();
    const created = await request(app())
      .post('/api/admin/quotes')
      .set(bearer())
      .send({ estimateId: request_.id });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const quote = created.body.quote as AdminQuote;
    const saved = await request(app())
      .put(`/api/admin/quotes/${quote.id}`)
      .set(bearer())
      .send({
        lines,
        validUntil: addDays(todayInToronto(), 30),
        depositPercent,
        terms: 'Prices include HST.',
        note: 'Thank you for having us over.',
      });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return {
      quote: saved.body.quote as AdminQuote,
      email: request_.email,
      estimateId: request_.id,
    };
  }

  async function sent(lines?: (typeof DECK)[], depositPercent?: number | null) {
    const made = await draft(lines, depositPercent);
    const answer = await request(app())
      .post(`/api/admin/quotes/${made.quote.id}/send`)
      .set(bearer());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The estimate's acknowledgement came first.
    const mails = await waitForMail(made.email, { count: 2 });
    const mail = mails.find((each) => each.Subject.startsWith('Your quote'));
    const link = /\/quotes\/([a-f0-9]{24})\?token=([A-Za-z0-9_-]+)/.exec(mail?.Text ?? '');
    expect(link?.[1]).toBe(made.quote.id);
    return { ...made, token: link?.[2] ?? '', mail };
  }

  /** The operators' notice of an answer: the inbox is shared by this file's tests. */
  const notice = (subject: string) =>
    eventually(async () => {
      const mails = await waitForMail(INBOX);
      expect(mails.map((mail) => mail.Subject)).toContain(subject);
    });

  const read = (id: string, token: string) =>
    request(app()).get(`/api/quotes/${id}`).query({ token });
  const accept = (id: string, token: string, optionalItems: number[] = [], name = 'Maya Singh') =>
    request(app()).post(`/api/quotes/${id}/accept`).send({ token, name, optionalItems });

  it('writes a draft from an estimate, computes its totals on the server, and refuses a second quote for it', async () => {
    const { quote, estimateId } = await draft();
    const expected = quoteTotals([DECK, STAIN, RAILING, LIGHTS], [], null);
    expect(quote.status).toBe('draft');
    expect(quote.number).toMatch(/^Q-\d{4}-\d{6}$/);
    expect(quote.totals).toMatchObject({
      totalCents: 1_090_000,
      depositPercent: 25,
      depositCents: 272_500,
    });
    expect(quote.totals.hstCents).toBe(expected.hstCents);
    expect(quote.totalsWithOptions.totalCents).toBe(1_090_000 + 79_200);
    const again = await request(app()).post('/api/admin/quotes').set(bearer()).send({ estimateId });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'quote.estimate_has_quote', quoteId: quote.id });
    // A quote answers an estimate request, not a paid visit.
    const visit = await withFields(request(app()).post('/api/bookings'), bookingFields());
    const refused = await request(app())
      .post('/api/admin/quotes')
      .set(bearer())
      .send({ estimateId: visit.body.booking.id });
    expect(refused.status).toBe(400);
  });

  it('refuses hostile drafts with a clear error and keeps the draft as it was', async () => {
    const { quote } = await draft();
    const put = (body: Record<string, unknown>) =>
      request(app())
        .put(`/api/admin/quotes/${quote.id}`)
        .set(bearer())
        .send({
          validUntil: quote.draft.validUntil,
          depositPercent: null,
          terms: '',
          note: '',
          lines: [DECK],
          ...body,
        });
    const before = await QuoteModel.findById(quote.id).lean();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ lines: [{ ...DECK, quantity: -1 }] }, /Quantity must be at least 1/],
      [{ lines: [{ ...DECK, unitPriceCents: -5 }] }, /cannot be negative/],
      [{ lines: [{ ...DECK, unitPriceCents: 1e15 }] }, /at most \$100,000/],
      [{ lines: [{ ...DECK, unitPriceCents: 10.5 }] }, /whole cents/],
      [
        { lines: [{ ...DECK, quantity: 10_000, unitPriceCents: 10_000_000 }] },
        /at most \$1,000,000/,
      ],
      [{ lines: Array.from({ length: 101 }, () => DECK) }, /at most 100 lines/],
      [{ validUntil: addDays(todayInToronto(), -1) }, /today or later/],
      [{ depositPercent: 101 }, /from 0 to 100/],
    ];
    for (const [body, message] of cases) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(message);
    }
    // 10,000 lines are refused before they are read: the body is over the API's size limit.
    const huge = await put({ lines: Array.from({ length: 10_000 }, () => DECK) });
    expect(huge.status).toBe(413);
    expect(await QuoteModel.findById(quote.id).lean()).toEqual(before);
  });

  it('sends the quote with its PDF, shows it to the link and no one else, and records the first view', async () => {
    const hostile = { ...DECK, description: '<img src=x onerror=alert(1)> Deck & "rails"' };
    const { quote, token, mail, email } = await sent([hostile, STAIN, LIGHTS]);
    expect(mail?.Subject).toBe(`Your quote ${quote.number} from Home Services`);
    const parsed = await parsedMail(mail ?? { ID: '' });
    const pdf = parsed.attachments.find((file) => file.contentType === 'application/pdf');
    expect(pdf?.filename).toBe(`${quote.number}-r1.pdf`);
    const text = await pdfText(pdf?.content ?? Buffer.alloc(0));
    expect(text).toContain(quote.number);
    expect(text).toContain('<img src=x onerror=alert(1)> Deck & "rails"');
    expect(parsed.html).not.toContain('<img src=x');
    expect(parsed.to).toBeDefined();
    expect(email).toContain('@example.test');

    // A stranger's guesses: no token, a tampered token, another quote's token. Same 404, no change.
    const other = await sent();
    const snapshot = await snapshotData(product.api.context);
    for (const attempt of [
      await request(app()).get(`/api/quotes/${quote.id}`),
      await read(quote.id, `${token.slice(0, -2)}xx`),
      await read(quote.id, other.token),
      await accept(quote.id, other.token),
      await request(app()).post(`/api/quotes/${quote.id}/decline`).send({ token: other.token }),
      await request(app()).get(`/api/quotes/${quote.id}/pdf`).query({ token: 'x' }),
    ]) {
      expect([400, 404]).toContain(attempt.status);
    }
    expect(dataChanges(snapshot, await snapshotData(product.api.context))).toEqual([]);
    // A draft has no customer link at all.
    const unsent = await draft();
    const links = product.api.context.quoteLinks;
    expect((await read(unsent.quote.id, links.token(unsent.quote.id))).status).toBe(404);

    const opened = await read(quote.id, token);
    expect(opened.status).toBe(200);
    const view = opened.body as CustomerQuote;
    expect(view).toMatchObject({ status: 'viewed', closedReason: null });
    expect(view.lines[0]?.description).toBe(hostile.description);
    expect(view.lines[2]).toMatchObject({ optional: true, included: false });
    const pdfAnswer = await request(app()).get(`/api/quotes/${quote.id}/pdf`).query({ token });
    expect(pdfAnswer.status).toBe(200);
    expect(pdfAnswer.headers['content-type']).toBe('application/pdf');
    const history = await request(app()).get(`/api/admin/quotes/${quote.id}`).set(bearer());
    expect((history.body.quote as AdminQuote).history.map((entry) => entry.event)).toEqual([
      'sent',
      'viewed',
    ]);
  });

  it('computes the totals of the ticked options on the server and never takes a client total', async () => {
    const { quote, token } = await sent();
    const totals = await request(app())
      .post(`/api/quotes/${quote.id}/totals`)
      .send({ token, optionalItems: [3], totalCents: 1 });
    expect(totals.status).toBe(200);
    expect(totals.body).toEqual(
      expect.objectContaining({
        totalCents: 1_169_200,
        depositCents: 292_300,
        balanceCents: 876_900,
      }),
    );
    const notOptional = await request(app())
      .post(`/api/quotes/${quote.id}/totals`)
      .send({ token, optionalItems: [0] });
    expect(notOptional.status).toBe(400);
    expect(notOptional.body.error).toBe(QuoteWords.unknownOptional);
  });

  it('accepts once of two accepts at once, takes one deposit, then invoices it and tells everyone', async () => {
    const { quote, token, email } = await sent();
    const [first, second] = await Promise.all([
      accept(quote.id, token, [3], 'Maya Singh'),
      accept(quote.id, token, [3], 'Maya Singh'),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const won = first.status === 200 ? first : second;
    const lost = first.status === 200 ? second : first;
    expect(lost.body.error).toBe(QuoteWords.alreadyAccepted);
    expect(won.body.quote).toMatchObject({ status: 'accepted', acceptedBy: 'Maya Singh' });
    expect(won.body.quote.totals.totalCents).toBe(1_169_200);
    const checkoutUrl = won.body.checkoutUrl as string;
    expect(checkoutUrl).toContain('/api/payments/test-checkout/');
    expect(await TestCheckoutModel.countDocuments({ bookingId: `quote_${quote.id}_deposit` })).toBe(
      1,
    );
    // The deposit's page again (the customer came back): the same page, not a second payment.
    const again = await request(app()).post(`/api/quotes/${quote.id}/deposit`).send({ token });
    expect(again.body.checkoutUrl).toBe(checkoutUrl);

    const stored = await QuoteModel.findById(quote.id).lean();
    expect(stored?.acceptance).toMatchObject({ name: 'Maya Singh', optionalItems: [3] });
    expect(stored?.acceptance?.ip).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
    await notice(`Quote ${quote.number} accepted`);

    const path = new URL(checkoutUrl).pathname;
    const paid = await request(app()).post(path).type('form').send({ choice: 'pay' });
    expect(paid.status).toBe(303);
    const converted = await eventually(async () => {
      const answer = await read(quote.id, token);
      expect(answer.body.status).toBe('converted');
      return answer.body as CustomerQuote;
    });
    expect(converted.depositPaid).toBe(true);
    const invoice = await InvoiceModel.findOne({ source: `quote:${quote.id}:deposit` }).lean();
    expect(invoice?.number).toMatch(DOCUMENT_NUMBER_PATTERN);
    expect(invoice?.totalCents).toBe(292_300);
    expect((invoice?.subtotalCents ?? 0) + (invoice?.hstCents ?? 0)).toBe(292_300);
    const mails = await waitForMail(email, { count: 2 });
    const depositMail = mails.find((mail) => mail.Subject.includes('deposit'));
    expect(depositMail).toBeDefined();
    const attached = (await parsedMail(depositMail ?? { ID: '' })).attachments[0];
    expect(attached?.filename).toBe(`${invoice?.number ?? ''}.pdf`);
    expect(await pdfText(attached?.content ?? Buffer.alloc(0))).toContain('Deposit (25%)');
    // Accepting again, paying again: nothing changes, and it says why.
    const late = await accept(quote.id, token);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(QuoteWords.alreadyConverted);
    const pay = await request(app()).post(`/api/quotes/${quote.id}/deposit`).send({ token });
    expect(pay.status).toBe(409);
    expect(await InvoiceModel.countDocuments({ source: `quote:${quote.id}:deposit` })).toBe(1);
  });

  it('accepts a small quote with no deposit as a job at once', async () => {
    const { quote, token } = await sent([{ ...DECK, unitPriceCents: 50_000 }]);
    const answer = await accept(quote.id, token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ checkoutUrl: null, message: QuoteWords.acceptedNoDeposit });
    expect(answer.body.quote.status).toBe('converted');
  });

  it('takes a decline with its reason, tells the operators, and refuses an accept after it', async () => {
    const { quote, token } = await sent();
    const declined = await request(app())
      .post(`/api/quotes/${quote.id}/decline`)
      .send({ token, reason: 'Went with <b>another</b> builder' });
    expect(declined.status).toBe(200);
    expect(declined.body.quote.status).toBe('declined');
    await notice(`Quote ${quote.number} declined`);
    const late = await accept(quote.id, token);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(QuoteWords.alreadyDeclined);
  });

  it('makes a new revision of a sent quote; the old link says replaced and points to the new one', async () => {
    const first = await sent();
    const revised = await request(app())
      .post(`/api/admin/quotes/${first.quote.id}/revise`)
      .set(bearer());
    expect(revised.status).toBe(201);
    const next = revised.body.quote as AdminQuote;
    expect(next).toMatchObject({
      revision: 2,
      status: 'draft',
      previousId: first.quote.id,
      number: first.quote.number,
    });
    // The same revise again finds the draft being written.
    const twice = await request(app())
      .post(`/api/admin/quotes/${first.quote.id}/revise`)
      .set(bearer());
    expect(twice.body.quote.id).toBe(next.id);
    // Until the revision is sent, the customer may still answer the first one.
    expect((await read(first.quote.id, first.token)).body.status).toBe('viewed');
    const saved = await request(app())
      .put(`/api/admin/quotes/${next.id}`)
      .set(bearer())
      .send({ ...next.draft, lines: [DECK, STAIN] });
    expect(saved.status).toBe(200);
    const sentNext = await request(app()).post(`/api/admin/quotes/${next.id}/send`).set(bearer());
    expect(sentNext.status).toBe(200);
    const old = await read(first.quote.id, first.token);
    expect(old.body).toMatchObject({ status: 'replaced', closedReason: QuoteWords.replaced });
    expect(old.body.replacedByUrl).toContain(`/quotes/${next.id}?token=`);
    const late = await accept(first.quote.id, first.token);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(QuoteWords.replaced);
    // The estimate's acknowledgement, revision 1, and revision 2.
    const mails = await waitForMail(first.email, { count: 3 });
    expect(mails.map((mail) => mail.Subject)).toContain(
      `Your quote ${first.quote.number} from Home Services (revision 2)`,
    );
    // A sent revision is frozen: only a new revision changes it.
    const edit = await request(app())
      .put(`/api/admin/quotes/${next.id}`)
      .set(bearer())
      .send(next.draft);
    expect(edit.status).toBe(409);
  });

  it('expires a quote past its validity: its page says so and nothing can accept it', async () => {
    const { quote, token } = await sent();
    // The validity's timer is queued for the end of the date; run it as if that day had passed.
    const timer = await product.api.context.jobs
      .queue('bookings')
      .getJob(`quote-expiry-${quote.id}`);
    expect(await timer?.getState()).toBe('delayed');
    await timer?.promote();
    const expired = await eventually(async () => {
      const answer = await read(quote.id, token);
      expect(answer.body.status).toBe('expired');
      return answer.body as CustomerQuote;
    });
    expect(expired.closedReason).toBe(QuoteWords.expired);
    expect(expired.newQuoteUrl).toMatch(/\/contact$/);
    const late = await accept(quote.id, token);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(QuoteWords.expired);
  });

  it('books the job’s visits, bills the balance when the last is done, reminds it, and receipts its payment', async () => {
    const { quote, token, email } = await sent();
    const early = await request(app())
      .post(`/api/admin/quotes/${quote.id}/visits`)
      .set(bearer())
      .send({ date: todayInToronto(), time: 'morning' });
    // Not a job until the deposit is paid.
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(QuoteWords.notAJob);
    const accepted = await accept(quote.id, token);
    const paid = await request(app())
      .post(new URL(accepted.body.checkoutUrl as string).pathname)
      .type('form')
      .send({ choice: 'pay' });
    expect(paid.status).toBe(303);
    await eventually(async () =>
      expect((await read(quote.id, token)).body.status).toBe('converted'),
    );

    // Two visits: today when the business is open (an operator books any window of the day),
    // else the next working day, put on today as a visit made before the day was closed.
    const today = todayInToronto();
    const day = workingDay(today);
    const visits: string[] = [];
    for (const time of ['morning', 'afternoon']) {
      const booked = await request(app())
        .post(`/api/admin/quotes/${quote.id}/visits`)
        .set(bearer())
        .send({ date: day, time });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      const job = (booked.body.quote as AdminQuote).job;
      const visit = job?.visits.find((each) => each.time === time && !visits.includes(each.id));
      expect(visit).toMatchObject({ date: day, time, statusLabel: 'Booked' });
      visits.push(visit?.id ?? '');
      if (day !== today) await visitMadeOnClosedDay(visit?.id ?? '', today);
    }
    const past = await request(app())
      .post(`/api/admin/quotes/${quote.id}/visits`)
      .set(bearer())
      .send({ date: addDays(today, -1), time: 'morning' });
    expect(past.status).toBe(400);
    // Each visit is told with its calendar file.
    const told = await waitForMail(email, { count: 5 });
    const visitMails = told.filter((mail) => mail.Subject.startsWith('Your work visit is booked'));
    expect(visitMails).toHaveLength(2);
    const invite = (await parsedMail(visitMails[0] ?? { ID: '' })).attachments.find((file) =>
      file.contentType.startsWith('text/calendar'),
    );
    expect(invite).toBeDefined();
    // The customer's page lists them.
    expect(((await read(quote.id, token)).body as CustomerQuote).job?.visits).toHaveLength(2);

    const done = (id: string) =>
      request(app()).patch(`/api/admin/bookings/${id}`).set(bearer()).send({ status: 'done' });
    expect((await done(visits[0] ?? '')).status).toBe(200);
    // One visit of two done: nothing billed yet.
    const firstDone = await eventually(async () => {
      const stored = await QuoteModel.findById(quote.id).lean();
      expect(stored?.status).toBe('converted');
      return stored;
    });
    expect(firstDone?.balanceInvoiceId).toBeNull();
    expect((await done(visits[1] ?? '')).status).toBe(200);
    const due = await eventually(async () => {
      const answer = await read(quote.id, token);
      expect(answer.body.status).toBe('balance_due');
      expect(answer.body.job.balanceInvoice).not.toBeNull();
      return answer.body as CustomerQuote;
    });
    const balanceInvoice = await InvoiceModel.findById(due.job?.balanceInvoice?.id).lean();
    expect(balanceInvoice).toMatchObject({
      kind: 'invoice',
      totalCents: 817_500,
      payment: { method: 'due' },
    });
    const balanceMail = await eventually(async () => {
      const mails = await waitForMail(email, { count: 6 });
      const found = mails.find((mail) => mail.Subject.startsWith('The work is done'));
      expect(found).toBeDefined();
      return found;
    });
    expect((await parsedMail(balanceMail ?? { ID: '' })).attachments[0]?.filename).toBe(
      `${balanceInvoice?.number ?? ''}.pdf`,
    );
    const queue = product.api.context.jobs.queue('booking-emails');
    for (const days of [7, 14]) {
      const reminder = await queue.getJob(`quote-balance-reminder-${quote.id}-${String(days)}`);
      expect(await reminder?.getState()).toBe('delayed');
    }

    const page = await request(app()).post(`/api/quotes/${quote.id}/balance`).send({ token });
    expect(page.status).toBe(200);
    const balancePaid = await request(app())
      .post(new URL(page.body.checkoutUrl as string).pathname)
      .type('form')
      .send({ choice: 'pay' });
    expect(balancePaid.status).toBe(303);
    const completed = await eventually(async () => {
      const answer = await read(quote.id, token);
      expect(answer.body.status).toBe('completed');
      expect(answer.body.job.receipt).not.toBeNull();
      return answer.body as CustomerQuote;
    });
    const receipt = await InvoiceModel.findById(completed.job?.receipt?.id).lean();
    expect(receipt?.number).toMatch(/^HS-R-\d{4}-\d{6}$/);
    expect(receipt).toMatchObject({
      kind: 'receipt',
      totalCents: 817_500,
      payment: { method: 'card' },
    });
    // Paid: the reminders are called off, and the receipt arrives.
    for (const days of [7, 14]) {
      expect(
        await queue.getJob(`quote-balance-reminder-${quote.id}-${String(days)}`),
      ).toBeUndefined();
    }
    await eventually(async () => {
      const mails = await waitForMail(email, { count: 7 });
      expect(mails.map((mail) => mail.Subject)).toContain(
        `Receipt ${receipt?.number ?? ''}: quote ${quote.number} paid in full`,
      );
    });
    // The books count the sale once: the deposit and balance invoices, not the receipt.
    const books = await request(app())
      .get('/api/admin/books')
      .query({ from: addDays(today, -1), to: addDays(today, 1) })
      .set(bearer());
    expect(books.status).toBe(200);
    const numbers = (books.body.documents as { number: string }[]).map((entry) => entry.number);
    expect(numbers).toContain(balanceInvoice?.number);
    expect(numbers).not.toContain(receipt?.number);
    const again = await request(app()).post(`/api/quotes/${quote.id}/balance`).send({ token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(QuoteWords.balancePaid);
  });

  it("lists the signed-in customer's quotes with their links, and the operators' by status and text", async () => {
    const customer = await signUp(app(), 'quote-customer-Passw0rd!');
    const booked = await withFields(
      request(app())
        .post('/api/bookings')
        .set({ Authorization: `Bearer ${customer.token}` }),
      bookingFields({
        email: customer.email,
        service: 'construction-estimate',
        plan: 'custom-estimate',
      }),
    );
    const created = await request(app())
      .post('/api/admin/quotes')
      .set(bearer())
      .send({ estimateId: booked.body.booking.id });
    const id = created.body.quote.id as string;
    // A draft is the operator's alone.
    const mine = () =>
      request(app())
        .get('/api/quotes')
        .set({ Authorization: `Bearer ${customer.token}` });
    expect((await mine()).body.quotes).toEqual([]);
    await request(app())
      .put(`/api/admin/quotes/${id}`)
      .set(bearer())
      .send({ ...created.body.quote.draft, lines: [DECK] });
    await request(app()).post(`/api/admin/quotes/${id}/send`).set(bearer());
    const listed = (await mine()).body.quotes as { id: string; url: string; totalCents: number }[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id, totalCents: 850_000 });
    // Its link opens it, as the emailed one does.
    const link = new URL(listed[0]?.url ?? 'http://x');
    expect(link.pathname).toBe(`/quotes/${id}`);
    expect((await read(id, link.searchParams.get('token') ?? '')).status).toBe(200);
    const bySearch = await request(app())
      .get('/api/admin/quotes')
      .query({ q: customer.email, status: 'viewed' })
      .set(bearer());
    const found = bySearch.body.quotes as { id: string }[];
    expect(found.map((entry) => entry.id)).toEqual([id]);
    // A control character in the search box is a clear 400, not a query MongoDB refuses.
    const hidden = await request(app()).get('/api/admin/quotes?q=a%00b').set(bearer());
    expect(hidden.status).toBe(400);
    expect(hidden.body.message).toMatch(/one line/);
    const stranger = await signUp(app(), 'quote-stranger-Passw0rd!');
    expect(
      (
        await request(app())
          .get('/api/quotes')
          .set({ Authorization: `Bearer ${stranger.token}` })
      ).body.quotes,
    ).toEqual([]);
    expect(
      (
        await request(app())
          .get('/api/admin/quotes')
          .set({ Authorization: `Bearer ${customer.token}` })
      ).status,
    ).toBe(403);
  });
});
