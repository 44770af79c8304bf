import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../src/bookings/booking-model';
import { TEST_PAYMENT_METHODS } from '../src/domain/payment/test-cards';
import { QueueName } from '../src/jobs/job-definitions';
import { startApiAndWorkers, type ProductHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields } from '../../tests/support/booking-form';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { eventually } from '../../tests/support/poll';
import { jobsSettled } from '../../tests/support/settled-jobs';
import { testEnv } from '../../tests/support/test-env';

/**
 * A cancel and a payment that cross (issue 30, point 6): the customer pays on the provider's page
 * while the cancel lands, or presses both at once. The booking then ends refunded, and whatever
 * the order, the customer is told so: the cancellation email's words are the booking's final
 * state, not what the cancel saw.
 */

const CANCELLED = /is cancelled$/;
const REFUND = /A refund of \$149 is on its way/;
const NO_REFUND = 'No refund is due for this booking.';

describe('a cancel and a payment at the same moment', () => {
  const env = testEnv({ FORM_RATE_LIMIT_MAX: '1000' });
  let product: ProductHarness;

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
  });
  afterAll(async () => {
    await product.close();
  });

  const app = () => product.api.app;

  async function book() {
    const fields = bookingFields();
    const answer = await withFields(request(app()).post('/api/bookings'), fields);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return {
      id: answer.body.booking.id as string,
      token: answer.body.token as string,
      email: fields.email ?? '',
    };
  }

  type Booked = Awaited<ReturnType<typeof book>>;

  /** The provider's checkout page for the booking: paid there, its event comes in later. */
  async function checkoutPage(made: Booked): Promise<string> {
    const checkout = await request(app())
      .post('/api/payments/checkout')
      .send({ bookingId: made.id, amount: 14900, email: made.email, token: made.token });
    expect(checkout.status).toBe(200);
    return new URL(String(checkout.body.url)).pathname;
  }

  const cancel = (made: Booked) =>
    request(app()).post(`/api/bookings/${made.id}/cancel`).send({ token: made.token });

  const payInPage = (made: Booked) =>
    request(app()).post('/api/payments').send({
      bookingId: made.id,
      amount: 14900,
      paymentMethod: 'card',
      customerEmail: made.email,
      paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
      token: made.token,
    });

  const statusOf = async (made: Booked) => (await BookingModel.findById(made.id))?.status;

  /** The cancellation emails the customer received, oldest first. */
  async function cancellationsTo(email: string): Promise<string[]> {
    const client = mailbox();
    const found = (await client.list({ to: email }))
      .filter((mail) => CANCELLED.test(mail.Subject))
      .sort((a, b) => a.Created.localeCompare(b.Created));
    return Promise.all(found.map(async (mail) => (await client.get(mail.ID)).Text));
  }

  /** Refunded: one email says so, and nothing said after it takes it back. */
  function expectToldOfRefund(texts: string[]) {
    expect(texts.filter((text) => REFUND.test(text))).toHaveLength(1);
    expect(texts.at(-1)).toMatch(REFUND);
    expect(texts.at(-1)).not.toContain(NO_REFUND);
  }

  it('tells of the refund when the payment lands after the cancel email went', async () => {
    const made = await book();
    const page = await checkoutPage(made);
    expect((await cancel(made)).status).toBe(200);
    const [first] = await waitForMail(made.email);
    expect(first?.Text).toContain(NO_REFUND);

    const paid = await request(app()).post(page).type('form').send({ choice: 'pay' });
    expect(paid.status).toBe(303);
    await eventually(async () => expect(await statusOf(made)).toBe('refunded'));
    await jobsSettled(product.api.context.jobs);
    expectToldOfRefund(await cancellationsTo(made.email));
  });

  it('sends one email, the refund, when the payment lands before the cancel email goes', async () => {
    const made = await book();
    const page = await checkoutPage(made);
    const emails = product.api.context.jobs.queue(QueueName.BookingEmails);
    await emails.pause();
    try {
      expect((await cancel(made)).status).toBe(200);
      const paid = await request(app()).post(page).type('form').send({ choice: 'pay' });
      expect(paid.status).toBe(303);
      await eventually(async () => expect(await statusOf(made)).toBe('refunded'));
    } finally {
      await emails.resume();
    }
    await jobsSettled(product.api.context.jobs);
    const texts = await cancellationsTo(made.email);
    expect(texts).toHaveLength(1);
    expectToldOfRefund(texts);
  });

  it('tells each customer what became of their money, pressed at once', async () => {
    const all = await Promise.all([book(), book(), book()]);
    await Promise.all(all.map((made) => Promise.all([payInPage(made), cancel(made)])));
    await jobsSettled(product.api.context.jobs);
    for (const made of all) {
      const status = await statusOf(made);
      const texts = await cancellationsTo(made.email);
      if (status === 'refunded') {
        expectToldOfRefund(texts);
      } else {
        // The cancel came first and the payment was refused: nothing was taken.
        expect(status).toBe('cancelled');
        expect(texts).toHaveLength(1);
        expect(texts[0]).toContain(NO_REFUND);
      }
    }
  });
});
