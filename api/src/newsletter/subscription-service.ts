import mongoose from 'mongoose';
import { NewsletterMessages } from '../domain/newsletter/newsletter-messages';
import { DomainError } from '../domain/domain-error';
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import { isDuplicateKeyError } from '../platform/mongo';
import type { NewsletterLinks } from './newsletter-links';
import { SubscriberModel, type Subscriber } from './subscriber-model';

/** At most one confirmation email per address in this window, however often the form is sent. */
const CONFIRMATION_WINDOW_MS = 10 * 60_000;

const invalidLink = () => new DomainError('link.invalid', NewsletterMessages.linkInvalid);

/**
 * Double opt-in (CASL): an address is only written down as pending until its owner confirms it
 * from the email; unsubscribing takes effect at once. Answers never say whether an address was
 * already on the list.
 */
export class SubscriptionService {
  constructor(private readonly deps: { jobs: JobProducer; links: NewsletterLinks }) {}

  async subscribe(email: string, source = 'footer'): Promise<void> {
    const subscriber = await this.pendingOrConfirmed(email, source);
    if (subscriber.status !== 'pending') return;
    const subscriberId = subscriber.id;
    const window = Math.floor(Date.now() / CONFIRMATION_WINDOW_MS);
    await this.deps.jobs.add(
      jobs.subscriptionConfirmation,
      { subscriberId },
      { jobId: `newsletter-confirm-${subscriberId}-${String(window)}` },
    );
  }

  /**
   * The address's status after the form: new ones and those who had left come back as pending,
   * the others stay as they are. A new address (the common case, on the hot path of every
   * sign-up) costs one round trip: the upsert creates it pending and answers its status. Only an
   * address that had left costs a second, conditional write, so a concurrent change is never
   * overwritten by a stale read. (MongoDB 4.0 here has no pipeline updates to do both in one.)
   */
  private async pendingOrConfirmed(
    email: string,
    source: string,
  ): Promise<{ id: string; status: string }> {
    const now = new Date();
    // The driver's own call: the schema's casting cost this hottest of writes a tenth of its CPU
    // and bought nothing, so the row's defaults and timestamps are written out here. Upserted,
    // the row is always there to answer.
    const upsert = async () =>
      SubscriberModel.collection.findOneAndUpdate(
        { email },
        {
          $setOnInsert: {
            email,
            status: 'pending',
            subscribedAt: now,
            source,
            confirmedAt: null,
            unsubscribedAt: null,
            createdAt: now,
            updatedAt: now,
          },
        },
        { upsert: true, returnDocument: 'after', projection: { status: 1 } },
      ) as Promise<Pick<Subscriber, 'status'> & { _id: mongoose.Types.ObjectId }>;
    let row;
    try {
      row = await upsert();
    } catch (error) {
      // Two requests for one new address: the other one created it, and this one finds it.
      if (!isDuplicateKeyError(error)) throw error;
      row = await upsert();
    }
    if (row.status === 'unsubscribed') {
      const revived = await SubscriberModel.findOneAndUpdate(
        { _id: row._id, status: 'unsubscribed' },
        { $set: { status: 'pending', subscribedAt: now, source, confirmedAt: null } },
        { new: true, projection: { status: 1 } },
      ).lean();
      // Null: something else moved it meanwhile (a confirmation, another sign-up); read as is.
      row = revived ?? (await SubscriberModel.findById(row._id, { status: 1 }).lean()) ?? row;
    }
    return { id: row._id.toHexString(), status: row.status };
  }

  async confirm(subscriberId: string, token: unknown): Promise<void> {
    if (
      !mongoose.isValidObjectId(subscriberId) ||
      !this.deps.links.verifyConfirm(subscriberId, token)
    ) {
      throw invalidLink();
    }
    const subscriber = await SubscriberModel.findById(subscriberId);
    if (!subscriber) throw invalidLink();
    // An old confirmation link does not bring back someone who has since left.
    if (subscriber.status === 'pending') {
      await SubscriberModel.updateOne(
        { _id: subscriber._id, status: 'pending' },
        { $set: { status: 'confirmed', confirmedAt: new Date() } },
      );
    } else if (subscriber.status === 'unsubscribed') {
      throw invalidLink();
    }
  }

  async unsubscribe(subscriberId: string, token: unknown): Promise<void> {
    if (
      !mongoose.isValidObjectId(subscriberId) ||
      !this.deps.links.verifyUnsubscribe(subscriberId, token)
    ) {
      throw invalidLink();
    }
    await SubscriberModel.updateOne(
      { _id: subscriberId, status: { $ne: 'unsubscribed' } },
      { $set: { status: 'unsubscribed', unsubscribedAt: new Date() } },
    );
  }
}
