import express, { type RequestHandler, type Response, type Router } from 'express';
import { z } from 'zod';
import { signedInUser } from '../accounts/require-auth';
import {
  acceptAnswerSchema,
  acceptQuoteSchema,
  adminQuoteSchema,
  adminQuoteSummarySchema,
  createQuoteSchema,
  customerQuoteSchema,
  declineQuoteSchema,
  jobVisitRequestSchema,
  myQuoteSchema,
  quoteDraftSchema,
  QuoteWords,
  quoteTokenBodySchema,
  quoteTokenField,
  quoteTotalsSchema,
} from '../domain/quote/quote-schema';
import { plainText } from '../domain/form-fields';
import { QUOTE_STATUSES } from '../domain/quote/quote-status';
import { timeLabel } from '../domain/booking/booking-schema';
import { longDate } from '../domain/calendar/toronto-date';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { noStore } from '../http/no-store';
import { errorBodySchema, errorResponse, jsonResponse } from '../http/openapi/shared-responses';
import { jsonBody, pathParams, queryOf } from '../http/request-schemas';
import type { Seller } from '../invoices/invoice-issuer';
import type { QuoteLinks } from './quote-links';
import type { Quote } from './quote-model';
import { renderQuotePdf } from './quote-pdf';
import type { QuoteService } from './quote-service';
import { adminQuoteSummary, adminQuoteView, customerQuoteView, myQuote } from './quote-view';

export interface QuoteRouteDependencies {
  quotes: QuoteService;
  quoteLinks: QuoteLinks;
  seller: Seller;
  siteUrl: string;
  quoteLimit: RequestHandler;
  guards: Guards;
}

const quoteId = pathParams({ id: 'The quote revision’s id (from the emailed link).' });
const adminQuoteId = pathParams({ id: 'The quote revision’s id.' });
const tokenQuery = z.object({ token: quoteTokenField });
const tokenQuerySpec = queryOf(tokenQuery, { token: 'The token of the emailed quote link.' });
const linkRefused = errorResponse(
  'A wrong or tampered link, another quote’s token, or no such quote: the same answer.',
);
const notOpen = errorResponse(
  'The quote can no longer be answered (accepted, declined, expired or replaced): the message says which.',
);
const pdfAnswer = {
  description: 'The quote as a PDF.',
  content: {
    'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
  },
} as const;
const adminAnswer = z.object({ quote: adminQuoteSchema });
const adminSent = z.object({ message: z.string(), quote: adminQuoteSchema });
const listQuery = z.object({
  status: z
    .enum(QUOTE_STATUSES, { error: `status must be one of: ${QUOTE_STATUSES.join(', ')}.` })
    .optional(),
  q: plainText(
    z.string({ error: 'q must be text.' }).max(200, 'q must be at most 200 characters.'),
    'q',
    'one line',
  ).optional(),
});

async function sendPdf(res: Response, quote: Quote, deps: QuoteRouteDependencies): Promise<void> {
  const view = await customerView(quote, deps);
  const pdf = await renderQuotePdf(view, deps.seller);
  res
    .status(200)
    .set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${quote.number}-r${String(quote.revision)}.pdf"`,
      'Cache-Control': 'private, no-store',
    })
    .send(pdf);
}

async function customerView(quote: Quote, deps: QuoteRouteDependencies) {
  return customerQuoteView(quote, {
    links: deps.quoteLinks,
    siteUrl: deps.siteUrl,
    job: await deps.quotes.jobOf(quote),
  });
}

async function adminView(quote: Quote, deps: QuoteRouteDependencies) {
  return adminQuoteView(quote, {
    links: deps.quoteLinks,
    nextDraftId: await deps.quotes.nextDraftOf(quote._id),
    job: await deps.quotes.jobOf(quote),
  });
}

