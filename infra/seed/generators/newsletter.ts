import type mongoose from 'mongoose';
import { renderCampaignContent } from '../../../api/src/newsletter/campaign-content';
import { readerEmail } from '../identities';
import { randomFor, weighted } from '../random';
import type { SeedWorld } from '../world';
import { objectIdAt } from '../world';

const SUBSCRIBER_KIND = 0x02;
const CAMPAIGN_KIND = 0x03;
/** Deliveries take kinds 0x10 and up, one per campaign, so their ids never meet. */
const DELIVERY_KIND = 0x10;
/** The newsletter's batch size (NEWSLETTER_BATCH_SIZE's default): recipients per batch job. */
const BATCH_SIZE = 100;
const STATUS = { confirmed: 0, pending: 1, unsubscribed: 2 } as const;
const MINUTE = 60_000;

/**
 * The newsletter's three years: subscribers who joined steadily (a share of them customers with
 * the address of their account), and past campaigns, each sent to every address confirmed by
 * then, as the fan-out writes them: one delivery per campaign and subscriber.
 */
export class Newsletter {
  private readonly status: Uint8Array;
  private readonly first: number;
  private readonly span: number;
  /** Per campaign: when it started, and how many of the confirmed it went to. */
  readonly campaigns: { id: mongoose.Types.ObjectId; startedAt: number; recipients: number }[];

  constructor(private readonly world: SeedWorld) {
    const { volumes } = world;
    this.first = world.dayStart(0);
    this.span = world.now - 2 * 3_600_000 - this.first;
    this.status = new Uint8Array(volumes.subscribers);
    for (let index = 0; index < volumes.subscribers; index += 1) {
      const random = randomFor(world.seed, 'subscriber', index);
      this.status[index] = weighted(random, [
        [STATUS.confirmed, 88],
        [STATUS.pending, 5],
        [STATUS.unsubscribed, 7],
      ] as const);
    }
    this.campaigns = this.planCampaigns();
  }

  subscribedAt(index: number): number {
    return Math.floor(
      this.first + (this.span * index) / Math.max(1, this.world.volumes.subscribers),
    );
  }

  subscriberId(index: number): mongoose.Types.ObjectId {
    return objectIdAt(this.subscribedAt(index), this.world.seed, SUBSCRIBER_KIND, index);
  }

  /** Customers signed up with their account's address; the rest with one of their own. */
  subscriberEmail(index: number): string {
    const customers = Math.floor(this.world.volumes.accounts * 0.3);
    return index < customers ? this.world.accountEmail(index) : readerEmail(this.world.seed, index);
  }

  subscriberDocument(index: number): Record<string, unknown> {
    const subscribedAt = this.subscribedAt(index);
    const status = this.status[index];
    const confirmedAt = status === STATUS.pending ? null : subscribedAt + 4 * MINUTE;
    const unsubscribedAt =
      status === STATUS.unsubscribed
        ? Math.min(this.world.now - 3_600_000, subscribedAt + 90 * 86_400_000)
        : null;
    return {
      _id: this.subscriberId(index),
      email: this.subscriberEmail(index),
      status:
        status === STATUS.confirmed
          ? 'confirmed'
          : status === STATUS.pending
            ? 'pending'
            : 'unsubscribed',
      source: index % 7 === 0 ? 'contact' : 'footer',
      subscribedAt: new Date(subscribedAt),
      confirmedAt: confirmedAt === null ? null : new Date(confirmedAt),
      unsubscribedAt: unsubscribedAt === null ? null : new Date(unsubscribedAt),
      createdAt: new Date(subscribedAt),
      updatedAt: new Date(unsubscribedAt ?? confirmedAt ?? subscribedAt),
    };
  }

  /** How many subscribers were confirmed (and still are) before `time`. */
  private confirmedBefore(time: number): number {
    let count = 0;
    for (let index = 0; index < this.status.length; index += 1) {
      if (this.subscribedAt(index) + 4 * MINUTE >= time) break;
      if (this.status[index] === STATUS.confirmed) count += 1;
    }
    return count;
  }

