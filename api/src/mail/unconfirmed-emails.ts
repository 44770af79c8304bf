import mongoose from 'mongoose';
import {
  UNCONFIRMED_AFTER_MS,
  UnconfirmedSendWords as Words,
  type ListCursor,
  type SendDecisionAnswer,
  type UnconfirmedListState,
  type UnconfirmedSendView,
} from '../domain/admin/unconfirmed-sends';
import { DomainError } from '../domain/domain-error';
import { allJobs, type JobDefinition } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import { EmailDeliveryModel } from './email-delivery-model';
import {
  decisionRecord,
  decisionViews,
  keyRange,
  type ListedSend,
  type Operator,
  type SendDecisionRecord,
} from './send-decision';
import type { SendOrigin } from './send-origin';

/** A delivery row as this module reads it. */
interface EmailRow {
  _id: mongoose.Types.ObjectId;
  key: string;
  to: string;
  subject: string;
  committedAt: Date | null;
  sentAt: Date | null;
  origin?: SendOrigin | null;
  decisions?: SendDecisionRecord[];
  decidedAt?: Date | null;
  supersededBy?: string | null;
  createdAt: Date;
}

/** No answer recorded, and not superseded by a send of its own: still the one copy there is. */
const UNANSWERED = { sentAt: { $type: 'null' }, supersededBy: null };

/** The query of the list of unconfirmed emails; its index is email-delivery-model.ts's. */
export function unconfirmedEmailsQuery(now: Date, cursor?: ListCursor): Record<string, unknown> {
  const settled = new Date(now.getTime() - UNCONFIRMED_AFTER_MS);
  return { ...UNANSWERED, ...keyRange('committedAt', { $lt: settled }, cursor) };
}

/** The query of the list of emails decided on, newest decision first. */
export function decidedEmailsQuery(cursor?: ListCursor): Record<string, unknown> {
  return keyRange('decidedAt', { $type: 'date' }, cursor);
}

/**
 * The job that wrote a row, when it is on record and its payload still fits its definition:
 * what Send again runs.
 */
function jobToRerun(row: EmailRow): { job: JobDefinition; data: unknown } | null {
  const origin = row.origin;
  if (!origin) return null;
  const job: JobDefinition | undefined = allJobs.find(
    (candidate) => candidate.name === origin.name && candidate.queue === origin.queue,
  );
  const parsed = job?.schema.safeParse(origin.data);
  return job && parsed?.success ? { job, data: parsed.data } : null;
}

const lastDecision = (row: EmailRow) => row.decisions?.at(-1);

function viewOf(row: EmailRow, offered: boolean): UnconfirmedSendView {
  // A row released for its job to send again has no commit of its own until that job's.
  const committedAt = row.committedAt ?? lastDecision(row)?.committedAt ?? row.createdAt;
  return {
    id: row._id.toHexString(),
    kind: 'email',
    to: row.to,
    subject: row.subject,
    campaignId: null,
    committedAt: committedAt.toISOString(),
    canSendAgain: offered && jobToRerun(row) !== null,
    decisions: decisionViews(row.decisions),
  };
}

/**
 * Why a row takes no decision now, or null when it is unconfirmed: committed long enough ago
 * that its answer cannot be on its way any more, and neither answered nor decided since.
 */
function refusalOf(row: EmailRow, now: Date): DomainError | null {
  const last = lastDecision(row);
  const conflict = (message: string) => new DomainError('conflict', message);
  if (row.sentAt) {
    return last?.decision === 'mark-delivered'
      ? conflict(Words.alreadyDecided(last.decision, last.adminEmail))
      : conflict(Words.answered);
  }
  if (row.supersededBy || !row.committedAt) {
    return last
      ? conflict(Words.alreadyDecided(last.decision, last.adminEmail))
      : conflict(Words.notCommitted);
  }
  if (row.committedAt.getTime() > now.getTime() - UNCONFIRMED_AFTER_MS) {
    return conflict(Words.stillInFlight);
  }
  return null;
}

