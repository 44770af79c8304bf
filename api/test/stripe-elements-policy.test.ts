import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { testEnv } from '../../tests/support/test-env';

function directive(csp: string | undefined, name: string): string[] {
  const found = (csp ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
  return found?.split(/\s+/).slice(1) ?? [];
}

const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_policy',
  STRIPE_WEBHOOK_SECRET: 'whsec_policy',
};

/**
 * Stripe Elements needs Stripe.js, its frames and its API; the policy opens exactly those, and
 * only when the page can use them (Stripe with a publishable key).
 */
describe('the security policy and payment setup for Stripe Elements', () => {
  let api: ApiHarness | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('allows Stripe.js, its frames and its API when Stripe has a publishable key', async () => {
    api = await startApi(testEnv({ ...STRIPE_KEYS, STRIPE_PUBLISHABLE_KEY: 'pk_test_policy' }));
    const page = await request(api.app).get('/service/service1').set('Accept', 'text/html');
    const csp = page.headers['content-security-policy'];
    expect(directive(csp, 'script-src')).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(directive(csp, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    const setup = await request(api.app).get('/api/payments/config');
    expect(setup.body).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_policy',
      currency: 'cad',
    });
  });

  it('keeps every Stripe origin out when the page cannot use Elements', async () => {
    for (const env of [testEnv(), testEnv(STRIPE_KEYS)]) {
      api = await startApi(env);
      const page = await request(api.app).get('/service/service1').set('Accept', 'text/html');
      const csp = page.headers['content-security-policy'] ?? '';
      expect(csp).not.toContain('stripe.com');
      expect(directive(csp, 'script-src')).toEqual(["'self'"]);
      expect((await request(api.app).get('/api/payments/config')).body.publishableKey).toBeNull();
      await api.close();
      api = undefined;
    }
  });
});
