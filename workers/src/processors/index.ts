import type { Processor } from '../processor';
import { authEmailProcessors, type AuthEmailDependencies } from './auth-emails';
import { bookingEmailProcessors, type BookingEmailDependencies } from './booking-emails';
import { bookingJobProcessors, type BookingJobDependencies } from './bookings';
import { invoiceEmailProcessors } from './invoice-emails';
import { contactEmailProcessors, type ContactEmailDependencies } from './contact-emails';
import { planEmailProcessors, type PlanEmailDependencies } from './plan-emails';
import { newsletterProcessors, type NewsletterDependencies } from './newsletter';
import { paymentReminderProcessor } from './payment-reminder';
import { reviewEmailProcessors, type ReviewEmailDependencies } from './review-emails';
import { quoteJobProcessors, type QuoteJobDependencies } from './quote-jobs';
import { retentionProcessors, type RetentionDependencies } from './retention';
import { sendMailProcessor } from './send-mail';

export type ProcessorDependencies = AuthEmailDependencies &
  BookingEmailDependencies &
  PlanEmailDependencies &
  BookingJobDependencies &
  ContactEmailDependencies &
  NewsletterDependencies &
  ReviewEmailDependencies &
  QuoteJobDependencies &
  RetentionDependencies;

/** Every processor of the product; the registry checks this list against the job definitions. */
export function allProcessors(deps: ProcessorDependencies): Processor[] {
  return [
    sendMailProcessor(deps.sender),
    ...authEmailProcessors(deps),
    ...bookingEmailProcessors(deps),
    ...invoiceEmailProcessors(deps),
    paymentReminderProcessor(deps),
    ...planEmailProcessors(deps),
    ...bookingJobProcessors(deps),
    ...contactEmailProcessors(deps),
    ...newsletterProcessors(deps),
    ...reviewEmailProcessors(deps),
    ...quoteJobProcessors(deps),
    ...retentionProcessors(deps),
  ];
}
