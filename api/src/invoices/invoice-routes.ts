import express, { type Response, type Router } from 'express';
import { z } from 'zod';
import { signedInUser } from '../accounts/require-auth';
import { manageTokenQuery, ownershipProof } from '../bookings/booking-owner-guard';
import { invoiceSummarySchema, invoiceViewSchema } from '../domain/invoice/invoice-schema';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { noStore } from '../http/no-store';
import { errorResponse, jsonResponse } from '../http/openapi/shared-responses';
import { pathParams } from '../http/request-schemas';
import type { Invoice } from './invoice-model';
import type { InvoiceService } from './invoice-service';
import { invoiceSummary, invoiceView } from './invoice-view';

export interface InvoiceRouteDependencies {
  invoices: InvoiceService;
  guards: Guards;
}

const invoiceId = pathParams({ id: 'The invoice or credit note id (from a list of them).' });
const bookingId = pathParams({
  id: 'The booking id (from the booking answer or the manage link).',
});
const invoiceList = z.object({ invoices: z.array(invoiceSummarySchema) });
const notOwned = errorResponse(
  'No such invoice, or no proof of owning it: the same answer either way.',
);
const pdfAnswer = {
  description: 'The document as a PDF, to keep.',
  content: {
    'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } },
  },
} as const;

/** A document's PDF as a download named by its number; never cached by anyone in between. */
export function sendInvoicePdf(res: Response, invoice: Invoice, pdf: Buffer): void {
  res
    .status(200)
    .set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${invoice.number}.pdf"`,
      'Cache-Control': 'private, no-store',
    })
    .send(pdf);
}

/**
 * A customer's invoices and credit notes: the account's list, a booking's list from its manage
 * link, one document and its PDF. Every one proves ownership as a booking's routes do.
 */
export const invoiceEndpoints = endpointGroup<InvoiceRouteDependencies>('bookings', [
  endpoint({
    method: 'get',
    path: '/api/invoices',
    operationId: 'listMyInvoices',
    summary: "The signed-in customer's invoices and credit notes, newest first",
    access: 'user',
    responses: { '200': jsonResponse('Their invoices and credit notes.', invoiceList) },
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ req, res }, { invoices }) => {
      const user = signedInUser(req.user);
      const list = await invoices.listForUser(user.id as string);
      res.json({ invoices: list.map(invoiceSummary) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/bookings/{id}/invoices',
    operationId: 'listBookingInvoices',
    summary: "A booking's invoices and credit notes (its plan's, for a plan's visit)",
    access: 'bookingOwner',
    request: { params: bookingId, query: manageTokenQuery },
    responses: {
      '200': jsonResponse('The booking’s documents, oldest first.', invoiceList),
      '404': errorResponse(
        'No such booking, or no proof of owning it: the same answer either way.',
      ),
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ params, query, req, res }, { invoices }) => {
      const list = await invoices.listForBooking(params.id, ownershipProof(req, query.token));
      res.json({ invoices: list.map(invoiceSummary) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/invoices/{id}',
    operationId: 'getInvoice',
    summary: 'One invoice or credit note, as its owner reads it',
    access: 'bookingOwner',
    request: { params: invoiceId, query: manageTokenQuery },
    responses: { '200': jsonResponse('The document.', invoiceViewSchema), '404': notOwned },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'reads',
    before: () => [noStore],
    handle: async ({ params, query, req, res }, { invoices }) => {
      const invoice = await invoices.findOwned(params.id, ownershipProof(req, query.token));
      res.json(invoiceView(invoice));
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/invoices/{id}/pdf',
    operationId: 'getInvoicePdf',
    summary: 'One invoice or credit note as a PDF, for its owner',
    access: 'bookingOwner',
    request: { params: invoiceId, query: manageTokenQuery },
    responses: { '200': pdfAnswer, '404': notOwned },
    errors: ['BadRequest', 'NotFound', 'ServiceUnavailable'],
    fuzz: 'reads',
    handle: async ({ params, query, req, res }, { invoices }) => {
      const invoice = await invoices.findOwned(params.id, ownershipProof(req, query.token));
      sendInvoicePdf(res, invoice, await invoices.pdf(invoice));
    },
  }),
]);

/** Any document's PDF for an operator, from the books of the console's Payments tab. */
export const adminInvoicePdfEndpoints = endpointGroup<InvoiceRouteDependencies>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/invoices/{id}/pdf',
    operationId: 'adminGetInvoicePdf',
    summary: 'Any invoice or credit note as a PDF, for an operator',
    access: 'admin',
    request: { params: invoiceId },
    responses: { '200': pdfAnswer, '404': errorResponse('No such invoice.') },
    errors: ['BadRequest', 'NotFound', 'ServiceUnavailable'],
    fuzz: 'reads',
    handle: async ({ params, res }, { invoices }) => {
      const invoice = await invoices.find(params.id);
      sendInvoicePdf(res, invoice, await invoices.pdf(invoice));
    },
  }),
]);

export function invoiceRoutes(deps: InvoiceRouteDependencies): Router {
  // One router per group: a group's router passes on every path outside its own segments.
  const router = express.Router();
  for (const group of [invoiceEndpoints, adminInvoicePdfEndpoints]) {
    router.use(mountEndpoints(express.Router(), group, deps, { guards: deps.guards }));
  }
  return router;
}
