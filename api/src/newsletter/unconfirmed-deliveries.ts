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
import { jobs } from '../jobs/job-definitions';
import type { JobProducer } from '../jobs/job-producer';
import {
  decisionRecord,
  decisionViews,
  keyRange,
  type ListedSend,
  type Operator,
  type SendDecisionRecord,
} from '../mail/send-decision';
import { CampaignModel } from './campaign-model';
import { NewsletterDeliveryModel, type DeliveryStatus } from './newsletter-delivery-model';
import { subscriberCopy } from './subscriber-copy';
import type { NewsletterLinks } from './newsletter-links';
import { SubscriberModel } from './subscriber-model';

/** A delivery row as this module reads it. */
interface DeliveryRow {
  _id: mongoose.Types.ObjectId;
  campaignId: mongoose.Types.ObjectId;
  subscriberId: mongoose.Types.ObjectId;
  email: string;
  status: DeliveryStatus;
  committedAt?: Date | null;
  decisions?: SendDecisionRecord[];
  decidedAt?: Date | null;
  updatedAt: Date;
}

/** The query of the list of unconfirmed deliveries; its index is newsletter-delivery-model.ts's. */
export function unconfirmedDeliveriesQuery(
  now: Date,
  cursor?: ListCursor,
): Record<string, unknown> {
  const settled = new Date(now.getTime() - UNCONFIRMED_AFTER_MS);
  return { status: 'committed', ...keyRange('committedAt', { $lt: settled }, cursor) };
}

export function decidedDeliveriesQuery(cursor?: ListCursor): Record<string, unknown> {
  return keyRange('decidedAt', { $type: 'date' }, cursor);
}

/** Rows committed before commits were timed: their last write was the commit. */
const committedAtOf = (row: DeliveryRow) =>
  row.committedAt ?? row.decisions?.at(-1)?.committedAt ?? row.updatedAt;

/**
 * Why a delivery takes no decision now, or null when it is unconfirmed: committed long enough ago
 * that its answer cannot be on its way any more, and neither answered nor decided since.
 */
function refusalOf(row: DeliveryRow, now: Date): DomainError | null {
  const last = row.decisions?.at(-1);
  const conflict = (message: string) => new DomainError('conflict', message);
  if (row.status !== 'committed') {
    if (last) return conflict(Words.alreadyDecided(last.decision, last.adminEmail));
    return conflict(row.status === 'sent' ? Words.answered : Words.notCommitted);
  }
  if (committedAtOf(row).getTime() > now.getTime() - UNCONFIRMED_AFTER_MS) {
    return conflict(Words.stillInFlight);
  }
  return null;
}

/**
 * Newsletter deliveries left committed (newsletter-sender.ts), and an operator's decision on each.
 *
 * Send again does not hand the row back to the batch sender: that sender only runs while its
 * campaign is sending, and a finished campaign is where these are found. The subscriber's copy is
 * written as the sender writes it (subscriberCopy) and queued on the mail queue under a job id of
 * its own, whose record (send-once.ts) sends it once; the row moves to 'resent'. Someone who has
 * unsubscribed since gets nothing.
 */
export class UnconfirmedDeliveries {
  constructor(private readonly deps: { jobs: JobProducer; links: NewsletterLinks }) {}

  async page(
    state: UnconfirmedListState,
    cursor: ListCursor | undefined,
    limit: number,
  ): Promise<ListedSend<UnconfirmedSendView>[]> {
    const unconfirmed = state === 'unconfirmed';
    const rows = await NewsletterDeliveryModel.find(
      unconfirmed ? unconfirmedDeliveriesQuery(new Date(), cursor) : decidedDeliveriesQuery(cursor),
    )
      .sort(unconfirmed ? { committedAt: -1, _id: -1 } : { decidedAt: -1, _id: -1 })
      .limit(limit)
      .lean<DeliveryRow[]>();
    const [campaigns, subscribed] = await Promise.all([
      CampaignModel.find(
        { _id: { $in: [...new Set(rows.map((row) => String(row.campaignId)))] } },
        { subject: 1 },
      ).lean(),
      SubscriberModel.find(
        { _id: { $in: rows.map((row) => row.subscriberId) }, status: 'confirmed' },
        { _id: 1 },
      ).lean(),
    ]);
    const subjects = new Map(campaigns.map((campaign) => [String(campaign._id), campaign.subject]));
    const confirmed = new Set(subscribed.map((subscriber) => String(subscriber._id)));
    return rows.map((row) => ({
      key: {
        at: (unconfirmed ? row.committedAt : row.decidedAt) ?? row.updatedAt,
        id: row._id.toHexString(),
      },
      view: viewOf(
        row,
        subjects.get(String(row.campaignId)) ?? '',
        unconfirmed && confirmed.has(String(row.subscriberId)),
      ),
    }));
  }