/**
 * The transactional emails left unconfirmed (send-once.ts), and an operator's decision on each.
 *
 * Send again runs the email's own job again, from the job recorded on its row at its commit
 * (send-origin.ts), rather than replaying a stored copy of the message: the email is written
 * from the records as they are now, so a booking cancelled since sends no confirmation, and a
 * reset link is a fresh one instead of a stored secret that may have expired. The job runs under a
 * new job id, once per decision. An email keyed by its job (`<job>:<job id>`, the usual key)
 * then goes out under a key of its own, and its row stays committed, so the first job, should
 * it still be retried, finds it taken. An email keyed by what it is about (a cancellation's news,
 * a credit note) would get its first key again: its row is released, and whichever of the two
 * jobs commits it first sends it, once.
 */
export class UnconfirmedEmails {
  constructor(private readonly deps: { jobs: JobProducer }) {}

  async page(
    state: UnconfirmedListState,
    cursor: ListCursor | undefined,
    limit: number,
  ): Promise<ListedSend<UnconfirmedSendView>[]> {
    const unconfirmed = state === 'unconfirmed';
    const rows = await EmailDeliveryModel.find(
      unconfirmed ? unconfirmedEmailsQuery(new Date(), cursor) : decidedEmailsQuery(cursor),
    )
      .sort(unconfirmed ? { committedAt: -1, _id: -1 } : { decidedAt: -1, _id: -1 })
      .limit(limit)
      .lean<EmailRow[]>();
    return rows.map((row) => ({
      key: {
        at: (unconfirmed ? row.committedAt : row.decidedAt) ?? row.createdAt,
        id: row._id.toHexString(),
      },
      view: viewOf(row, unconfirmed),
    }));
  }

  async sendAgain(id: string, operator: Operator): Promise<SendDecisionAnswer> {
    const now = new Date();
    const { row, committedAt } = await this.unconfirmed(id, now);
    const rerun = jobToRerun(row);
    if (!rerun || !row.origin) throw new DomainError('conflict', Words.cannotRebuild);
    const jobId = `resend-${id}-${String((row.decisions?.length ?? 0) + 1)}`;
    const keyedByJob = row.key === `${row.origin.name}:${row.origin.jobId}`;
    const decided = await this.decide(
      row,
      committedAt,
      keyedByJob ? { supersededBy: `${rerun.job.name}:${jobId}` } : { committedAt: null },
      decisionRecord('send-again', operator, now, committedAt),
    );
    await this.deps.jobs.add(rerun.job, rerun.data, { jobId });
    return { send: viewOf(decided, false), message: Words.sentAgain('email', row.subject, row.to) };
  }

  async markDelivered(id: string, operator: Operator): Promise<SendDecisionAnswer> {
    const now = new Date();
    const { row, committedAt } = await this.unconfirmed(id, now);
    const decided = await this.decide(
      row,
      committedAt,
      { sentAt: now },
      decisionRecord('mark-delivered', operator, now, committedAt),
    );
    return { send: viewOf(decided, false), message: Words.markedDelivered(row.subject, row.to) };
  }

  /** The row of an id, if it is unconfirmed now; a 404 or a 409 saying why otherwise. */
  private async unconfirmed(id: string, now: Date): Promise<{ row: EmailRow; committedAt: Date }> {
    const row = mongoose.isValidObjectId(id)
      ? await EmailDeliveryModel.findById(id).lean<EmailRow>()
      : null;
    if (!row) throw new DomainError('notFound', Words.notFound);
    const refusal = refusalOf(row, now);
    if (refusal) throw refusal;
    if (!row.committedAt) throw new DomainError('conflict', Words.notCommitted);
    return { row, committedAt: row.committedAt };
  }

  /**
   * Records the decision in the one write that moves the row out of the unconfirmed state, on
   * condition that it is still in it, on the same commit: of two operators, or two clicks, one
   * decides and the other is told what happened.
   */
  private async decide(
    row: EmailRow,
    committedAt: Date,
    set: Record<string, unknown>,
    decision: SendDecisionRecord,
  ): Promise<EmailRow> {
    const decided = await EmailDeliveryModel.findOneAndUpdate(
      { _id: row._id, committedAt, ...UNANSWERED },
      { $set: { ...set, decidedAt: decision.at }, $push: { decisions: decision } },
      { new: true },
    ).lean<EmailRow>();
    if (decided) return decided;
    const current = await EmailDeliveryModel.findById(row._id).lean<EmailRow>();
    throw (
      (current && refusalOf(current, decision.at)) ??
      new DomainError('conflict', Words.notCommitted)
    );
  }
}
