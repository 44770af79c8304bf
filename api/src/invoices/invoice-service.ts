import { Readable } from 'node:stream';
import type { BookingService, OwnershipProof } from '../bookings/booking-service';
import type { ManageLinks } from '../bookings/manage-link';
import { DomainError } from '../domain/domain-error';
import { InvoiceWords } from '../domain/invoice/invoice-schema';
import type { Logger } from '../platform/logger';
import type { Storage } from '../platform/storage';
import { InvoiceModel, type Invoice } from './invoice-model';
import { renderInvoicePdf } from './invoice-pdf';
import { invoiceView } from './invoice-view';

/** Longest list an owner is answered with: years of monthly renewals fit. */
const OWNER_LIST_LIMIT = 500;

const notFound = () => new DomainError('invoice.not_found', InvoiceWords.notFound);

/** An id of ours: 24 hex digits (invoice-model.ts). Anything else is unknown without a lookup. */
const INVOICE_ID = /^[0-9a-f]{24}$/;

export interface InvoiceServiceDeps {
  bookings: Pick<BookingService, 'findOwned'>;
  links: ManageLinks;
  storage: Storage;
  logger: Logger;
}

/**
 * Issued documents as their owners and the operators read them. Owner proof is the booking's:
 * the account the document was issued to, or the manage link's token of its booking or plan;
 * anyone else gets the 404 of an unknown invoice, whatever id or number they hold.
 */
export class InvoiceService {
  constructor(private readonly deps: InvoiceServiceDeps) {}

  /** The account's documents, newest first. */
  listForUser(userId: string): Promise<Invoice[]> {
    return InvoiceModel.find({ userId })
      .sort({ issuedAt: -1 })
      .limit(OWNER_LIST_LIMIT)
      .lean<Invoice[]>();
  }

  /** A booking's documents (and its plan's, for a plan's visit), oldest first, for its owner. */
  async listForBooking(bookingId: string, proof: OwnershipProof): Promise<Invoice[]> {
    const booking = await this.deps.bookings.findOwned(bookingId, proof);
    const planId = booking.subscriptionId;
    const filter = planId
      ? { subscriptionId: planId }
      : { bookingId: booking.id as string, subscriptionId: null };
    return InvoiceModel.find(filter)
      .sort({ issuedAt: 1 })
      .limit(OWNER_LIST_LIMIT)
      .lean<Invoice[]>();
  }

  /** One document, for its owner. */
  async findOwned(invoiceId: string, proof: OwnershipProof): Promise<Invoice> {
    if (!INVOICE_ID.test(invoiceId)) throw notFound();
    const invoice = await InvoiceModel.findById(invoiceId).lean<Invoice>();
    if (!invoice || !this.owns(invoice, proof)) throw notFound();
    return invoice;
  }

  /** One document for an operator. */
  async find(invoiceId: string): Promise<Invoice> {
    if (!INVOICE_ID.test(invoiceId)) throw notFound();
    const invoice = await InvoiceModel.findById(invoiceId).lean<Invoice>();
    if (!invoice) throw notFound();
    return invoice;
  }

  /**
   * The document's PDF: the stored one (private, in S3), or rendered and stored the first time
   * it is asked for. The document never changes, so neither does its PDF.
   */
  async pdf(invoice: Invoice): Promise<Buffer> {
    const { storage, logger } = this.deps;
    if (invoice.pdfKey) {
      try {
        return await bufferOf(await storage.get(invoice.pdfKey));
      } catch (error) {
        logger.warn(
          { err: error, invoiceId: invoice._id },
          'stored invoice PDF unreadable; redrawn',
        );
      }
    }
    const pdf = await renderInvoicePdf(invoiceView(invoice));
    const key = `invoices/${String(invoice.year)}/${invoice.number}.pdf`;
    try {
      await storage.put(key, pdf, 'application/pdf');
      await InvoiceModel.updateOne({ _id: invoice._id }, { $set: { pdfKey: key } });
    } catch (error) {
      // The customer still gets the document; the next download tries to store it again.
      logger.warn({ err: error, invoiceId: invoice._id }, 'could not store an invoice PDF');
    }
    return pdf;
  }

  private owns(invoice: Invoice, { token, userId }: OwnershipProof): boolean {
    if (userId !== undefined && invoice.userId === userId) return true;
    if (token === undefined) return false;
    const { links } = this.deps;
    return [invoice.bookingId, invoice.subscriptionId].some(
      (id) => typeof id === 'string' && links.verify(id, token),
    );
  }
}

async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