  async sendAgain(id: string, operator: Operator): Promise<SendDecisionAnswer> {
    const now = new Date();
    const row = await this.unconfirmed(id, now);
    const [subscriber, campaign] = await Promise.all([
      SubscriberModel.findById(row.subscriberId, { status: 1 }).lean(),
      CampaignModel.findById(row.campaignId),
    ]);
    if (subscriber?.status !== 'confirmed') {
      throw new DomainError('conflict', Words.unsubscribed(row.email));
    }
    if (!campaign) throw new DomainError('notFound', Words.notFound);
    const copy = subscriberCopy(
      campaign,
      { id: String(row.subscriberId), email: row.email },
      this.deps.links,
    );
    const decided = await this.decide(
      row,
      'resent',
      {},
      decisionRecord('send-again', operator, now, committedAtOf(row)),
    );
    await this.deps.jobs.add(jobs.sendMail, copy, { jobId: `newsletter-resend-${id}` });
    return {
      send: viewOf(decided, campaign.subject, false),
      message: Words.sentAgain('newsletter', campaign.subject, row.email),
    };
  }

  async markDelivered(id: string, operator: Operator): Promise<SendDecisionAnswer> {
    const now = new Date();
    const row = await this.unconfirmed(id, now);
    const decided = await this.decide(
      row,
      'sent',
      { sentAt: now },
      decisionRecord('mark-delivered', operator, now, committedAtOf(row)),
    );
    const campaign = await CampaignModel.findById(row.campaignId, { subject: 1 }).lean();
    const subject = campaign?.subject ?? '';
    return {
      send: viewOf(decided, subject, false),
      message: Words.markedDelivered(subject, row.email),
    };
  }

  private async unconfirmed(id: string, now: Date): Promise<DeliveryRow> {
    const row = mongoose.isValidObjectId(id)
      ? await NewsletterDeliveryModel.findById(id).lean<DeliveryRow>()
      : null;
    if (!row) throw new DomainError('notFound', Words.notFound);
    const refusal = refusalOf(row, now);
    if (refusal) throw refusal;
    return row;
  }

  /**
   * Records the decision in the one write that moves the row out of 'committed', on condition
   * that it is still there: of two operators, or two clicks, one decides and the other is told
   * what happened; and a late answer of the server (which only lands on a committed row) cannot
   * undo it.
   */
  private async decide(
    row: DeliveryRow,
    status: DeliveryStatus,
    set: Record<string, unknown>,
    decision: SendDecisionRecord,
  ): Promise<DeliveryRow> {
    const decided = await NewsletterDeliveryModel.findOneAndUpdate(
      { _id: row._id, status: 'committed' },
      { $set: { ...set, status, decidedAt: decision.at }, $push: { decisions: decision } },
      { new: true },
    ).lean<DeliveryRow>();
    if (decided) return decided;
    const current = await NewsletterDeliveryModel.findById(row._id).lean<DeliveryRow>();
    throw (
      (current && refusalOf(current, decision.at)) ??
      new DomainError('conflict', Words.notCommitted)
    );
  }
}

function viewOf(row: DeliveryRow, subject: string, canSendAgain: boolean): UnconfirmedSendView {
  return {
    id: row._id.toHexString(),
    kind: 'newsletter',
    to: row.email,
    subject,
    campaignId: String(row.campaignId),
    committedAt: committedAtOf(row).toISOString(),
    canSendAgain,
    decisions: decisionViews(row.decisions),
  };
}
