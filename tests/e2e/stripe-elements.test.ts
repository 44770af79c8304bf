import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { paymentSucceededEvent, signedPayload } from '../../api/src/payments/test-provider-events';
import { cspViolations, waitForValue, watchCspViolations } from '../support/browser';
import { fakeStripeJsRecord, routeFakeStripeJs } from '../support/fake-stripe-js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { waitForMail } from '../support/mailbox';
import { eventually } from '../support/poll';
import { startSite, type SiteHarness } from '../support/site-harness';
import { testEmail } from '../support/test-env';
import { scaled } from '../support/time-scale';

const WEBHOOK_SECRET = 'whsec_elementse2e';

/**
 * The in-page card payment when Stripe is configured: the card goes into Stripe Elements, the
 * page sends only Stripe's token, and the booking is paid when Stripe's signed event arrives.
 * Stripe.js and Stripe's API are the only stand-ins, both at the network edge.
 */
describe('paying in the page through Stripe Elements', () => {
  let stripe: FakeStripe;
  let site: SiteHarness;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    site = await startSite({
      STRIPE_SECRET_KEY: 'sk_test_elements',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_elements',
    });
  }, scaled(120_000));
  afterAll(async () => {
    await site.close();
    await stripe.close();
  });

  async function paymentModal(
    service: string,
    email: string,
    daysAhead: number,
    // Each phone number may hold only two bookings waiting for payment.
    { beforeLoad, phone = '416-555-0199' }: { beforeLoad?: string; phone?: string } = {},
  ) {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await watchCspViolations(page);
    if (beforeLoad !== undefined) await page.addInitScript({ content: beforeLoad });
    await routeFakeStripeJs(page);
    await page.goto(`${site.origin}/service/service1`);
    await page.getByRole('button', { name: `Book Now for ${service}` }).click();
    await page.getByRole('button', { name: 'Choose One-time Visit' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Full Name').fill('Maya Singh');
    await form.getByLabel('Phone Number').fill(phone);
    await form.getByLabel('Email Address').fill(email);
    await form.getByLabel('Service Address').fill('12 Rosedale Ave, Toronto');
    await form.getByLabel('Postal Code').fill('M4W 1P8');
    await form.getByLabel('Preferred Date').fill(addDays(todayInToronto(), daysAhead));
    await form.getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await payment.getByRole('group', { name: 'Card details' }).getByLabel('Card number').waitFor();
    return { page, payment };
  }

  it('takes the card through Stripe, sends only its token, and confirms once Stripe says paid', async () => {
    const email = testEmail('elements');
    const { page, payment } = await paymentModal('Weed Control', email, 322);
    // The card fields are there (paymentModal waited for them), and none of them is ours.
    await payment.getByLabel('CVV').waitFor({ state: 'detached' });
    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payment.getByLabel('Name on Card').fill('Maya Singh');
    await payment.getByRole('button', { name: 'Confirm Payment' }).click();
    await page
      .getByText(`Booking confirmed for Weed Control! A confirmation has been sent to ${email}`)
      .waitFor();

    const record = await fakeStripeJsRecord(page);
    expect(record.keys).toEqual(['pk_test_elements']);
    expect(record.paymentMethods).toEqual([
      { type: 'card', billing_details: { name: 'Maya Singh', email }, id: 'pm_card_visa' },
    ]);
    const booking = await BookingModel.findOne({ email });
    const intent = stripe.requests.find(
      (entry) =>
        entry.path === '/v1/payment_intents' &&
        (entry.body.metadata as { bookingId?: string } | undefined)?.bookingId === booking?.id,
    );
    expect(intent?.body).toMatchObject({
      amount: '14900',
      currency: 'cad',
      payment_method: 'pm_card_visa',
    });
    expect(JSON.stringify(stripe.requests)).not.toContain('4242424242424242');

    // Stripe's own word makes the booking paid, as in production.
    const intentId = booking?.payment.intentId;
    expect(intentId).toMatch(/^pi_/);
    const { rawBody, signature } = signedPayload(
      paymentSucceededEvent({
        bookingId: booking?.id as string,
        reference: booking?.reference ?? '',
        intentId: intentId ?? '',
        amountCents: 14900,
        currency: 'cad',
      }),
      WEBHOOK_SECRET,
    );
    const delivered = await fetch(`${site.origin}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body: rawBody.toString('utf8'),
    });
    expect(delivered.status).toBe(200);
    await eventually(async () => {
      expect((await BookingModel.findById(booking?._id))?.status).toBe('paid');
    });
    const [mail] = await waitForMail(email);
    expect(mail?.Subject).toContain('is confirmed');
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('runs the bank’s check when Stripe asks for it', async () => {
    const email = testEmail('elements-3ds');
    const { page, payment } = await paymentModal('Snow Removal', email, 323);
    await payment.getByLabel('Card number').fill('4000 0025 0000 3155');
    await payment.getByLabel('Name on Card').fill('Maya Singh');
    await payment.getByRole('button', { name: 'Confirm Payment' }).click();
    await page.getByText(`Booking confirmed for Snow Removal!`, { exact: false }).waitFor();
    const record = await fakeStripeJsRecord(page);
    expect(record.nextActions).toHaveLength(1);
    expect(record.nextActions[0]).toMatch(/^pi_.+_secret_/);
    await page.context().close();
  });

  it('lets the customer answer the bank’s check in Stripe’s overlay above the dialog', async () => {
    const email = testEmail('elements-3ds-overlay');
    const { page, payment } = await paymentModal('Snow Removal', email, 325, {
      phone: '416-555-0177',
      // As Stripe.js does, the check is an element added to the end of the page with a high
      // z-index, answered by the customer before handleNextAction settles.
      beforeLoad: `(() => {
        let wrapped;
        Object.defineProperty(window, 'Stripe', {
          configurable: true,
          get: () => wrapped,
          set(Stripe) {
            wrapped = (key) => {
              const stripe = Stripe(key);
              const handleNextAction = stripe.handleNextAction;
              stripe.handleNextAction = (options) =>
                new Promise((resolve) => {
                  const overlay = document.createElement('div');
                  overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:#0008';
                  const button = document.createElement('button');
                  button.textContent = 'Complete authentication';
                  button.addEventListener('click', () => {
                    overlay.remove();
                    resolve(handleNextAction(options));
                  });
                  overlay.append(button);
                  document.body.append(overlay);
                });
              return stripe;
            };
            wrapped.version = Stripe.version;
          },
        });
      })();`,
    });
    await payment.getByLabel('Card number').fill('4000 0025 0000 3155');
    await payment.getByLabel('Name on Card').fill('Maya Singh');
    await payment.getByRole('button', { name: 'Confirm Payment' }).click();
    // A click the dialog covers, or that lands on something inert, never gets through.
    await page.getByRole('button', { name: 'Complete authentication' }).click({ timeout: 5_000 });
    await page.getByText(`Booking confirmed for Snow Removal!`, { exact: false }).waitFor();
    expect((await fakeStripeJsRecord(page)).nextActions).toHaveLength(1);
    await page.context().close();
  });

  it('keeps the form and says why when Stripe declines the card', async () => {
    const email = testEmail('elements-declined');
    const { page, payment } = await paymentModal('Lawn Repair', email, 324);
    await payment.getByLabel('Card number').fill('4000 0000 0000 0002');
    await payment.getByLabel('Name on Card').fill('Maya Singh');
    await payment.getByRole('button', { name: 'Confirm Payment' }).click();
    await payment.getByText('Payment failed. Please try again. Your card was declined.').waitFor();
    await waitForValue(payment.getByLabel('Name on Card'), 'Maya Singh');
    expect((await BookingModel.findOne({ email }))?.status).not.toBe('paid');
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
  });
});
