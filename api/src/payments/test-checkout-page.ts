import express, { type Router } from 'express';
import { formatCad } from '../domain/booking/catalogue';
import { DomainError } from '../domain/domain-error';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { describedBody, pathParams } from '../http/request-schemas';
import { errorResponse, redirectResponse } from '../http/openapi/shared-responses';
import { escapeHtml } from '../mail/escape-html';
import type { TestCheckout } from './test-checkout-model';
import type { TestPaymentProvider } from './test-provider';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:34rem;padding:0 1rem;color:#1b1f23}
.card{border:1px solid #d0d7de;border-radius:10px;padding:1.25rem 1.5rem;margin:1rem 0}
button{font:inherit;padding:.7rem 1.1rem;border-radius:8px;border:1px solid #0b6e4f;background:#0b6e4f;color:#fff;cursor:pointer;width:100%;margin:.35rem 0}
button.secondary{background:#fff;color:#8a1c1c;border-color:#8a1c1c}button:focus-visible,a:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
.muted{color:#57606a}.notice{background:#fdecea;border-left:4px solid #8a1c1c;padding:.6rem .9rem}a{color:#0b5cad}`;

/** A page of the local test provider (checkout, billing): its title, what it says, its forms. */
export function testProviderPage(title: string, content: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${title}</title><style>${STYLE}</style></head><body><main><h1>${title}</h1>` +
    `<p class="muted">Payments on this site run in test mode: no card is charged and no card number is asked for.</p>` +
    `${content}</main></body></html>`
  );
}

/** The test provider's pages load nothing and post only to the site. */
export function testProviderCsp(siteUrl: string): string {
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(siteUrl).origin}; frame-ancestors 'none'`;
}

function renderPage(session: TestCheckout, declined: boolean): string {
  const body =
    (declined
      ? `<p class="notice" role="alert">The test card 4000 0000 0000 0002 was declined. Try the other card.</p>`
      : '') +
    `<div class="card"><p><strong>${escapeHtml(session.description)}</strong><br>Booking ${escapeHtml(session.reference)}</p>` +
    `<p>Total: <strong>${escapeHtml(formatCad(session.amountCents))} CAD${session.mode === 'subscription' ? ' a month' : ''}</strong></p>` +
    // Nothing of the customer's own: the page's address is a capability, and addresses leak.
    `<p class="muted">The receipt goes to the email address of the booking.</p></div>` +
    `<form method="post"><input type="hidden" name="choice" value="pay"><button type="submit">Pay with test card 4242 4242 4242 4242</button></form>` +
    `<form method="post"><input type="hidden" name="choice" value="decline"><button type="submit" class="secondary">Try the declined test card 4000 0000 0000 0002</button></form>` +
    `<p><a href="${escapeHtml(session.cancelUrl)}">Cancel and return to the site</a></p>`;
  return testProviderPage('Test checkout', body);
}

/** What both routes of the page share: the provider and the page's policy. */
interface TestCheckoutContext {
  csp: string;
  findOpen: (sessionId: string) => Promise<TestCheckout>;
  provider: TestPaymentProvider;
}

const checkoutId = pathParams({ id: 'The checkout session id.' });
const noSuchCheckout = errorResponse('No such checkout.');
const finished = errorResponse('The checkout has expired or is finished.');

/**
 * The local test provider's stand-in for Stripe's hosted checkout page: the customer picks the
 * card that pays or the one that is declined, and the provider reports it by a signed event.
 */
export const testCheckoutEndpoints = endpointGroup<TestCheckoutContext>('payments', [
  endpoint({
    method: 'get',
    path: '/api/payments/test-checkout/{id}',
    operationId: 'showTestCheckout',
    summary: 'The test provider’s checkout page (HTML)',
    description:
      'Only when payments run on the local test provider (no Stripe keys): the stand-in for ' +
      "Stripe's hosted checkout page.",
    access: 'public',
    request: { params: checkoutId },
    responses: {
      '200': {
        description: 'The page.',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
      '404': noSuchCheckout,
      '410': finished,
    },
    fuzz: 'reads',
    handle: async ({ params, req, res }, { csp, findOpen }) => {
      const session = await findOpen(params.id);
      res.setHeader('Content-Security-Policy', csp);
      res.setHeader('Cache-Control', 'no-store');
      res.type('html').send(renderPage(session, req.query.declined === '1'));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/payments/test-checkout/{id}',
    operationId: 'completeTestCheckout',
    summary: 'Pay or decline on the test checkout page',
    access: 'public',
    request: {
      params: checkoutId,
      // The page's own form: read as posted, its one refusal worded for the page.
      body: describedBody({
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: {
                choice: {
                  type: 'string',
                  enum: ['pay', 'decline'],
                  description: 'Which test card: the one that pays or the declined one.',
                },
              },
              required: ['choice'],
            },
          },
        },
      }),
    },
    responses: {
      '303': redirectResponse("To the site's success page, or back to the checkout page."),
      '400': errorResponse('No test card chosen.'),
      '404': noSuchCheckout,
      '410': finished,
    },
    errors: ['PayloadTooLarge'],
    fuzz: 'credential',
    receive: () => [express.urlencoded({ extended: false, limit: '1kb' })],
    handle: async ({ params, req, res }, { findOpen, provider }) => {
      const session = await findOpen(params.id);
      const choice = (req.body as { choice?: unknown } | undefined)?.choice;
      if (choice !== 'pay' && choice !== 'decline') {
        throw new DomainError('invalid', 'Choose a test card.');
      }
      const next = await provider.completeCheckout(session, choice);
      res.redirect(303, choice === 'decline' ? `${next}?declined=1` : next);
    },
  }),
]);

/** Mounted on the app itself, and only when payments run on the test provider. */
export function testCheckoutRoutes(
  provider: TestPaymentProvider,
  siteUrl: string,
  guards: Guards,
): Router {
  const csp = testProviderCsp(siteUrl);

  const findOpen = async (sessionId: string) => {
    const session = await provider.findCheckout(sessionId);
    if (!session) throw new DomainError('notFound', 'This checkout page does not exist.');
    if (session.status !== 'open' || session.expiresAt.getTime() < Date.now()) {
      throw new DomainError(
        'gone',
        'This checkout page has expired. Please start the payment again.',
      );
    }
    return session;
  };

  return mountEndpoints(
    express.Router(),
    testCheckoutEndpoints,
    { csp, findOpen, provider },
    { guards, mountedAt: '' },
  );
}