  /**
   * The campaigns over the last two years and a bit, the list growing with the business; the
   * deliveries are shared out in proportion to each list, every one within the list it had.
   */
  private planCampaigns() {
    const { campaigns: count, deliveries } = this.world.volumes;
    const shares = Array.from({ length: count }, (_, index) =>
      count === 1 ? 1 : 0.3 + (0.7 * index) / (count - 1),
    );
    const starts = shares.map((share) => this.first + this.span * share - 86_400_000);
    const lists = starts.map((start) => this.confirmedBefore(start));
    const total = shares.reduce((sum, share) => sum + share, 0);
    const recipients = shares.map((share, index) =>
      Math.min(lists[index] ?? 0, Math.floor((deliveries * share) / total)),
    );
    // What rounding and short lists left over goes to the latest campaigns with room.
    let left = deliveries - recipients.reduce((sum, value) => sum + value, 0);
    for (let index = count - 1; index >= 0 && left > 0; index -= 1) {
      const room = (lists[index] ?? 0) - (recipients[index] ?? 0);
      const extra = Math.min(room, left);
      recipients[index] = (recipients[index] ?? 0) + extra;
      left -= extra;
    }
    return starts.map((startedAt, index) => ({
      id: objectIdAt(startedAt, this.world.seed, CAMPAIGN_KIND, index),
      startedAt,
      recipients: recipients[index] ?? 0,
    }));
  }

  deliveryCount(): number {
    return this.campaigns.reduce((sum, campaign) => sum + campaign.recipients, 0);
  }

  campaignDocument(index: number): Record<string, unknown> {
    const campaign = this.campaigns[index];
    if (!campaign) throw new Error(`no campaign ${String(index)}`);
    const month = new Date(campaign.startedAt).toLocaleString('en-CA', {
      month: 'long',
      year: 'numeric',
      timeZone: 'America/Toronto',
    });
    const body = `# ${month} at Home Services\n\nSeasonal tips from our crews, and what is new this month.\n\n- Book early for spring cleaning\n- Monthly Visit members save 10% on other services\n`;
    const content = renderCampaignContent('markdown', body);
    const finishedAt = campaign.startedAt + Math.ceil(campaign.recipients / 10) * 1_000;
    return {
      _id: campaign.id,
      subject: `News from Home Services, ${month}`,
      format: 'markdown',
      body,
      html: content.html,
      text: content.text,
      status: 'sent',
      createdBy: 'seed',
      round: 0,
      fanOutDone: true,
      startedAt: new Date(campaign.startedAt),
      finishedAt: new Date(Math.min(this.world.now, finishedAt)),
      settledAt: null,
      settledProgress: null,
      createdAt: new Date(campaign.startedAt - 86_400_000),
      updatedAt: new Date(Math.min(this.world.now, finishedAt)),
    };
  }

  /** Every delivery of every campaign, in the order the fan-out numbered their batches. */
  *deliveries(): Generator<Record<string, unknown>> {
    for (const [campaignIndex, campaign] of this.campaigns.entries()) {
      let position = 0;
      for (
        let index = 0;
        position < campaign.recipients && index < this.status.length;
        index += 1
      ) {
        if (this.status[index] !== STATUS.confirmed) continue;
        yield this.delivery(campaignIndex, campaign, index, position);
        position += 1;
      }
    }
  }

  private delivery(
    campaignIndex: number,
    campaign: { id: mongoose.Types.ObjectId; startedAt: number },
    subscriber: number,
    position: number,
  ): Record<string, unknown> {
    const random = randomFor(this.world.seed, `delivery-${String(campaignIndex)}`, position);
    const outcome = weighted(random, [
      ['sent', 990],
      ['failed', 7],
      ['skipped', 3],
    ] as const);
    // NEWSLETTER_RATE_PER_SECOND's default: ten a second across the workers.
    const sentAt = campaign.startedAt + 60_000 + position * 100;
    const createdAt = new Date(campaign.startedAt + 1_000 + Math.floor(position / 50));
    return {
      _id: objectIdAt(
        createdAt.getTime(),
        this.world.seed,
        DELIVERY_KIND + campaignIndex,
        position,
      ),
      campaignId: campaign.id,
      subscriberId: this.subscriberId(subscriber),
      email: this.subscriberEmail(subscriber),
      batch: Math.floor(position / BATCH_SIZE),
      status: outcome,
      attempts: outcome === 'sent' ? 1 : outcome === 'failed' ? 5 : 0,
      claimedBy: null,
      claimedAt: null,
      lastError: outcome === 'failed' ? '550 5.1.1 mailbox unavailable' : null,
      committedAt: outcome === 'sent' ? new Date(sentAt - 40) : null,
      sentAt: outcome === 'sent' ? new Date(sentAt) : null,
      decisions: [],
      decidedAt: null,
      expiresAt: null,
      createdAt,
      updatedAt: new Date(outcome === 'skipped' ? createdAt.getTime() : sentAt),
    };
  }
}
