import { EmailDeliveryModel } from '../../../api/src/mail/email-delivery-model';
import type { MailMessage } from '../../../api/src/platform/mailer';
import { serviceProcesses } from '../cpu-time';
import { openFloorDatabase } from './floor-database';
import { committedDeliveryRow } from './floor-delivery-row';
import { sendThroughBarePool, type BarePoolResult, type FloorMailRun } from './nodemailer-pool';

/** In flight: the product's, one per confirmation job it runs at once. */
export interface ConfirmationsFloorRun extends FloorMailRun {
  compose: (index: number) => MailMessage;
  /** The nth message's send-once key, as the product's worker names it. */
  keyOf: (index: number) => string;
}

/**
 * The confirmations' floor: the bare pool plus the one durable write per message that exactly
 * once needs, the message's delivery row written as committed before the message leaves (the
 * product's fields, into a collection with its unique key on the product's MongoDB): a retry
 * finds it and sends nothing. The product's send-once writes that row three times (claimed,
 * committed just before the final ".", sent), besides taking the job from its queue.
 */
export async function sendConfirmationsFloor(run: ConfirmationsFloorRun): Promise<BarePoolResult> {
  const collection = EmailDeliveryModel.collection.collectionName;
  const database = await openFloorDatabase(run.product.env, [collection]);
  const deliveries = database.floor.collection(collection);
  try {
    return await sendThroughBarePool({
      sink: run.sink,
      poolSize: run.poolSize,
      count: run.count,
      from: run.from,
      log: run.log,
      compose: run.compose,
      inFlight: run.inFlight,
      processes: serviceProcesses(run.product),
      beforeSend: async (index, message) => {
        await deliveries.insertOne(committedDeliveryRow(run.keyOf(index), message));
      },
    });
  } finally {
    await database.close();
  }
}
