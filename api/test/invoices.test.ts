import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { findService, formatCad } from '../src/domain/booking/catalogue';
import { refundCutoffFor } from '../src/bookings/lifecycle/refund-policy';
import { DOCUMENT_NUMBER_PATTERN } from '../src/domain/invoice/document-number';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
import { InvoiceIssuer, sellerOf } from '../src/invoices/invoice-issuer';
import { InvoiceModel } from '../src/invoices/invoice-model';
import { TestPaymentProvider } from '../src/payments/test-provider';
import { referenceCode } from '../src/platform/reference-code';
import { systemClock } from '../src/platform/clock';
import { createLogger } from '../src/platform/logger';
import { signUp } from '../../tests/support/accounts';
import { startApiAndWorkers, type ProductHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { mailbox, parsedMail, waitForMail } from '../../tests/support/mailbox';
import { pdfText } from '../../tests/support/pdf-text';
import { activePlan } from '../../tests/support/plans';
import { eventually } from '../../tests/support/poll';
import { testEmail, testEnv } from '../../tests/support/test-env';

/** Issue 32: one invoice per payment, numbered without gaps, its PDF mailed and kept for its owner. */

const SELLER = {
  BUSINESS_LEGAL_NAME: 'Maple Yard Services Ontario Inc.',
  BUSINESS_ADDRESS: '77 Invoice Lane, Toronto, ON M5V 1A1, Canada',
  HST_NUMBER: '987654321 RT0002',
};

/** The numbers of a list answer's documents, in its order. */
function numbersIn(body: unknown): string[] {
  const { invoices } = body as { invoices: { number: string }[] };
  return invoices.map((entry) => entry.number);
}

describe('invoices and credit notes', () => {
  const env = testEnv({ FORM_RATE_LIMIT_MAX: '1000', AUTH_RATE_LIMIT_MAX: '1000', ...SELLER });
  let product: ProductHarness;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
  });
  afterAll(async () => {
    await product.close();
  });

  const app = () => product.api.app;

  async function book(overrides: Record<string, string> = {}) {
    const fields = bookingFields(overrides);
    const answer = await withFields(request(app()).post('/api/bookings'), fields);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return {
      id: answer.body.booking.id as string,
      reference: answer.body.booking.reference as string,
      token: answer.body.token as string,
      email: fields.email ?? '',
      name: fields.name ?? '',
      serviceTitle: findService(fields.service ?? '')?.title ?? 'no service',
      company: fields.company ?? '',
      address: fields.address ?? '',
    };
  }
  type Booked = Awaited<ReturnType<typeof book>>;

  async function bookAndPay(
    overrides: Record<string, string> = { company: 'Queen Street Bistro Ltd.' },
  ) {
    const made = await book(overrides);
    const paid = await request(app()).post('/api/payments').send({
      bookingId: made.id,
      amount: 14_900,
      paymentMethod: 'card',
      customerEmail: made.email,
      paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
      token: made.token,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const invoice = await eventually(async () => {
      const found = await InvoiceModel.findOne({ bookingId: made.id, kind: 'invoice' }).lean();
      expect(found).not.toBeNull();
      return found;
    });
    if (!invoice) throw new Error('no invoice');
    return { made, invoice };
  }

  /** A document's PDF as its owner downloads it with the manage link's token. */
  const downloadPdf = (invoiceId: string, token: string) =>
    request(app())
      .get(`/api/invoices/${invoiceId}/pdf`)
      .query({ token })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          done(null, Buffer.concat(chunks));
        });
      });

  const invoicesOf = (made: Booked, token = made.token) =>
    request(app()).get(`/api/bookings/${made.id}/invoices`).query({ token });

  it('issues one invoice for a paid visit and mails it as a PDF with every field CRA asks for', async () => {
    const { made, invoice } = await bookAndPay();
    expect(invoice.number).toMatch(DOCUMENT_NUMBER_PATTERN);
    expect(invoice.number.startsWith(`HS-${invoice.issueDate.slice(0, 4)}-`)).toBe(true);
    expect([invoice.subtotalCents, invoice.hstCents, invoice.totalCents]).toEqual([
      13_186, 1_714, 14_900,
    ]);
    expect(invoice.payment).toMatchObject({ brand: 'visa', last4: '4242' });

    const confirmation = await eventually(async () => {
      const mails = await waitForMail(made.email);
      const found = mails.find((mail) => /is confirmed/.test(mail.Subject));
      expect(found).toBeDefined();
      return found;
    });
    if (!confirmation) throw new Error('no confirmation');
    const parsed = await parsedMail(confirmation);
    expect(parsed.text).toContain(`Your invoice ${invoice.number} is attached`);
    const pdf = parsed.attachments.find((file) => file.filename === `${invoice.number}.pdf`);
    expect(pdf?.contentType).toBe('application/pdf');
    const mailed = await pdfText(pdf?.content ?? Buffer.alloc(0));
    // Nobody proved the address: the mailed copy names the buyer as booked, not as typed.
    expect(mailed).toContain('As booked');
    expect(mailed).not.toContain(made.name);
    // Its owner's download (the manage link's proof) has every field.
    const download = await downloadPdf(invoice._id, made.token);
    const text = await pdfText(download.body as Buffer);
    for (const field of [
      'INVOICE',
      invoice.number,
      SELLER.BUSINESS_LEGAL_NAME,
      SELLER.BUSINESS_ADDRESS,
      `GST/HST Registration No. ${SELLER.HST_NUMBER}`,
      made.name,
      made.company,
      made.address,
      made.reference,
      made.serviceTitle,
      '$131.86',
      '$17.14',
      formatCad(14_900),
      'Visa ending 4242',
      'Paid in full',
    ]) {
      expect(text).toContain(field);
      if (![made.name, made.company, made.address].includes(field)) expect(mailed).toContain(field);
    }
  });

  it('lets only its owner list, read and download it; a stranger gets the 404 of an unknown invoice', async () => {
    const { made, invoice } = await bookAndPay();
    const other = await book();

    const listed = await invoicesOf(made);
    expect(listed.status).toBe(200);
    expect(numbersIn(listed.body)).toEqual([invoice.number]);
    const view = await request(app())
      .get(`/api/invoices/${invoice._id}`)
      .query({ token: made.token });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      number: invoice.number,
      kind: 'invoice',
      seller: { legalName: SELLER.BUSINESS_LEGAL_NAME, hstNumber: SELLER.HST_NUMBER },
      buyer: { name: made.name, email: made.email },
      totalCents: 14_900,
      hstCents: 1_714,
      terms: 'Paid in full',
    });
    const pdf = await downloadPdf(invoice._id, made.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(await pdfText(pdf.body as Buffer)).toContain(invoice.number);
    // Stored once drawn: private, in S3, named by its number.
    expect((await InvoiceModel.findById(invoice._id).lean())?.pdfKey).toContain(invoice.number);

    const stranger = await signUp(app(), 'a-long-enough-password-1');
    const refusals = [
      request(app()).get(`/api/invoices/${invoice._id}`),
      request(app()).get(`/api/invoices/${invoice._id}`).query({ token: other.token }),
      request(app())
        .get(`/api/invoices/${invoice._id}`)
        .set('Authorization', `Bearer ${stranger.token}`),
      request(app()).get(`/api/invoices/${invoice._id}/pdf`).query({ token: other.token }),
      request(app()).get(`/api/invoices/${invoice.number}`).query({ token: made.token }),
      request(app())
        .get(`/api/invoices/${'0'.repeat(24)}`)
        .query({ token: made.token }),
    ];
    for (const refused of await Promise.all(refusals)) {
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('invoice.not_found');
    }
    expect((await invoicesOf(made, other.token)).status).toBe(404);
    const theirs = await request(app())
      .get('/api/invoices')
      .set('Authorization', `Bearer ${stranger.token}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.invoices).toEqual([]);
    expect((await request(app()).get('/api/invoices')).status).toBe(401);
  });

  it("lists a signed-in customer's invoices on their account", async () => {
    const account = await signUp(app(), 'a-long-enough-password-2');
    const fields = bookingFields({ email: account.email });
    const booked = await withFields(
      request(app()).post('/api/bookings').set('Authorization', `Bearer ${account.token}`),
      fields,
    );
    expect(booked.status).toBe(201);
    const id = booked.body.booking.id as string;
    const paid = await request(app())
      .post('/api/payments')
      .set('Authorization', `Bearer ${account.token}`)
      .send({
        bookingId: id,
        amount: 14_900,
        paymentMethod: 'card',
        customerEmail: account.email,
        paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
      });
    expect(paid.status).toBe(200);
    const mine = await eventually(async () => {
      const answer = await request(app())
        .get('/api/invoices')
        .set('Authorization', `Bearer ${account.token}`);
      expect(answer.body.invoices).toHaveLength(1);
      return answer.body.invoices as { id: string; number: string }[];
    });
    const view = await request(app())
      .get(`/api/invoices/${mine[0]?.id ?? ''}`)
      .set('Authorization', `Bearer ${account.token}`);
    expect(view.status).toBe(200);
    expect(view.body.bookingId).toBe(id);
  });

  it('issues a credit note for a refund, referencing the invoice, with its HST, mailed as a PDF', async () => {
    const { made, invoice } = await bookAndPay();
    const cancelled = await request(app())
      .post(`/api/bookings/${made.id}/cancel`)
      .send({ token: made.token });
    expect(cancelled.status).toBe(200);
    const note = await eventually(async () => {
      const found = await InvoiceModel.findOne({ bookingId: made.id, kind: 'credit_note' }).lean();
      expect(found).not.toBeNull();
      return found;
    });
    if (!note) throw new Error('no credit note');
    expect(note.number).toMatch(/^HS-CN-\d{4}-\d{6}$/);
    expect(note.creditedInvoice).toEqual({ id: invoice._id, number: invoice.number });
    expect([note.subtotalCents, note.hstCents, note.totalCents]).toEqual([13_186, 1_714, 14_900]);

    const mail = await eventually(async () => {
      const found = (await mailbox().list({ to: made.email })).find((entry) =>
        entry.Subject.startsWith(`Credit note ${note.number}`),
      );
      expect(found).toBeDefined();
      return found;
    });
    if (!mail) throw new Error('no credit note email');
    const parsed = await parsedMail(mail);
    const pdf = parsed.attachments.find((file) => file.filename === `${note.number}.pdf`);
    const text = await pdfText(pdf?.content ?? Buffer.alloc(0));
    for (const field of ['CREDIT NOTE', note.number, invoice.number, '$17.14', formatCad(14_900)]) {
      expect(text).toContain(field);
    }
    const listed = await invoicesOf(made);
    expect(numbersIn(listed.body)).toEqual([invoice.number, note.number]);
  });

  it("issues the invoice of each paid Monthly Visit period, to the plan's owner", async () => {
    const plan = await activePlan(app());
    const first = await eventually(async () => {
      const found = await InvoiceModel.findOne({ subscriptionId: plan.id }).lean();
      expect(found).not.toBeNull();
      return found;
    });
    expect(first?.totalCents).toBe(24_900);
    expect(first?.hstCents).toBe(2_865);
    expect(first?.lines[0]?.description).toContain('Monthly Visit plan');
    const provider = product.api.context.paymentProvider;
    if (!(provider instanceof TestPaymentProvider)) throw new Error('expected the test provider');
    expect(await provider.billing.renew(plan.id)).toBe('paid');
    const both = await eventually(async () => {
      const found = await InvoiceModel.find({ subscriptionId: plan.id }).sort({ sequence: 1 });
      expect(found).toHaveLength(2);
      return found;
    });
    const renewal = both[1];
    const mails = await waitForMail(plan.email, { count: 2 });
    const renewed = mails.find((mail) => /renewed/.test(mail.Text));
    const attached = renewed ? (await parsedMail(renewed)).attachments : [];
    expect(attached.map((file) => file.filename)).toContain(`${renewal?.number ?? ''}.pdf`);
    const listed = await request(app())
      .get(`/api/bookings/${plan.id}/invoices`)
      .query({ token: plan.token });
    expect(listed.body.invoices).toHaveLength(2);
  });

  it('numbers invoices without gaps or repeats under 50 concurrent payments, replayed and shuffled', async () => {
    const ago = new Date(Date.now() - 60_000);
    const date = bookingFields().date ?? '';
    const ids = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const id = `${'ab'.repeat(12)}${String(index).padStart(8, '0')}`;
        await BookingModel.create({
          _id: id,
          reference: referenceCode('HS'),
          name: `Buyer ${String(index)}`,
          phone: '416 555 0199',
          email: testEmail('numbers'),
          address: '12 Rosedale Ave',
          serviceId: 'garden-maintenance',
          planId: 'one-time',
          date,
          time: 'morning',
          amountCents: 14_900,
          status: 'paid',
          refundCutoff: refundCutoffFor({ date, time: 'morning' }),
          payment: { provider: 'test', intentId: `pi_${id}`, paidAt: ago },
        });
        return id;
      }),
    );
    // Five issuers, as five workers processes would be: each takes its own turns, so they race
    // for the counter (and for one payment's invoice) as separate processes do.
    const issuers = Array.from(
      { length: 5 },
      () =>
        new InvoiceIssuer({
          seller: sellerOf(SELLER),
          provider: { cardOf: () => Promise.resolve({ brand: 'visa', last4: '4242' }) },
          clock: systemClock,
          logger: createLogger({ name: 'test', level: 'silent' }),
        }),
    );
    // Every payment's event three times over (replays, retries), in a shuffled order, at once.
    const calls = ids.flatMap((id) => [id, id, id]).sort(() => Math.random() - 0.5);
    const issued = await Promise.all(
      calls.map((id, index) => {
        const issuer = issuers[index % issuers.length];
        if (!issuer) throw new Error('no issuer');
        return issuer.forBooking(id);
      }),
    );
    const byBooking = new Map<string, string>();
    issued.forEach((invoice, index) => {
      const id = calls[index] ?? '';
      expect(invoice).not.toBeNull();
      // A replay returns the very document the first call issued.
      const seen = byBooking.get(id);
      if (seen !== undefined) expect(invoice?.number).toBe(seen);
      byBooking.set(id, invoice?.number ?? '');
    });
    expect(new Set(byBooking.values()).size).toBe(50);
    expect(await InvoiceModel.countDocuments({ bookingId: { $in: ids } })).toBe(50);

    // The whole year's sequence, with every other test's invoices in it: 1, 2, 3, ... no gap.
    const year = Number(issued[0]?.issueDate.slice(0, 4));
    const sequences = (
      await InvoiceModel.find({ kind: 'invoice', year }, { sequence: 1 })
        .sort({ sequence: 1 })
        .lean()
    ).map((entry) => entry.sequence);
    expect(sequences).toEqual(sequences.map((_, index) => index + 1));
  });
});
