import type { Page } from 'playwright-core';

/**
 * A stand-in for Stripe.js, served in place of https://js.stripe.com by the browser's request
 * routing, because these machines cannot reach Stripe. It offers the few calls the payment modal
 * makes (elements().create('card'), createPaymentMethod, handleNextAction) and turns Stripe's test
 * card numbers into Stripe's test tokens, which the local fake of Stripe's API understands.
 * The card field is a plain input in the page instead of Stripe's frame.
 */
const FAKE_STRIPE_JS = String.raw`
(() => {
  const TOKENS = {
    '4242424242424242': 'pm_card_visa',
    '4000000000000002': 'pm_card_chargeDeclined',
    '4000002500003155': 'pm_card_authenticationRequired',
  };
  const seen = { keys: [], paymentMethods: [], nextActions: [] };
  window.__fakeStripe = seen;
  function Stripe(publishableKey) {
    seen.keys.push(publishableKey);
    return {
      _registerWrapper() {},
      elements() {
        return {
          create(type) {
            const input = document.createElement('input');
            input.setAttribute('aria-label', 'Card number');
            input.setAttribute('inputmode', 'numeric');
            input.dataset.fakeStripe = type;
            const handlers = [];
            input.addEventListener('input', () => {
              for (const handler of handlers) handler({ empty: input.value === '', error: undefined });
            });
            return {
              mount(target) {
                (typeof target === 'string' ? document.querySelector(target) : target).append(input);
              },
              on(name, handler) {
                if (name === 'change') handlers.push(handler);
              },
              focus() {
                input.focus();
              },
              destroy() {
                input.remove();
              },
              value: () => input.value,
            };
          },
        };
      },
      async createPaymentMethod({ type, card, billing_details }) {
        const id = TOKENS[card.value().replace(/\s/g, '')];
        seen.paymentMethods.push({ type, billing_details, id: id ?? null });
        if (!id) return { error: { type: 'validation_error', message: 'Your card number is invalid.' } };
        return { paymentMethod: { id, object: 'payment_method', type } };
      },
      async handleNextAction({ clientSecret }) {
        seen.nextActions.push(clientSecret);
        return { paymentIntent: { id: clientSecret.split('_secret_')[0], status: 'succeeded' } };
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;

/** Serves the stand-in for every Stripe.js address the page asks for. */
export async function routeFakeStripeJs(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_STRIPE_JS }),
  );
}

export interface FakeStripeJsRecord {
  keys: string[];
  paymentMethods: {
    type: string;
    billing_details: { name: string; email: string };
    id: string | null;
  }[];
  nextActions: string[];
}

export function fakeStripeJsRecord(page: Page): Promise<FakeStripeJsRecord> {
  return page.evaluate<FakeStripeJsRecord>('window.__fakeStripe');
}
