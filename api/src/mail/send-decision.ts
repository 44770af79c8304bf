import mongoose from 'mongoose';
import type { ListCursor, SendDecision, SendDecisionView } from '../domain/admin/unconfirmed-sends';

/** Who decided: the admin's account, by id and by the email it had then. */
export interface Operator {
  id: string;
  email: string;
}

/** An operator's decision on an unconfirmed send, as its row keeps it. */
export interface SendDecisionRecord {
  decision: SendDecision;
  adminId: string;
  adminEmail: string;
  at: Date;
  /** The commit it answered: an email sent again under its own key may be unconfirmed again. */
  committedAt: Date;
}

export function decisionRecord(
  decision: SendDecision,
  operator: Operator,
  at: Date,
  committedAt: Date,
): SendDecisionRecord {
  return { decision, adminId: operator.id, adminEmail: operator.email, at, committedAt };
}

export function decisionViews(
  decisions: readonly SendDecisionRecord[] | null | undefined,
): SendDecisionView[] {
  return (decisions ?? []).map((record) => ({
    decision: record.decision,
    adminId: record.adminId,
    adminEmail: record.adminEmail,
    at: record.at.toISOString(),
  }));
}

/**
 * The rows of a list ordered by `field` then _id, both descending, within `bound` (a condition on
 * `field`) and after `cursor`: a page by key. The bound on `field` starts the index scan at the
 * cursor, however deep the page, where a skip would read every row before it.
 */
export function keyRange(
  field: string,
  bound: Record<string, unknown>,
  cursor: ListCursor | undefined,
): Record<string, unknown> {
  if (!cursor) return { [field]: bound };
  return {
    [field]: { ...bound, $lte: cursor.at },
    $or: [
      { [field]: { $lt: cursor.at } },
      { _id: { $lt: new mongoose.Types.ObjectId(cursor.id) } },
    ],
  };
}

/** A row of one kind, in the list's order: its sort key beside what the list shows of it. */
export interface ListedSend<V> {
  key: ListCursor;
  view: V;
}
