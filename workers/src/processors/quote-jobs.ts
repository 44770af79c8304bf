import { Types } from 'mongoose';
import { readerOf } from '@hs/api/accounts/typed-text';
import type { Seller } from '@hs/api/invoices/invoice-issuer';
import { attachInvoice } from '@hs/api/invoices/invoice-mail';
import { jobs } from '@hs/api/jobs/job-definitions';
import type { OnceSender } from '@hs/api/mail/send-once';
import {
  quoteAnsweredNotice,
  quoteBalanceEmail,
  quoteBalanceReminderEmail,
  quoteDepositEmail,
  quoteReceiptEmail,
  quoteSentEmail,
  renderQuotePdfFor,
} from '@hs/api/quotes/quote-emails';
import type { QuoteService } from '@hs/api/quotes/quote-service';
import type { QuoteInvoices } from '@hs/api/quotes/quote-invoices';
import type { QuoteLifecycle } from '@hs/api/quotes/quote-lifecycle';
import type { QuoteLinks } from '@hs/api/quotes/quote-links';
import { QuoteModel, type Quote } from '@hs/api/quotes/quote-model';
import { customerQuoteView } from '@hs/api/quotes/quote-view';
import { defineProcessor, type Processor } from '../processor';

export interface QuoteJobDependencies {
  sender: OnceSender;
  siteUrl: string;
  businessInbox: string;
  seller: Seller;
  quoteLinks: QuoteLinks;
  quoteLifecycle: Pick<QuoteLifecycle, 'apply'>;
  quoteInvoices: Pick<QuoteInvoices, 'deposit' | 'balance' | 'receipt'>;
  quotes: Pick<QuoteService, 'jobOf' | 'visitDone'>;
}

/** Whether the customer's address was proved: the account the estimate came from, asked now. */
function readerOfQuote(quote: Quote) {
  return readerOf({
    email: quote.customer.email,
    userId:
      quote.userId && Types.ObjectId.isValid(quote.userId)
        ? new Types.ObjectId(quote.userId)
        : null,
  });
}

/**
 * A quote's emails and its validity timer. Each email is read from the quote as it is when sent,
 * and sent once per job (OnceSender); the customer's go only to the address the estimate named.
 */
