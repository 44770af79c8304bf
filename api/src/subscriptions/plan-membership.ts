import type { MemberProof, PlanMembers } from '../bookings/booking-plans';
import { LinkSigner } from '../links/link-signer';
import type { Clock } from '../platform/clock';
import { SubscriptionModel } from './subscription-model';

const PURPOSE = 'plan-member';
/** How long the emailed discount link works. */
const LINK_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
/** The plans whose customers are members: active ones (a plan past due or ended is not). */
const ACTIVE = { status: 'active' };

/**
 * Who is a Monthly Visit plan's customer, for its "10% discount on additional services": the
 * account an active plan was made from, or whoever holds the link emailed to an active plan's
 * address (signed with that address and an expiry, so it works for that address only and not
 * for ever). Nobody else: an email typed in a form proves nothing.
 */
export class PlanMembership implements PlanMembers {
  private readonly signer: LinkSigner;

  constructor(
    secret: string,
    private readonly siteUrl: string,
    private readonly clock: Clock,
  ) {
    this.signer = new LinkSigner(secret);
  }

  token(email: string): string {
    const expires = String(Math.floor((this.clock.now().getTime() + LINK_DAYS * DAY_MS) / 1000));
    return `${expires}.${this.signer.sign(PURPOSE, `${email.toLowerCase()}|${expires}`)}`;
  }

  /** The services page with the discount link's token and the address it is for. */
  url(email: string): string {
    const query = new URLSearchParams({ member: this.token(email), email });
    return `${this.siteUrl}/service/service1?${query.toString()}`;
  }

  private verify(email: string, token: string): boolean {
    const [expires, signature] = token.split('.');
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
    if (Number(expires) * 1000 < this.clock.now().getTime()) return false;
    return this.signer.verify(PURPOSE, `${email.toLowerCase()}|${expires}`, signature);
  }

  /** The active plan that makes the caller a member, or null. */
  async planOf(proof: MemberProof): Promise<{ id: string; serviceId: string } | null> {
    if (proof.userId) {
      const plan = await SubscriptionModel.findOne({ userId: proof.userId, ...ACTIVE });
      if (plan) return { id: plan.id as string, serviceId: plan.serviceId };
    }
    if (proof.memberToken && this.verify(proof.email, proof.memberToken)) {
      const plan = await SubscriptionModel.findOne({ email: proof.email, ...ACTIVE });
      if (plan) return { id: plan.id as string, serviceId: plan.serviceId };
    }
    return null;
  }

  /** Whether an active plan has this address: the discount link is mailed only then. */
  async hasActivePlan(email: string): Promise<boolean> {
    return (await SubscriptionModel.exists({ email, ...ACTIVE })) !== null;
  }
}