/** The customer's side: everything through the emailed link's token, and their own list. */
export const quoteEndpoints = endpointGroup<QuoteRouteDependencies>('quotes', [
  endpoint({
    method: 'get',
    path: '/api/quotes',
    operationId: 'listMyQuotes',
    summary: "The signed-in customer's quotes, newest first",
    access: 'user',
    responses: {
      '200': jsonResponse('Their quotes.', z.object({ quotes: z.array(myQuoteSchema) })),
    },
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ req, res }, deps) => {
      const user = signedInUser(req.user);
      const quotes = await deps.quotes.listForUser(user.id as string);
      res.json({ quotes: quotes.map((quote) => myQuote(quote, deps.quoteLinks)) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/quotes/{id}',
    operationId: 'getQuote',
    summary: 'A quote, as its customer reads it (the first opening is recorded)',
    access: 'signedLink',
    request: { params: quoteId, query: tokenQuerySpec },
    responses: { '200': jsonResponse('The quote.', customerQuoteSchema), '404': linkRefused },
    errors: ['BadRequest'],
    fuzz: 'credential',
    before: () => [noStore],
    handle: async ({ params, query, res }, deps) => {
      res.json(await customerView(await deps.quotes.view(params.id, query.token), deps));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/quotes/{id}/totals',
    operationId: 'quoteTotals',
    summary: 'The totals with the optional items the customer ticks, computed by the server',
    access: 'signedLink',
    request: {
      params: quoteId,
      body: jsonBody(
        z.object({ token: quoteTokenField, optionalItems: acceptQuoteSchema.shape.optionalItems }),
      ),
    },
    responses: { '200': jsonResponse('The totals.', quoteTotalsSchema), '404': linkRefused },
    errors: ['BadRequest'],
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ params, body, res }, deps) => {
      const totals = await deps.quotes.totals(params.id, body.token, body.optionalItems);
      res.json({
        subtotalCents: totals.subtotalCents,
        hstCents: totals.hstCents,
        totalCents: totals.totalCents,
        depositPercent: totals.depositPercent,
        depositCents: totals.depositCents,
        balanceCents: totals.balanceCents,
      });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/quotes/{id}/accept',
    operationId: 'acceptQuote',
    summary: 'Accept a quote by typing one’s name; answers the deposit’s payment page',
    description:
      'Recorded with the typed name, the time and the address it came from, with the optional ' +
      'items chosen. The totals are the server’s. With a deposit due the answer carries the ' +
      'provider’s payment page; the quote becomes a job when the provider reports the payment.',
    access: 'signedLink',
    request: { params: quoteId, body: jsonBody(acceptQuoteSchema) },
    responses: {
      '200': jsonResponse('Accepted.', acceptAnswerSchema),
      '404': linkRefused,
      '409': notOpen,
    },
    errors: ['BadRequest', 'TooManyRequests', 'ServiceUnavailable'],
    fuzz: 'credential',
    before: (deps) => [noStore, deps.quoteLimit],
    handle: async ({ params, body, req, res }, deps) => {
      const { quote, checkoutUrl } = await deps.quotes.accept(
        params.id,
        body.token,
        { name: body.name, optionalItems: body.optionalItems },
        req.ip ?? 'unknown',
      );
      res.json({
        message: checkoutUrl ? QuoteWords.acceptedPayDeposit : QuoteWords.acceptedNoDeposit,
        quote: await customerView(quote, deps),
        checkoutUrl,
      });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/quotes/{id}/deposit',
    operationId: 'payQuoteDeposit',
    summary: 'The payment page of an accepted quote’s deposit',
    access: 'signedLink',
    request: { params: quoteId, body: jsonBody(quoteTokenBodySchema) },
    responses: {
      '200': jsonResponse('Where to pay.', z.object({ checkoutUrl: z.string() })),
      '404': linkRefused,
      '409': notOpen,
    },
    errors: ['BadRequest', 'TooManyRequests', 'ServiceUnavailable'],
    fuzz: 'credential',
    before: (deps) => [noStore, deps.quoteLimit],
    handle: async ({ params, body, res }, deps) => {
      res.json({ checkoutUrl: await deps.quotes.depositPage(params.id, body.token) });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/quotes/{id}/balance',
    operationId: 'payQuoteBalance',
    summary: 'The payment page of a finished job’s balance',
    description:
      'Once the last visit of the job is done, its balance is invoiced; paying it here issues ' +
      'the receipt when the provider reports the payment.',
    access: 'signedLink',
    request: { params: quoteId, body: jsonBody(quoteTokenBodySchema) },
    responses: {
      '200': jsonResponse('Where to pay.', z.object({ checkoutUrl: z.string() })),
      '404': linkRefused,
      '409': errorResponse('No balance is due (yet), or it is paid.'),
    },
    errors: ['BadRequest', 'TooManyRequests', 'ServiceUnavailable'],
    fuzz: 'credential',
    before: (deps) => [noStore, deps.quoteLimit],
    handle: async ({ params, body, res }, deps) => {
      res.json({ checkoutUrl: await deps.quotes.balancePage(params.id, body.token) });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/quotes/{id}/decline',
    operationId: 'declineQuote',
    summary: 'Decline a quote, with an optional reason for the operators',
    access: 'signedLink',
    request: { params: quoteId, body: jsonBody(declineQuoteSchema) },
    responses: {
      '200': jsonResponse(
        'Declined.',
        z.object({ message: z.string(), quote: customerQuoteSchema }),
      ),
      '404': linkRefused,
      '409': notOpen,
    },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'credential',
    before: (deps) => [noStore, deps.quoteLimit],
    handle: async ({ params, body, res }, deps) => {
      const quote = await deps.quotes.decline(params.id, body.token, body.reason);
      res.json({ message: QuoteWords.declinedThanks, quote: await customerView(quote, deps) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/quotes/{id}/pdf',
    operationId: 'getQuotePdf',
    summary: 'A quote as a PDF, through its emailed link',
    access: 'signedLink',
    request: { params: quoteId, query: tokenQuerySpec },
    responses: { '200': pdfAnswer, '404': linkRefused },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ params, query, res }, deps) => {
      await sendPdf(res, await deps.quotes.byLink(params.id, query.token), deps);
    },
  }),
]);

/** The operators' side: the Quotes tab, the editor, sending and revisions. */
export const adminQuoteEndpoints = endpointGroup<QuoteRouteDependencies>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/quotes',
    operationId: 'adminListQuotes',
    summary: 'Quotes, newest change first, by status and text',
    access: 'admin',
    request: {
      query: queryOf(listQuery, {
        status: 'Only quotes in this status.',
        q: 'Text in the number, the customer’s name or email.',
      }),
    },
    responses: {
      '200': jsonResponse('The quotes.', z.object({ quotes: z.array(adminQuoteSummarySchema) })),
    },
    errors: ['BadRequest'],
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ query, res }, deps) => {
      const quotes = await deps.quotes.list({
        ...(query.status ? { status: query.status } : {}),
        ...(query.q ? { q: query.q } : {}),
      });
      res.json({ quotes: quotes.map(adminQuoteSummary) });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/admin/quotes',
    operationId: 'adminCreateQuote',
    summary: 'A new draft quote for an estimate request',
    access: 'admin',
    request: { body: jsonBody(createQuoteSchema) },
    responses: {
      '201': jsonResponse('The draft.', adminAnswer),
      '409': jsonResponse(
        'The estimate already has a quote (`quoteId` names it), or was cancelled.',
        errorBodySchema.extend({ quoteId: z.string().nullable().optional() }),
      ),
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'credential',
    handle: async ({ body, res }, deps) => {
      const quote = await deps.quotes.createForEstimate(body.estimateId);
      res.status(201).json({ quote: await adminView(quote, deps) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/admin/quotes/{id}',
    operationId: 'adminGetQuote',
    summary: 'A quote revision with its totals and history',
    access: 'admin',
    request: { params: adminQuoteId },
    responses: { '200': jsonResponse('The quote.', adminAnswer) },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ params, res }, deps) => {
      res.json({ quote: await adminView(await deps.quotes.find(params.id), deps) });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/admin/quotes/{id}',
    operationId: 'adminSaveQuoteDraft',
    summary: 'Save a draft (the editor’s autosave): every field, each time',
    access: 'admin',
    request: { params: adminQuoteId, body: jsonBody(quoteDraftSchema) },
    responses: {
      '200': jsonResponse('Saved, with the server’s totals.', adminAnswer),
      '409': errorResponse(QuoteWords.notDraft),
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'credential',
    handle: async ({ params, body, res }, deps) => {
      const quote = await deps.quotes.saveDraft(params.id, body);
      res.json({ quote: await adminView(quote, deps) });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/admin/quotes/{id}/send',
    operationId: 'adminSendQuote',
    summary: 'Send a draft to its customer: frozen, emailed with its PDF',
    access: 'admin',
    request: { params: adminQuoteId },
    responses: {
      '200': jsonResponse('Sent.', adminSent),
      '409': errorResponse('Not a draft, or the earlier revision was answered meanwhile.'),
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'credential',
    handle: async ({ params, req, res }, deps) => {
      const admin = signedInUser(req.user);
      const quote = await deps.quotes.send(params.id, `admin:${admin.id as string}`);
      res.json({
        message: `Quote ${quote.number} (revision ${String(quote.revision)}) was sent to ${quote.customer.email}.`,
        quote: await adminView(quote, deps),
      });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/admin/quotes/{id}/revise',
    operationId: 'adminReviseQuote',
    summary: 'A new draft revision of a sent quote (or the one already being written)',
    access: 'admin',
    request: { params: adminQuoteId },
    responses: {
      '201': jsonResponse('The draft revision.', adminAnswer),
      '409': errorResponse(QuoteWords.cannotRevise),
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'credential',
    handle: async ({ params, res }, deps) => {
      const quote = await deps.quotes.revise(params.id);
      res.status(201).json({ quote: await adminView(quote, deps) });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/admin/quotes/{id}/visits',
    operationId: 'adminBookJobVisit',
    summary: 'Book a visit of the job an accepted quote became, in a window of the board',
    description:
      'The visit takes a place in its window like any visit and the customer is emailed with a ' +
      'calendar file. Crews, moves and “done” go through the bookings’ own operator routes; ' +
      'when the last visit is done, the balance is invoiced.',
    access: 'admin',
    request: { params: adminQuoteId, body: jsonBody(jobVisitRequestSchema) },
    responses: {
      '201': jsonResponse('Booked.', adminSent),
      '409': errorResponse('The window is full, or the quote is not a job (yet).'),
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'credential',
    handle: async ({ params, body, res }, deps) => {
      const visit = await deps.quotes.bookVisit(params.id, body);
      const quote = await deps.quotes.find(params.id);
      res.status(201).json({
        message: `Visit ${visit.reference} booked for ${longDate(visit.date)}, ${timeLabel(visit.time)}.`,
        quote: await adminView(quote, deps),
      });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/admin/quotes/{id}/pdf',
    operationId: 'adminGetQuotePdf',
    summary: 'A quote revision as a PDF, drafts included',
    access: 'admin',
    request: { params: adminQuoteId },
    responses: { '200': pdfAnswer },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'reads',
    handle: async ({ params, res }, deps) => {
      await sendPdf(res, await deps.quotes.find(params.id), deps);
    },
  }),
]);

export function quoteRoutes(deps: QuoteRouteDependencies): Router {
  const router = express.Router();
  for (const group of [quoteEndpoints, adminQuoteEndpoints]) {
    router.use(mountEndpoints(express.Router(), group, deps, { guards: deps.guards }));
  }
  return router;
}
