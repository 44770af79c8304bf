import { WriteConcern } from 'mongodb';
import mongoose from 'mongoose';
import { documentNumber } from '../domain/invoice/document-number';
import type { InvoiceView } from '../domain/invoice/invoice-schema';
import { DocumentCounterModel, InvoiceModel, type InvoiceDocument } from './invoice-model';

/** Everything of a document but its number, and what it was issued for (`source`). */
export type UnnumberedDocument = Omit<InvoiceView, 'id' | 'number' | 'issuedAt'> & {
  source: string;
  issuedAt: Date;
  userId: string | null;
};

/**
 * Issues a document with the next number of its kind and year, once per `source`.
 *
 * The counter's increment and the document's insert are one MongoDB transaction: if the insert
 * fails (a crash, a duplicate `source` from a concurrent or replayed event), the increment is
 * rolled back with it, so no number is ever skipped, and two transactions that take the same
 * number conflict and one of them is retried with the next. A source already issued returns the
 * document it has, unchanged.
 */
export class DocumentNumbers {
  /**
   * The issues of one counter by this issuer, one after the other. Correctness does not need it
   * (the transaction holds across processes); speed does: transactions racing for one counter
   * abort each other and start again, so a burst of payments would cost each one every retry.
   */
  private readonly queues = new Map<string, Promise<unknown>>();

  issue(document: UnnumberedDocument): Promise<InvoiceDocument> {
    const year = Number(document.issueDate.slice(0, 4));
    return this.oneAtATime(`${document.kind}:${String(year)}`, () =>
      issueInTransaction(document, year),
    );
  }

  private oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(key) ?? Promise.resolve();
    const turn = before.then(work, work);
    const settled = turn.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return turn;
  }
}

async function issueInTransaction(
  document: UnnumberedDocument,
  year: number,
): Promise<InvoiceDocument> {
  const session = await mongoose.startSession();
  try {
    const result: { issued: InvoiceDocument | null } = { issued: null };
    await session.withTransaction(
      async () => {
        result.issued = await InvoiceModel.findOne({ source: document.source }).session(session);
        if (result.issued) return;
        const counter = await DocumentCounterModel.findOneAndUpdate(
          { _id: `${document.kind}:${String(year)}` },
          { $inc: { sequence: 1 } },
          { upsert: true, new: true, session },
        );
        const sequence = counter.sequence;
        const [created] = await InvoiceModel.create(
          [{ ...document, year, sequence, number: documentNumber(document.kind, year, sequence) }],
          { session },
        );
        result.issued = created ?? null;
      },
      { readConcern: { level: 'snapshot' }, writeConcern: new WriteConcern('majority') },
    );
    if (result.issued === null) throw new Error(`document for ${document.source} was not issued`);
    return result.issued;
  } catch (error) {
    // Two issues of one source at once: the first committed, this one hit its unique source.
    if (isDuplicateKey(error)) {
      const existing = await InvoiceModel.findOne({ source: document.source });
      if (existing) return existing;
    }
    throw error;
  } finally {
    await session.endSession();
  }
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 11000;
}
