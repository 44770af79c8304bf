import express, { type Router } from 'express';
import { DomainError } from '../domain/domain-error';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { describedBody, pathParams } from '../http/request-schemas';
import { errorResponse, redirectResponse } from '../http/openapi/shared-responses';
import { escapeHtml } from '../mail/escape-html';
import type { TestPortal } from './test-billing-model';
import { testProviderCsp, testProviderPage } from './test-checkout-page';
import type { TestPaymentProvider } from './test-provider';

function renderPortal(portal: TestPortal): string {
  const body =
    `<div class="card"><p><strong>Monthly Visit plan</strong></p>` +
    `<p>Choose the card for the plan's payments. A payment that failed is tried again at once.</p></div>` +
    `<form method="post"><input type="hidden" name="card" value="succeeds"><button type="submit">Use test card 4242 4242 4242 4242</button></form>` +
    `<form method="post"><input type="hidden" name="card" value="declined"><button type="submit" class="secondary">Use the declined test card 4000 0000 0000 0002</button></form>` +
    `<p><a href="${escapeHtml(portal.returnUrl)}">Return to the site</a></p>`;
  return testProviderPage('Test billing', body);
}

interface TestBillingContext {
  csp: string;
  findPortal: (sessionId: string) => Promise<TestPortal>;
  provider: TestPaymentProvider;
}

const portalId = pathParams({ id: 'The billing session id.' });
const noSuchPortal = errorResponse('No such billing page, or it has expired.');

/**
 * The local test provider's stand-in for Stripe's customer portal: where a Monthly Visit plan's
 * customer puts another test card on file (a failed renewal is then tried again with it).
 */
export const testBillingEndpoints = endpointGroup<TestBillingContext>('payments', [
  endpoint({
    method: 'get',
    path: '/api/payments/test-billing/{id}',
    operationId: 'showTestBilling',
    summary: 'The test provider’s billing page (HTML)',
    description:
      'Only when payments run on the local test provider (no Stripe keys): the stand-in for ' +
      "Stripe's customer portal.",
    access: 'public',
    request: { params: portalId },
    responses: {
      '200': { description: 'The page.', content: { 'text/html': { schema: { type: 'string' } } } },
      '404': noSuchPortal,
    },
    fuzz: 'reads',
    handle: async ({ params, res }, { csp, findPortal }) => {
      const portal = await findPortal(params.id);
      res.setHeader('Content-Security-Policy', csp);
      res.setHeader('Cache-Control', 'no-store');
      res.type('html').send(renderPortal(portal));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/payments/test-billing/{id}',
    operationId: 'updateTestBillingCard',
    summary: 'Put a test card on file on the test billing page',
    access: 'public',
    request: {
      params: portalId,
      // The page's own form: read as posted, its one refusal worded for the page.
      body: describedBody({
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: {
                card: {
                  type: 'string',
                  enum: ['succeeds', 'declined'],
                  description: 'Which test card: the one that pays or the declined one.',
                },
              },
              required: ['card'],
            },
          },
        },
      }),
    },
    responses: {
      '303': redirectResponse("Back to the plan's manage page."),
      '400': errorResponse('No test card chosen.'),
      '404': noSuchPortal,
    },
    errors: ['PayloadTooLarge'],
    fuzz: 'credential',
    receive: () => [express.urlencoded({ extended: false, limit: '1kb' })],
    handle: async ({ params, req, res }, { findPortal, provider }) => {
      const portal = await findPortal(params.id);
      const card = (req.body as { card?: unknown } | undefined)?.card;
      if (card !== 'succeeds' && card !== 'declined') {
        throw new DomainError('invalid', 'Choose a test card.');
      }
      await provider.billing.cardUpdated(portal, card);
      res.redirect(303, portal.returnUrl);
    },
  }),
]);

/** Mounted on the app itself, and only when payments run on the test provider. */
export function testBillingRoutes(
  provider: TestPaymentProvider,
  siteUrl: string,
  guards: Guards,
): Router {
  const csp = testProviderCsp(siteUrl);
  const findPortal = async (sessionId: string) => {
    const portal = await provider.billing.findPortal(sessionId);
    if (!portal)
      throw new DomainError('notFound', 'This billing page does not exist or has expired.');
    return portal;
  };
  return mountEndpoints(
    express.Router(),
    testBillingEndpoints,
    { csp, findPortal, provider },
    { guards, mountedAt: '' },
  );
}
