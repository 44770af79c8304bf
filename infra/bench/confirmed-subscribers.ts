import { SubscriberModel } from '../../api/src/newsletter/subscriber-model';

const INSERT_BATCH = 5_000;

/** `count` subscribers who confirmed their address, written straight to MongoDB in batches. */
export async function insertConfirmedSubscribers(
  count: number,
  emailOf: (index: number) => string,
  log: (line: string) => void,
): Promise<void> {
  const now = new Date();
  for (let start = 0; start < count; start += INSERT_BATCH) {
    const rows = Array.from({ length: Math.min(INSERT_BATCH, count - start) }, (_, offset) => ({
      email: emailOf(start + offset),
      status: 'confirmed',
      source: 'bench',
      subscribedAt: now,
      confirmedAt: now,
      createdAt: now,
      updatedAt: now,
    }));
    // Lean: rows this plain need no documents built, and 100,000 of them would take a while.
    await SubscriberModel.insertMany(rows, { lean: true });
    if ((start / INSERT_BATCH) % 4 === 3 || start + INSERT_BATCH >= count) {
      log(
        `  ${String(Math.min(start + INSERT_BATCH, count))} of ${String(count)} subscribers written`,
      );
    }
  }
}
