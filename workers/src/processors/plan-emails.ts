import { BookingModel } from '@hs/api/bookings/booking-model';
import { jobs, type JobDefinition, type PayloadOf } from '@hs/api/jobs/job-definitions';
import { readerOf, type Reader } from '@hs/api/accounts/typed-text';
import type { MailMessage } from '@hs/api/platform/mailer';
import { todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import type { PlanMembership } from '@hs/api/subscriptions/plan-membership';
import {
  planChangedEmail,
  planMemberLinkEmail,
  planUnplacedNotice,
  planEndedEmail,
  planPaymentFailedEmail,
  planPeriodEmail,
} from '@hs/api/subscriptions/plan-emails';
import { visitsCalledOffByEnd } from '@hs/api/subscriptions/subscription-lifecycle';
import {
  SubscriptionModel,
  type SubscriptionDocument,
} from '@hs/api/subscriptions/subscription-model';
import { attachInvoice } from '@hs/api/invoices/invoice-mail';
import { defineProcessor, type JobContext, type Processor } from '../processor';
import type { BookingEmailDependencies } from './booking-emails';

type PlanJob = JobDefinition & { schema: { _output: { subscriptionId: string } } };

/**
 * One processor per plan email: each reads the plan and its visits as they are now, and whether
 * its reader proved the address (what it may quote of the form).
 */
function planEmail<J extends PlanJob>(
  deps: BookingEmailDependencies,
  job: J,
  compose: (
    plan: SubscriptionDocument,
    reader: Reader,
    payload: PayloadOf<J>,
  ) => Promise<MailMessage | null>,
): Processor {
  return defineProcessor(job, async (payload: PayloadOf<J>, { jobId, log }: JobContext) => {
    const { subscriptionId } = payload as { subscriptionId: string };
    const plan = await SubscriptionModel.findById(subscriptionId);
    if (!plan) {
      log.info({ subscriptionId }, 'plan gone before its email; nothing to send');
      return;
    }
    const message = await compose(plan, await readerOf(plan), payload);
    if (!message) {
      log.info({ subscriptionId, status: plan.status }, 'email no longer applies; not sent');
      return;
    }
    const result = await deps.sender.send(`${job.name}:${jobId}`, message);
    log.info({ subscriptionId, result }, 'plan email handled');
  });
}

const visitsOf = (subscriptionId: string, periodIndex: number) =>
  BookingModel.find({ subscriptionId, periodIndex }).sort({ date: 1, time: 1 });

export interface PlanEmailDependencies extends BookingEmailDependencies {
  membership: PlanMembership;
}

export function planEmailProcessors(deps: PlanEmailDependencies): Processor[] {
  return [
    defineProcessor(jobs.planMemberLinkEmail, async ({ email }, { jobId, log }) => {
      // Checked here, not by the API: its answer says nothing of who has a plan.
      if (!(await deps.membership.hasActivePlan(email))) {
        log.info('no active plan for the address; no link sent');
        return;
      }
      const result = await deps.sender.send(
        `${jobs.planMemberLinkEmail.name}:${jobId}`,
        planMemberLinkEmail(email, deps.membership.url(email)),
      );
      log.info({ result }, 'member link email handled');
    }),
    planEmail(deps, jobs.planPeriodEmail, async (plan, reader, { periodIndex, invoiceId }) => {
      const invoice = await deps.invoices.forPlanPeriod(
        plan.id as string,
        periodIndex,
        invoiceId ?? null,
      );
      return planPeriodEmail(
        plan,
        reader,
        periodIndex,
        await visitsOf(plan.id as string, periodIndex),
        deps.links.url(plan.id as string),
        invoice ? await attachInvoice(invoice, reader) : null,
      );
    }),
    planEmail(deps, jobs.planPaymentFailedEmail, async (plan, reader, { invoiceId }) => {
      const failures = plan.failedPayments.filter((entry) => entry.invoiceId === invoiceId);
      const failure = failures[0];
      // Paid meanwhile, or ended: asking for the card now would be wrong. So it is once the
      // provider has given the invoice up (a final failure), even before the plan's end is
      // applied: the two events run side by side, and the end has its own email.
      if (
        !failure ||
        plan.endedAt ||
        plan.paidPeriods.includes(failure.periodIndex) ||
        failures.some((entry) => entry.final)
      ) {
        return null;
      }
      const visits = await visitsOf(plan.id as string, failure.periodIndex);
      return planPaymentFailedEmail(plan, reader, visits, deps.links.billingUrl(plan.id as string));
    }),
    planEmail(deps, jobs.planChangedEmail, (plan, reader, { change }) =>
      Promise.resolve(
        plan.endedAt
          ? null
          : planChangedEmail(
              plan,
              reader,
              change,
              todayInToronto(),
              deps.links.url(plan.id as string),
            ),
      ),
    ),
    planEmail(deps, jobs.planUnplacedNotice, (plan, _reader, { periodIndex }) =>
      Promise.resolve(planUnplacedNotice(plan, periodIndex, deps.businessInbox)),
    ),
    planEmail(deps, jobs.planEndedEmail, async (plan, reader) =>
      plan.endedAt
        ? planEndedEmail(plan, reader, deps.siteUrl, await visitsCalledOffByEnd(plan.id as string))
        : null,
    ),
  ];
}
