import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountLinks } from '@hs/api/accounts/account-links';
import { PasswordResetService } from '@hs/api/accounts/password-reset-service';
import { InvoiceIssuer, sellerOf } from '@hs/api/invoices/invoice-issuer';
import { allJobs, jobs, QueueName } from '@hs/api/jobs/job-definitions';
import { OnceSender } from '@hs/api/mail/send-once';
import { createLogger } from '@hs/api/platform/logger';
import { Mailer } from '@hs/api/platform/mailer';
import { ManageLinks } from '@hs/api/bookings/manage-link';
import { systemClock } from '@hs/api/platform/clock';
import { PlanMembership } from '@hs/api/subscriptions/plan-membership';
import { NewsletterLinks } from '@hs/api/newsletter/newsletter-links';
import type { PaymentProvider } from '@hs/api/payments/payment-provider';
import { defineProcessor } from '../src/processor';
import { buildRegistry, RegistryError } from '../src/processor-registry';
import { allProcessors } from '../src/processors/index';
import { QuoteLinks } from '@hs/api/quotes/quote-links';

const noop = () => Promise.resolve();
const otherJob = { queue: QueueName.Mail, name: 'mail.other', schema: z.object({}) };

describe('the processor registry', () => {
  it('accepts the product as it is: one processor for every job', () => {
    const mailer = new Mailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@example.test' });
    const registry = buildRegistry(
      allJobs,
      allProcessors({
        sender: new OnceSender(mailer, createLogger({ name: 'test', level: 'silent' })),
        passwordResets: new PasswordResetService(60),
        emailChanges: { issueToken: () => Promise.resolve(null) },
        accountLinks: new AccountLinks('a-secret-long-enough-for-the-test-0123456789', 'http://x'),
        siteUrl: 'http://x',
        links: new ManageLinks('a-secret-long-enough-for-the-test-0123456789', 'http://x'),
        membership: new PlanMembership(
          'a-secret-long-enough-for-the-test-0123456789',
          'http://x',
          systemClock,
        ),
        businessInbox: 'inbox@example.test',
        // Only constructed here, never called: the registry reads which jobs they serve.
        lifecycle: {
          holdExpired: () => Promise.resolve('kept' as const),
          refundOwed: () => Promise.resolve({ kind: 'settled' as const }),
        },
        paymentProvider: {} as PaymentProvider,
        invoices: new InvoiceIssuer({
          seller: sellerOf({
            BUSINESS_LEGAL_NAME: 'Home Services Toronto Inc.',
            BUSINESS_ADDRESS: '1 Main St, Toronto',
            HST_NUMBER: '123456789 RT0001',
          }),
          provider: { cardOf: () => Promise.resolve(null) },
          clock: systemClock,
          logger: createLogger({ name: 'test', level: 'silent' }),
        }),
        paymentEvents: { handle: () => Promise.resolve('') },
        seller: sellerOf({
          BUSINESS_LEGAL_NAME: 'Home Services Toronto Inc.',
          BUSINESS_ADDRESS: '1 Main St, Toronto',
          HST_NUMBER: '123456789 RT0001',
        }),
        quoteLinks: new QuoteLinks('a-secret-long-enough-for-the-test-0123456789', 'http://x'),
        quoteLifecycle: { apply: () => Promise.resolve(null) },
        quoteInvoices: {
          deposit: () => Promise.resolve(null),
          balance: () => Promise.resolve(null),
          receipt: () => Promise.resolve(null),
        },
        quotes: { jobOf: () => Promise.resolve(null), visitDone: () => Promise.resolve('') },
        newsletterLinks: new NewsletterLinks(
          'a-secret-long-enough-for-the-test-0123456789',
          'http://x',
        ),
        newsletter: { fanOut: () => Promise.resolve(), sendBatch: () => Promise.resolve() },
        reviews: { reviewRequest: () => Promise.resolve({ kind: 'skip' as const, why: 'test' }) },
        photoStore: { delete: noop },
        clock: systemClock,
      }),
    );
    for (const job of allJobs) expect(registry.get(job.queue)?.has(job.name)).toBe(true);
  });

  it('refuses a job that has no processor', () => {
    expect(() =>
      buildRegistry([jobs.sendMail, otherJob], [defineProcessor(jobs.sendMail, noop)]),
    ).toThrow(/job "mail.other" \(queue "mail"\) has no processor/);
  });

  it('refuses two processors for one job', () => {
    expect(() =>
      buildRegistry(
        [jobs.sendMail],
        [defineProcessor(jobs.sendMail, noop), defineProcessor(jobs.sendMail, noop)],
      ),
    ).toThrow(/"mail.send" has more than one processor/);
  });

  it('refuses a processor whose job is not defined', () => {
    expect(() =>
      buildRegistry(
        [jobs.sendMail],
        [defineProcessor(jobs.sendMail, noop), defineProcessor(otherJob, noop)],
      ),
    ).toThrow(RegistryError);
  });

  it('validates a payload against its schema before the handler sees it', async () => {
    const processor = defineProcessor(jobs.sendMail, noop);
    await expect(
      processor.handle({ to: 'not-an-email', subject: 'x', text: 'y' }, {} as never),
    ).rejects.toThrow(z.ZodError);
  });
});
