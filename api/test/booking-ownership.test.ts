import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { SlotModel } from '../src/bookings/slot-model';
import { BookingMessages } from '../src/domain/booking/booking-schema';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import { PaymentMessages } from '../src/domain/payment/payment-messages';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { signUp, type TestAccount } from '../../tests/support/accounts';
import {
  bookingFields,
  nextOpenWindow,
  testPhone,
  withFields,
  type BookingFields,
  workingDay,
} from '../../tests/support/booking-form';
import { waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { testEmail, testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';

interface Made {
  id: string;
  reference: string;
  token: string;
  fields: BookingFields;
}

/**
 * Booking ownership, as an attacker would try it: a booking's id and reference open nothing; only
 * the token its creating page received (or the manage link's), or its owner's login, do.
 */
describe('a booking belongs to whoever made it', () => {
  let product: ProductHarness;
  let api: ApiHarness;
  let stranger: TestAccount;
  let owner: TestAccount;

  beforeAll(async () => {
    product = await startApiAndWorkers(
      testEnv({ FORM_RATE_LIMIT_MAX: '10000', AUTH_RATE_LIMIT_MAX: '1000' }),
    );
    api = product.api;
    stranger = await signUp(api.app, PASSWORD);
    owner = await signUp(api.app, PASSWORD);
  });
  afterAll(async () => {
    await product.close();
  });

  async function book(
    overrides: BookingFields = {},
    options: { bearer?: string; key?: string } = {},
  ): Promise<Made & { response: Response }> {
    const fields = bookingFields(overrides);
    let call = request(api.app).post('/api/bookings');
    if (options.bearer) call = call.set('Authorization', `Bearer ${options.bearer}`);
    if (options.key) call = call.set('Idempotency-Key', options.key);
    const response = await withFields(call, fields);
    return {
      id: response.body.booking?.id as string,
      reference: response.body.booking?.reference as string,
      token: response.body.token as string,
      fields,
      response,
    };
  }

  /** Every way in to booking `victim` that a stranger might try, with the stranger's answers. */
  async function strangerAttempts(victim: Made, strangerToken: string, bearer?: string) {
    const { id } = victim;
    const pay = { bookingId: id, amount: 14900, email: stranger.email };
    const auth = (call: request.Test) =>
      bearer ? call.set('Authorization', `Bearer ${bearer}`) : call;
    const tokens: (string | undefined)[] = [undefined, strangerToken, victim.reference, ''];
    const answers: [string, Response][] = [];
    for (const token of tokens) {
      const withToken = token === undefined ? {} : { token };
      const query = token === undefined ? '' : `?token=${encodeURIComponent(token)}`;
      const label = `token ${JSON.stringify(token)}`;
      answers.push(
        [`GET ${label}`, await auth(request(api.app).get(`/api/bookings/${id}${query}`))],
        [
          `cancel ${label}`,
          await auth(request(api.app).post(`/api/bookings/${id}/cancel`)).send(withToken),
        ],
        [
          `reschedule ${label}`,
          await auth(request(api.app).post(`/api/bookings/${id}/reschedule`)).send({
            date: workingDay(addDays(todayInToronto(), 200)),
            time: 'evening',
            ...withToken,
          }),
        ],
        [
          `checkout ${label}`,
          await auth(request(api.app).post('/api/payments/checkout')).send({
            ...pay,
            ...withToken,
          }),
        ],
        [
          `legacy checkout ${label}`,
          await auth(request(api.app).post('/api-docs/api/payments')).send({
            ...pay,
            ...withToken,
          }),
        ],
        [
          `in-page payment ${label}`,
          await auth(request(api.app).post('/api/payments')).send({
            bookingId: id,
            amount: 14900,
            paymentMethod: 'card',
            customerEmail: stranger.email,
            paymentMethodId: 'pm_card_visa',
            ...withToken,
          }),
        ],
      );
    }
    return answers;
  }

  function expectRefusedWithNothingOf(victim: Made, answers: [string, Response][]) {
    const secrets = [
      victim.fields.name,
      victim.fields.email,
      victim.fields.phone,
      victim.fields.address,
      victim.reference,
      'pending_payment',
      'paid',
    ].filter((value): value is string => typeof value === 'string' && value !== '');
    for (const [label, response] of answers) {
      expect(response.status, `${label}: ${response.text}`).toBe(404);
      expect(response.body.error ?? response.body.message, label).toBe(BookingMessages.notFound);
      for (const secret of secrets) expect(response.text, label).not.toContain(secret);
    }
  }

  it('gives bookings ids of 128 random bits, never ObjectIds, and a token to the page that made them', async () => {
    const first = await book();
    const second = await book();
    for (const made of [first, second]) {
      expect(made.response.status).toBe(201);
      expect(made.id).toMatch(/^[a-f0-9]{32}$/);
      expect(made.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    }
    // An ObjectId made a moment later shares its first 4 bytes (the time) with the earlier one.
    expect(first.id.slice(0, 8)).not.toBe(second.id.slice(0, 8));
    expect(first.token).not.toBe(second.token);
  });

  it('answers a stranger who knows the id and the reference with the 404 of an unknown booking, on every booking and payment route', async () => {
    const victim = await book({ name: 'Victoria Owner', address: '77 Secret Lane, Toronto' });
    expect(victim.response.status).toBe(201);
    const own = await book();

    expectRefusedWithNothingOf(victim, await strangerAttempts(victim, own.token));
    // A stranger signed in to an account of their own is still a stranger.
    expectRefusedWithNothingOf(victim, await strangerAttempts(victim, own.token, stranger.token));

    // Nothing moved: the booking waits for its owner, its place held, no checkout opened.
    const stored = await BookingModel.findById(victim.id);
    expect(stored?.status).toBe('pending_payment');
    expect(stored?.payment.checkoutSessionId).toBeNull();
    expect(stored?.date).toBe(victim.fields.date);
    // The very answer an id that was never a booking gets (but for its request id).
    const unknown = await request(api.app).get(`/api/bookings/${'0'.repeat(32)}?token=x`);
    const known = await request(api.app).get(`/api/bookings/${victim.id}?token=x`);
    const { requestId: _unknownRequest, ...unknownBody } = unknown.body as Record<string, unknown>;
    const { requestId: _knownRequest, ...knownBody } = known.body as Record<string, unknown>;
    expect(known.status).toBe(unknown.status);
    expect(knownBody).toEqual(unknownBody);
  });

  it('lets the owner in with the token from the booking answer, and a signed-in owner with their login', async () => {
    const mine = await book();
    const seen = await request(api.app).get(`/api/bookings/${mine.id}?token=${mine.token}`);
    expect(seen.status).toBe(200);
    expect(seen.body.booking.email).toBe(mine.fields.email);

    const checkout = await request(api.app)
      .post('/api/payments/checkout')
      .send({ bookingId: mine.id, amount: 14900, email: mine.fields.email, token: mine.token });
    expect(checkout.status).toBe(200);
    // The test provider's checkout page (the stand-in for Stripe's) shows nothing of the customer.
    const page = await request(api.app).get(new URL(checkout.body.url as string).pathname);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(mine.fields.email);
    expect(page.text).not.toContain(mine.fields.name);

    const accounts = await book({}, { bearer: owner.token });
    expect(accounts.response.status).toBe(201);
    const asOwner = await request(api.app)
      .get(`/api/bookings/${accounts.id}`)
      .set('Authorization', `Bearer ${owner.token}`);
    expect(asOwner.status).toBe(200);
    const paid = await request(api.app)
      .post('/api/payments')
      .set('Authorization', `Bearer ${owner.token}`)
      .send({
        bookingId: accounts.id,
        amount: 14900,
        paymentMethod: 'card',
        customerEmail: accounts.fields.email,
        paymentMethodId: 'pm_card_visa',
      });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('succeeded');
    // Another account's login opens nothing of it.
    const asStranger = await request(api.app)
      .get(`/api/bookings/${accounts.id}`)
      .set('Authorization', `Bearer ${stranger.token}`);
    expect(asStranger.status).toBe(404);
  });

  describe('Idempotency-Key is bound to its sender', () => {
    it('gives the booking back only to the same form from the same sender', async () => {
      const key = `key-${testEmail('k').replace(/\W/g, '')}`;
      const first = await book({}, { key });
      expect(first.response.status).toBe(201);

      // The same request again (a double click, a retry): the same booking and token.
      const again = await withFields(
        request(api.app).post('/api/bookings').set('Idempotency-Key', key),
        first.fields,
      );
      expect(again.status).toBe(200);
      expect(again.body.booking.id).toBe(first.id);
      expect(again.body.token).toBe(first.token);

      // Someone else's form under the same key: refused, and nothing of the first booking shown.
      const other = await book({}, { key });
      expect(other.response.status).toBe(409);
      expect(other.response.body.error).toBe(BookingMessages.idempotencyKeyReused);
      expect(other.response.text).not.toContain(first.id);
      expect(other.response.text).not.toContain(first.reference);

      // The very same form, sent by someone signed in (not the anonymous sender it came from).
      const signedIn = await withFields(
        request(api.app)
          .post('/api/bookings')
          .set('Idempotency-Key', key)
          .set('Authorization', `Bearer ${stranger.token}`),
        first.fields,
      );
      expect(signedIn.status).toBe(409);
      expect(signedIn.text).not.toContain(first.id);
      expect(await BookingModel.countDocuments({ email: first.fields.email })).toBe(1);
      expect(await BookingModel.countDocuments({ email: other.fields.email })).toBe(0);
    });

    it("does not give a signed-in owner's booking to an anonymous sender of the same form", async () => {
      const key = `key-${testEmail('k').replace(/\W/g, '')}`;
      const first = await book({}, { key, bearer: owner.token });
      expect(first.response.status).toBe(201);
      const anonymous = await withFields(
        request(api.app).post('/api/bookings').set('Idempotency-Key', key),
        first.fields,
      );
      expect(anonymous.status).toBe(409);
      const theOwner = await withFields(
        request(api.app)
          .post('/api/bookings')
          .set('Idempotency-Key', key)
          .set('Authorization', `Bearer ${owner.token}`),
        first.fields,
      );
      expect(theOwner.status).toBe(200);
      expect(theOwner.body.booking.id).toBe(first.id);
    });
  });

  describe('the 24-hour refund rule', () => {
    async function paidVisit(date: string, time = 'evening'): Promise<Made> {
      const made = await book({ date, time });
      expect(made.response.status).toBe(201);
      const paid = await request(api.app).post('/api/payments').send({
        bookingId: made.id,
        amount: 14900,
        paymentMethod: 'card',
        customerEmail: made.fields.email,
        paymentMethodId: 'pm_card_visa',
        token: made.token,
      });
      expect(paid.status).toBe(200);
      await eventually(async () => {
        expect((await BookingModel.findById(made.id))?.status).toBe('paid');
      });
      return made;
    }

    const manage = (made: Made) =>
      request(api.app).get(`/api/bookings/${made.id}?token=${made.token}`);

    it('is judged on the visit as first paid for: moving a visit due within 24 hours a month out, then cancelling, refunds nothing', async () => {
      // The soonest window still open to book always starts less than 24 hours from now.
      const next = nextOpenWindow();
      const soon = await paidVisit(next.date, next.time);
      const before = await manage(soon);
      expect(before.body.booking.refundOnCancel).toBe(false);
      const deadline = before.body.booking.refundUntil as string;
      expect(new Date(deadline).getTime()).toBeLessThan(Date.now());

      const moved = await request(api.app)
        .post(`/api/bookings/${soon.id}/reschedule`)
        .send({
          token: soon.token,
          date: workingDay(addDays(todayInToronto(), 30)),
          time: 'morning',
        });
      expect(moved.status).toBe(200);
      // The manage page says so before the customer confirms a cancel.
      expect(moved.body.booking.refundOnCancel).toBe(false);
      expect(moved.body.booking.refundUntil).toBe(deadline);
      expect((await manage(soon)).body.booking.refundOnCancel).toBe(false);

      const cancelled = await request(api.app)
        .post(`/api/bookings/${soon.id}/cancel`)
        .send({ token: soon.token });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.message).toBe(BookingMessages.cancelled);
      const stored = await BookingModel.findById(soon.id);
      expect(stored?.status).toBe('cancelled');
      expect(stored?.payment.refundRequestedAt).toBeNull();
      const [notice] = await waitForMail(soon.fields.email ?? '', { count: 3 }).then((mails) =>
        mails.filter((mail) => mail.Subject.toLowerCase().includes('cancel')),
      );
      expect(notice?.Text).toContain('No refund');
    });

    it('still refunds a visit booked and moved well ahead', async () => {
      const later = await paidVisit(workingDay(addDays(todayInToronto(), 40)));
      const moved = await request(api.app)
        .post(`/api/bookings/${later.id}/reschedule`)
        .send({
          token: later.token,
          date: workingDay(addDays(todayInToronto(), 50)),
          time: 'morning',
        });
      expect(moved.body.booking.refundOnCancel).toBe(true);
      const cancelled = await request(api.app)
        .post(`/api/bookings/${later.id}/cancel`)
        .send({ token: later.token });
      expect(cancelled.body.message).toBe(BookingMessages.cancelledWithRefund);
      await eventually(async () => {
        expect((await BookingModel.findById(later.id))?.status).toBe('refunded');
      });
    });
  });

  describe('unpaid holds are bounded', () => {
    const placesTaken = async (date: string) =>
      (await SlotModel.findOne({ date, time: 'morning' }).lean())?.holders.length ?? 0;

    it('lets one email address or one phone hold two unpaid places at once, and says so clearly', async () => {
      const email = testEmail('holder');
      const phone = testPhone();
      expect((await book({ email })).response.status).toBe(201);
      expect((await book({ phone })).response.status).toBe(201);
      const second = await book({ email, phone: testPhone() });
      expect(second.response.status).toBe(201);

      const date = workingDay(addDays(todayInToronto(), 77));
      const byEmail = await book({ email, date });
      expect(byEmail.response.status).toBe(409);
      expect(byEmail.response.body.error).toBe(BookingMessages.tooManyUnpaid('2'));
      const byPhone = await book({ phone, date });
      expect(byPhone.response.status).toBe(201);
      const phoneThird = await book({ phone: ` (416) ${phone.slice(4)}`, date });
      expect(phoneThird.response.status).toBe(409);
      // The refused ones took no place and left no booking.
      expect(await placesTaken(date)).toBe(1);
      expect(await BookingModel.countDocuments({ email })).toBe(2);

      // An estimate holds no place, so it is not counted; and a paid booking no longer waits.
      expect((await book({ email, plan: 'Custom Estimate' })).response.status).toBe(201);
      const paid = await request(api.app).post('/api/payments').send({
        bookingId: second.id,
        amount: 14900,
        paymentMethod: 'card',
        customerEmail: email,
        paymentMethodId: 'pm_card_visa',
        token: second.token,
      });
      expect(paid.status).toBe(200);
      await eventually(async () => {
        expect((await BookingModel.findById(second.id))?.status).toBe('paid');
      });
      expect((await book({ email, date })).response.status).toBe(201);
    });

    it('gives a hold one limit that opening checkout again cannot pass', async () => {
      const made = await book();
      const stored = await BookingModel.findById(made.id);
      const limit = stored?.holdLimit?.getTime() ?? 0;
      // PAYMENT_HOLD_LIMIT_SECONDS, 90 minutes by default, from the moment of booking.
      const sinceBooking = limit - (stored?.createdAt.getTime() ?? 0);
      expect(Math.abs(sinceBooking - 90 * 60_000)).toBeLessThan(1_000);
      const checkout = () =>
        request(api.app)
          .post('/api/payments/checkout')
          .send({ bookingId: made.id, amount: 14900, email: made.fields.email, token: made.token });

      // As if 50 minutes had passed and the first checkout page had run out: a new page may
      // still stay open its 30 minutes, but the hold ends at the limit, not past it.
      const now = Date.now();
      await BookingModel.updateOne(
        { _id: made.id },
        { $set: { holdLimit: new Date(now + 40 * 60_000), holdUntil: new Date(now) } },
      );
      expect((await checkout()).status).toBe(200);
      const extended = await BookingModel.findById(made.id);
      expect(extended?.holdUntil?.getTime()).toBeLessThanOrEqual(now + 40 * 60_000);
      expect(extended?.holdUntil?.getTime()).toBeGreaterThan(now + 30 * 60_000);

      // Later still: too little time is left for another page, so none is opened.
      await BookingModel.updateOne(
        { _id: made.id },
        {
          $set: {
            holdLimit: new Date(now + 20 * 60_000),
            holdUntil: new Date(now + 20 * 60_000),
            'payment.checkoutExpiresAt': new Date(now),
          },
        },
      );
      const late = await checkout();
      expect(late.status).toBe(409);
      expect(late.body.error).toBe(PaymentMessages.holdEnded);
      expect((await BookingModel.findById(made.id))?.holdUntil?.getTime()).toBe(now + 20 * 60_000);
    });
  });

  it("never mails a stranger's text in the estimate acknowledgement", async () => {
    const email = testEmail('estimate');
    const name = 'Visit evil.example.com to claim 500 dollars';
    const address = 'Call 1-900-555-0100 or log in at http://evil.example/login';
    const made = await book({ email, name, address, plan: 'Custom Estimate', service: 'Painting' });
    expect(made.response.status).toBe(201);
    const [ack] = await waitForMail(email);
    for (const body of [ack?.Text ?? '', ack?.HTML ?? '', ack?.Subject ?? '']) {
      expect(body).not.toContain('evil');
      expect(body).not.toContain('1-900');
      expect(body).not.toContain('claim');
    }
    expect(ack?.Text).toContain('Custom Estimate request for Painting');
  });
});
