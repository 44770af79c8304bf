import type { MonthlyPlanView } from '../domain/subscription/plan-standing';
import type { VisitSlot } from '../domain/subscription/visit-schedule';
import type { BookingDocument } from './booking-model';
import type { BookingRequest } from './lifecycle/booking-lifecycle';

/**
 * What bookings ask of Monthly Visit plans. A plan's visits are bookings, so subscriptions/ sits
 * above bookings/ (.dependency-cruiser.cjs) and bookings may not import it: the booking service
 * names here what it needs, subscriptions/ provides it (SubscriptionLifecycle, PlanMembership),
 * and server/api-context.ts hands it over.
 */
export interface BookingPlans {
  /**
   * Booking a Monthly Visit opens its plan with the first period's `visits`, all taking their
   * places or none; answers the first visit, the booking the customer pays for.
   */
  open(request: BookingRequest, visits: VisitSlot[]): Promise<BookingDocument>;
  /**
   * The customer called off a visit of a plan never paid, which ends the whole plan; the visit as
   * it is now, or null, having changed nothing, when the visit is not such a plan's.
   */
  withdrawn(visitId: string, by: string): Promise<BookingDocument | null>;
  /** The plan a booking is a visit of, as its customer sees it; null for none. */
  planViewOf(booking: Pick<BookingDocument, 'subscriptionId'>): Promise<MonthlyPlanView | null>;
  /** The first and last day of the plan's period a visit belongs to; null for no plan's visit. */
  periodBoundsOf(
    visit: Pick<BookingDocument, 'subscriptionId' | 'periodIndex'>,
  ): Promise<{ first: string; last: string } | null>;
}

/** What earns a one-time visit the member discount: an active plan, of another service. */
export interface MemberProof {
  userId: string | null;
  email: string;
  /** The token of the member link emailed to `email`, if the form carries one. */
  memberToken: string | undefined;
}

/** Who is a Monthly Visit plan's customer, for the member price (PlanMembership). */
export interface PlanMembers {
  /** The active plan that makes the caller a member, or null. */
  planOf(proof: MemberProof): Promise<{ id: string; serviceId: string } | null>;
}
