import { readerOf } from '@hs/api/accounts/typed-text';
import { BookingModel } from '@hs/api/bookings/booking-model';
import { InvoiceModel } from '@hs/api/invoices/invoice-model';
import { attachInvoice, creditNoteEmail } from '@hs/api/invoices/invoice-mail';
import { jobs } from '@hs/api/jobs/job-definitions';
import { defineProcessor, type JobContext, type Processor } from '../processor';
import type { BookingEmailDependencies } from './booking-emails';

/** A refund's credit note, once per note, to the address its invoice was issued to. */
export function invoiceEmailProcessors(deps: BookingEmailDependencies): Processor[] {
  return [
    defineProcessor(jobs.creditNoteEmail, async ({ invoiceId }, { log }: JobContext) => {
      const note = await InvoiceModel.findById(invoiceId).lean();
      if (!note) {
        log.info({ invoiceId }, 'credit note gone before its email; nothing to send');
        return;
      }
      const owner = note.subscriptionId ?? note.bookingId;
      // Whether the address was proved is the booking's (or plan's) question, asked now.
      const booking = note.bookingId ? await BookingModel.findById(note.bookingId).lean() : null;
      const reader = booking ? await readerOf(booking) : 'unproven';
      const message = creditNoteEmail(
        note,
        await attachInvoice(note, reader),
        owner ? deps.links.url(owner) : null,
        reader,
      );
      const result = await deps.sender.send(`${jobs.creditNoteEmail.name}:${invoiceId}`, message);
      log.info({ invoiceId, result }, 'credit note email handled');
    }),
  ];
}
