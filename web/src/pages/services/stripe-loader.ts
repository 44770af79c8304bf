import type { Stripe } from '@stripe/stripe-js';

let loaded: { key: string; stripe: Promise<Stripe> } | null = null;

/**
 * Stripe.js, fetched from js.stripe.com the first time the payment modal needs it (Stripe requires
 * that it is loaded from there, never bundled) and shared after that. The loader itself is a
 * separate chunk, so visitors who never pay by card in the page download none of it.
 */
export function loadStripeOnce(publishableKey: string): Promise<Stripe> {
  if (loaded?.key !== publishableKey) {
    const stripe = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((instance) => {
        if (!instance) throw new Error('Stripe.js is not available in this browser.');
        return instance;
      });
    loaded = { key: publishableKey, stripe };
    // A failed load (offline, blocked) may be tried again the next time the modal opens.
    stripe.catch(() => {
      if (loaded?.stripe === stripe) loaded = null;
    });
  }
  return loaded.stripe;
}
