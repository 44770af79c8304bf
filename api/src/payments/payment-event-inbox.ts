import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import { isDuplicateKeyError } from '../platform/mongo';
import { PaymentEventModel } from './payment-event-model';
import { effectOf } from './payment-events';
import type { PaymentProvider } from './payment-provider';

export interface ReceivedEvent {
  eventId: string;
  /** The event had been received before (a redelivery). */
  duplicate: boolean;
}

/**
 * Where provider events come in, from Stripe's webhook or from the local test provider alike:
 * the signature is checked, the event stored once by its id and queued with that id as the job
 * id, so a redelivered event is neither stored nor queued twice. The work is the workers'.
 */
export class PaymentEventInbox {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly jobs: JobProducer,
  ) {}

  /** Throws WebhookSignatureError for a delivery that is not from the provider. */
  async receive(rawBody: Buffer, signature: string | undefined): Promise<ReceivedEvent> {
    const event = this.provider.verifyEvent(rawBody, signature);
    let duplicate = false;
    try {
      await PaymentEventModel.create({
        eventId: event.id,
        type: event.type,
        created: event.created,
        effect: effectOf(event),
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      duplicate = true;
    }
    // Queued again on a redelivery too: if the first delivery stored the event but could not
    // queue it, this is the moment it gets queued; if it was queued, the job id makes this a no-op.
    await this.jobs.add(jobs.paymentEvent, { eventId: event.id }, { jobId: event.id });
    return { eventId: event.id, duplicate };
  }
}
