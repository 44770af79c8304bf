import { createHash, randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { addMonthsUtc } from '../domain/calendar/utc-months';
import {
  invoicePaidEvent,
  invoicePaymentFailedEvent,
  subscriptionCheckoutCompletedEvent,
  subscriptionDeletedEvent,
  subscriptionUpdatedEvent,
  type InvoiceInput,
} from './test-provider-events';
import type { SubscriptionChange } from './payment-provider';
import {
  TestPortalModel,
  TestSubscriptionModel,
  type TestPortal,
  type TestSubscription,
} from './test-billing-model';

/** Stripe's Smart Retries try a failed invoice a few times; after the last, the plan ends. */
export const TEST_BILLING_ATTEMPTS = 4;
const DAY_MS = 24 * 3600 * 1000;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const derived = (prefix: string, ...parts: string[]) =>
  `${prefix}_test_${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)}`;

export type TestCard = 'succeeds' | 'declined';

/** What a renewal or a retry did, for the command and the admin console that ran it. */
export type TestBillingOutcome =
  | 'paid'
  | 'failed'
  | 'failed, last attempt: plan ended'
  | 'paused period skipped'
  | 'ended at period end'
  | 'nothing to bill'
  | 'not found';

/**
 * The local test provider's billing: subscriptions made by its checkout page or its in-page
 * path, billed period by period when someone asks (there is no clock at a provider here), with
 * the same signed events Stripe sends. Event ids are derived from the subscription, the period
 * and the attempt, so asking twice never bills twice.
 */
export class TestBilling {
  constructor(
    private readonly emit: (event: Stripe.Event) => Promise<void>,
    private readonly siteUrl: string,
  ) {}

  /** A new subscription whose first period is paid now (checkout or the in-page card). */
  async start(
    plan: { subscriptionId: string; reference: string; amountCents: number; customerEmail: string },
    checkoutSessionId: string | null,
  ): Promise<TestSubscription> {
    const record = await TestSubscriptionModel.findOneAndUpdate(
      { subscriptionId: plan.subscriptionId },
      {
        $setOnInsert: {
          providerSubscriptionId: derived('sub', plan.subscriptionId),
          customerId: derived('cus', plan.subscriptionId),
          subscriptionId: plan.subscriptionId,
          reference: plan.reference,
          amountCents: plan.amountCents,
          startedAt: new Date(),
        },
      },
      { upsert: true, new: true },
    );
    if (checkoutSessionId) {
      await this.send(
        subscriptionCheckoutCompletedEvent({
          ...this.ids(record),
          sessionId: checkoutSessionId,
          amountCents: plan.amountCents,
          customerEmail: plan.customerEmail,
        }),
        derived('evt', checkoutSessionId, 'completed'),
      );
    }
    await this.send(
      invoicePaidEvent(this.invoice(record, 0)),
      derived('evt', record.providerSubscriptionId, '0', 'paid'),
    );
    return record;
  }

  /** The next period's invoice, now: paid with the card on file, or failed. */
  async renew(subscriptionId: string, card?: TestCard): Promise<TestBillingOutcome> {
    let record = await TestSubscriptionModel.findOne({ subscriptionId });
    if (!record || record.status === 'canceled') return 'not found';
    if (record.openInvoice) return this.retry(subscriptionId, card);
    if (card) record = await this.useCard(record, card);
    const period = record.nextPeriod;
    const periodStart = addMonthsUtc(record.startedAt, period);
    if (record.cancelAtPeriodEnd) {
      await this.end(record, 'cancellation_requested');
      return 'ended at period end';
    }
    await TestSubscriptionModel.updateOne({ _id: record._id }, { $inc: { nextPeriod: 1 } });
    if (record.pausedUntil && record.pausedUntil > periodStart) {
      await TestSubscriptionModel.updateOne({ _id: record._id }, { $set: { pausedUntil: null } });
      await this.send(
        subscriptionUpdatedEvent({ ...this.state(record, period + 1), pausedUntil: null }),
        derived('evt', record.providerSubscriptionId, String(period), 'resumed'),
      );
      return 'paused period skipped';
    }
    return this.charge(record, period, 1);
  }

  /** Tries the open invoice again (Stripe's Smart Retries), with the card on file or `card`. */
  async retry(subscriptionId: string, card?: TestCard): Promise<TestBillingOutcome> {
    let record = await TestSubscriptionModel.findOne({ subscriptionId });
    if (!record?.openInvoice || record.status === 'canceled') return 'nothing to bill';
    if (card) record = await this.useCard(record, card);
    const open = record.openInvoice;
    if (!open) return 'nothing to bill';
    return this.charge(record, open.periodIndex, open.attempt + 1);
  }

  private async charge(
    record: TestSubscription,
    period: number,
    attempt: number,
  ): Promise<TestBillingOutcome> {
    const invoice = this.invoice(record, period);
    if (record.card === 'succeeds') {
      await TestSubscriptionModel.updateOne(
        { _id: record._id },
        { $set: { openInvoice: null, status: 'active' } },
      );
      await this.send(
        invoicePaidEvent(invoice),
        derived('evt', record.providerSubscriptionId, String(period), 'paid'),
      );
      return 'paid';
    }
    const last = attempt >= TEST_BILLING_ATTEMPTS;
    await TestSubscriptionModel.updateOne(
      { _id: record._id },
      {
        $set: {
          status: 'past_due',
          openInvoice: { invoiceId: invoice.invoiceId, periodIndex: period, attempt },
        },
      },
    );
    await this.send(
      invoicePaymentFailedEvent({
        ...invoice,
        attempt,
        nextAttempt: last ? null : seconds(new Date(Date.now() + 3 * DAY_MS)),
      }),
      derived('evt', record.providerSubscriptionId, String(period), 'failed', String(attempt)),
    );
    if (!last) return 'failed';
    await this.end(record, 'payment_failed');
    return 'failed, last attempt: plan ended';
  }

  async change(providerSubscriptionId: string, change: SubscriptionChange): Promise<void> {
    const set =
      change.kind === 'cancelAtPeriodEnd'
        ? { cancelAtPeriodEnd: change.value }
        : { pausedUntil: change.kind === 'pause' ? change.resumesAt : null };
    const record = await TestSubscriptionModel.findOneAndUpdate(
      { providerSubscriptionId, status: { $ne: 'canceled' } },
      { $set: set },
      { new: true },
    );
    if (!record) throw new Error(`no such test subscription: ${providerSubscriptionId}`);
    await this.send(
      subscriptionUpdatedEvent(this.state(record, record.nextPeriod)),
      derived('evt', providerSubscriptionId, 'updated', randomBytes(8).toString('hex')),
    );
  }

  async cancel(providerSubscriptionId: string): Promise<void> {
    const record = await TestSubscriptionModel.findOne({ providerSubscriptionId });
    if (!record) throw new Error(`no such test subscription: ${providerSubscriptionId}`);
    await this.end(record, 'cancellation_requested');
  }

  private async end(
    record: TestSubscription,
    reason: 'payment_failed' | 'cancellation_requested',
  ): Promise<void> {
    await TestSubscriptionModel.updateOne({ _id: record._id }, { $set: { status: 'canceled' } });
    await this.send(
      subscriptionDeletedEvent({
        ...this.state(record, record.nextPeriod),
        cancellationReason: reason,
      }),
      derived('evt', record.providerSubscriptionId, 'deleted'),
    );
  }

  /** The test customer portal's page for `customerId`: 128 random bits open it, for an hour. */
  async portal(customerId: string, returnUrl: string): Promise<string> {
    const sessionId = `bps_test_${randomBytes(16).toString('hex')}`;
    await TestPortalModel.create({
      sessionId,
      customerId,
      returnUrl,
      expiresAt: new Date(Date.now() + 3600 * 1000),
    });
    return `${this.siteUrl}/api/payments/test-billing/${sessionId}`;
  }

  async findPortal(sessionId: string): Promise<TestPortal | null> {
    if (!/^bps_test_[a-f0-9]{32}$/.test(sessionId)) return null;
    return TestPortalModel.findOne({ sessionId, expiresAt: { $gt: new Date() } });
  }

  /** The customer chose a card in the portal: it is kept, and an open invoice is tried with it. */
  async cardUpdated(portal: TestPortal, card: TestCard): Promise<TestBillingOutcome> {
    const record = await TestSubscriptionModel.findOne({ customerId: portal.customerId });
    if (!record) return 'not found';
    await this.useCard(record, card);
    return record.openInvoice ? this.retry(record.subscriptionId) : 'nothing to bill';
  }

  private async useCard(record: TestSubscription, card: TestCard): Promise<TestSubscription> {
    return (
      (await TestSubscriptionModel.findOneAndUpdate(
        { _id: record._id },
        { $set: { card } },
        { new: true },
      )) ?? record
    );
  }

  private ids(record: TestSubscription) {
    return {
      subscriptionId: record.subscriptionId,
      reference: record.reference,
      providerSubscriptionId: record.providerSubscriptionId,
      customerId: record.customerId,
    };
  }

  private invoice(record: TestSubscription, period: number): InvoiceInput {
    return {
      ...this.ids(record),
      invoiceId: derived('in', record.providerSubscriptionId, String(period)),
      amountCents: record.amountCents,
      currency: 'cad',
      periodStart: seconds(addMonthsUtc(record.startedAt, period)),
      periodEnd: seconds(addMonthsUtc(record.startedAt, period + 1)),
      billingReason: period === 0 ? 'subscription_create' : 'subscription_cycle',
    };
  }

  private state(record: TestSubscription, period: number) {
    return {
      ...this.ids(record),
      status: record.status === 'canceled' ? ('canceled' as const) : ('active' as const),
      cancelAtPeriodEnd: record.cancelAtPeriodEnd,
      pausedUntil: record.pausedUntil ? seconds(record.pausedUntil) : null,
      currentPeriodStart: seconds(addMonthsUtc(record.startedAt, period - 1)),
      currentPeriodEnd: seconds(addMonthsUtc(record.startedAt, period)),
    };
  }

  private async send(event: Stripe.Event, id: string): Promise<void> {
    await this.emit({ ...event, id });
  }
}
