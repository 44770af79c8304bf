import { ObjectId, type FindCursor } from 'mongodb';
import { NewsletterDeliveryModel } from '../../../api/src/newsletter/newsletter-delivery-model';
import { SubscriberModel } from '../../../api/src/newsletter/subscriber-model';
import type { MailMessage } from '../../../api/src/platform/mailer';
import { serviceProcesses } from '../cpu-time';
import { openFloorDatabase } from './floor-database';
import { sendThroughBarePool, type BarePoolResult, type FloorMailRun } from './nodemailer-pool';

export interface Recipient {
  _id: ObjectId;
  email: string;
}

/** In flight: the product's (batch jobs at once, times their lanes). */
export interface NewsletterFloorRun extends FloorMailRun {
  batchSize: number;
  /** The newsletter to one subscriber, by the product's template and signed links. */
  compose: (recipient: Recipient) => MailMessage;
}

/** The floor's record of which worker holds which batch: the product has none of its own. */
const BATCH_CLAIMS = 'floor-batch-claims';
const CLAIMED_BY = 'floor';

/** The next `size` subscribers of the cursor (fewer at its end). */
async function nextBatch(cursor: FindCursor<Recipient>, size: number): Promise<Recipient[]> {
  const batch: Recipient[] = [];
  while (batch.length < size) {
    const recipient = await cursor.next();
    if (!recipient) break;
    batch.push(recipient);
  }
  return batch;
}

/**
 * The newsletter's floor: the confirmed subscribers read from the product's database a batch at
 * a time (one batch read ahead), one write to claim each batch, and one write per message before
 * it leaves, its delivery row as committed (the product's fields, into a collection with the
 * product's indexes, the unique (campaign, subscriber) one among them): whatever is retried, a
 * subscriber with a row is never sent the campaign again. Then the bare pool sends it. The
 * product writes each delivery row four times (fan-out, claim, committed, sent).
 */
export async function sendNewsletterFloor(run: NewsletterFloorRun): Promise<BarePoolResult> {
  const deliveriesName = NewsletterDeliveryModel.collection.collectionName;
  const database = await openFloorDatabase(run.product.env, [deliveriesName]);
  const deliveries = database.floor.collection(deliveriesName);
  const claims = database.floor.collection(BATCH_CLAIMS);
  await claims.createIndex({ campaignId: 1, batch: 1 }, { unique: true });
  const campaignId = new ObjectId();
  const cursor = database.product
    .collection<Recipient>(SubscriberModel.collection.collectionName)
    .find({ status: 'confirmed' }, { projection: { email: 1 }, sort: { _id: 1 }, limit: run.count })
    .batchSize(run.batchSize);

  const batches = new Map<number, Promise<Recipient[]>>();
  // Batches are read and claimed in order, each after the one before, as the cursor gives them.
  let previous: Promise<unknown> = Promise.resolve();
  const batchAt = (batch: number): Promise<Recipient[]> => {
    let loaded = batches.get(batch);
    if (!loaded) {
      loaded = previous.then(async () => {
        const recipients = await nextBatch(cursor, run.batchSize);
        await claims.insertOne({ campaignId, batch, claimedBy: CLAIMED_BY, claimedAt: new Date() });
        return recipients;
      });
      previous = loaded;
      batches.set(batch, loaded);
    }
    return loaded;
  };
  const recipientAt = async (index: number): Promise<Recipient> => {
    const batch = Math.floor(index / run.batchSize);
    const current = batchAt(batch);
    // Read ahead, so no message waits at a batch's edge for the next batch's read and claim (a
    // failure there shows when that batch is awaited).
    if ((batch + 1) * run.batchSize < run.count) void batchAt(batch + 1).catch(() => undefined);
    const recipient = (await current)[index % run.batchSize];
    if (!recipient) throw new Error(`fewer than ${String(index + 1)} confirmed subscribers`);
    return recipient;
  };

  try {
    return await sendThroughBarePool({
      sink: run.sink,
      poolSize: run.poolSize,
      count: run.count,
      from: run.from,
      log: run.log,
      inFlight: run.inFlight,
      processes: serviceProcesses(run.product),
      compose: async (index) => run.compose(await recipientAt(index)),
      beforeSend: async (index, message) => {
        const recipient = await recipientAt(index);
        const now = new Date();
        await deliveries.insertOne({
          campaignId,
          subscriberId: recipient._id,
          email: message.to,
          batch: Math.floor(index / run.batchSize),
          status: 'committed',
          attempts: 1,
          claimedBy: CLAIMED_BY,
          claimedAt: now,
          lastError: null,
          sentAt: null,
          createdAt: now,
          updatedAt: now,
        });
      },
    });
  } finally {
    await cursor.close();
    await database.close();
  }
}