export function quoteJobProcessors(deps: QuoteJobDependencies): Processor[] {
  const view = async (quote: Quote) =>
    customerQuoteView(quote, {
      links: deps.quoteLinks,
      siteUrl: deps.siteUrl,
      job: await deps.quotes.jobOf(quote),
    });
  return [
    defineProcessor(jobs.quoteSentEmail, async ({ quoteId }, { jobId, log }) => {
      const quote = await QuoteModel.findById(quoteId).lean<Quote>();
      // Replaced before its email went out: the newer revision's email says it all.
      if (quote?.status !== 'sent' && quote?.status !== 'viewed') {
        log.info({ quoteId, status: quote?.status }, 'quote email no longer applies; not sent');
        return;
      }
      const reader = await readerOfQuote(quote);
      const url = deps.quoteLinks.url(quoteId);
      const customer = await view(quote);
      const pdf = await renderQuotePdfFor(customer, deps.seller, reader, url);
      const message = quoteSentEmail(customer, quote.customer.email, url, pdf, reader);
      const result = await deps.sender.send(`${jobs.quoteSentEmail.name}:${jobId}`, message);
      log.info({ quoteId, result }, 'quote email handled');
    }),
    defineProcessor(jobs.quoteAnsweredNotice, async ({ quoteId, answer }, { jobId, log }) => {
      const quote = await QuoteModel.findById(quoteId).lean<Quote>();
      if (!quote) return;
      const message = quoteAnsweredNotice(
        await view(quote),
        answer,
        {
          email: quote.customer.email,
          ...(quote.acceptance ? { acceptedBy: quote.acceptance.name } : {}),
          ...(quote.declineReason ? { reason: quote.declineReason } : {}),
          consoleUrl: `${deps.siteUrl}/admin?tab=quotes&quote=${quoteId}`,
        },
        deps.businessInbox,
      );
      const result = await deps.sender.send(`${jobs.quoteAnsweredNotice.name}:${jobId}`, message);
      log.info({ quoteId, answer, result }, 'quote answer notice handled');
    }),
    // The invoice is issued here if the payment's handler has not yet: one document either way.
    defineProcessor(jobs.quoteDepositEmail, async ({ quoteId }, { jobId, log }) => {
      const invoice = await deps.quoteInvoices.deposit(quoteId);
      const quote = await QuoteModel.findById(quoteId).lean<Quote>();
      if (!invoice || !quote) {
        log.info({ quoteId }, 'no deposit invoice (yet); nothing to send');
        return;
      }
      const reader = await readerOfQuote(quote);
      const message = quoteDepositEmail(
        await view(quote),
        quote.customer.email,
        await attachInvoice(invoice, reader),
        deps.quoteLinks.url(quoteId),
        reader,
      );
      const result = await deps.sender.send(`${jobs.quoteDepositEmail.name}:${jobId}`, message);
      log.info({ quoteId, invoice: invoice.number, result }, 'deposit invoice email handled');
    }),
    defineProcessor(jobs.quoteVisitDone, async ({ quoteId }, { log }) => {
      const result = await deps.quotes.visitDone(quoteId);
      log.info({ quoteId, result }, 'job visit done handled');
    }),
    // As the deposit's: the invoice is issued here if the visit's job has not yet.
    defineProcessor(jobs.quoteBalanceEmail, async ({ quoteId }, { jobId, log }) => {
      const invoice = await deps.quoteInvoices.balance(quoteId);
      const quote = await QuoteModel.findById(quoteId).lean<Quote>();
      if (!invoice || !quote) {
        log.info({ quoteId }, 'no balance invoice (yet); nothing to send');
        return;
      }
      const reader = await readerOfQuote(quote);
      const message = quoteBalanceEmail(
        await view(quote),
        quote.customer.email,
        await attachInvoice(invoice, reader),
        deps.quoteLinks.url(quoteId),
        reader,
      );
      const result = await deps.sender.send(`${jobs.quoteBalanceEmail.name}:${jobId}`, message);
      log.info({ quoteId, invoice: invoice.number, result }, 'balance invoice email handled');
    }),
    // Called off when the balance is paid; one that runs anyway finds it paid and says nothing.
    defineProcessor(jobs.quoteBalanceReminder, async ({ quoteId, days }, { jobId, log }) => {
      const quote = await QuoteModel.findById(quoteId).lean<Quote>();
      if (quote?.status !== 'balance_due' || !quote.balanceInvoiceNumber) {
        log.info({ quoteId, status: quote?.status }, 'balance reminder no longer applies');
        return;
      }
      const reader = await readerOfQuote(quote);
      const message = quoteBalanceReminderEmail(
        await view(quote),
        quote.customer.email,
        quote.balanceInvoiceNumber,
        days,
        deps.quoteLinks.url(quoteId),
        reader,
      );
      const result = await deps.sender.send(`${jobs.quoteBalanceReminder.name}:${jobId}`, message);
      log.info({ quoteId, days, result }, 'balance reminder handled');
    }),
    defineProcessor(jobs.quoteReceiptEmail, async ({ quoteId }, { jobId, log }) => {
      const receipt = await deps.quoteInvoices.receipt(quoteId);
      const quote = await QuoteModel.findById(quoteId).lean<Quote>();
      if (!receipt || !quote) {
        log.info({ quoteId }, 'no receipt (nothing was paid online); nothing to send');
        return;
      }
      const reader = await readerOfQuote(quote);
      const message = quoteReceiptEmail(
        await view(quote),
        quote.customer.email,
        await attachInvoice(receipt, reader),
        deps.quoteLinks.url(quoteId),
        reader,
      );
      const result = await deps.sender.send(`${jobs.quoteReceiptEmail.name}:${jobId}`, message);
      log.info({ quoteId, receipt: receipt.number, result }, 'receipt email handled');
    }),
    defineProcessor(jobs.quoteExpiry, async ({ quoteId }, { log }) => {
      const expired = await deps.quoteLifecycle.apply(
        quoteId,
        'expired',
        { by: 'validity' },
        { quiet: true },
      );
      log.info({ quoteId, expired: Boolean(expired) }, 'quote validity timer handled');
    }),
  ];
}
