/**
 * What a Monthly Visit plan's in-page payment records on the plan. Plans have one writer,
 * SubscriptionLifecycle, in subscriptions/, which sits above payments/ (.dependency-cruiser.cjs):
 * so the payment service names what it needs here, the lifecycle provides it, and
 * server/api-context.ts hands one to the other.
 */
export interface PlanPaymentRecords {
  /**
   * Claims the plan's one provider subscription for the card `paymentMethodId`: true when the
   * plan has none yet and no other card is being charged for it (the same card again is the same
   * request, and claims it again).
   */
  claimInPagePayment(planId: string, paymentMethodId: string): Promise<boolean>;
  /** Gives the claim back, if that card still holds it: another card may try. */
  releaseInPagePaymentClaim(planId: string, paymentMethodId: string): Promise<void>;
  /** The provider made the plan's subscription for the claimed card: its ids are the plan's. */
  inPageSubscriptionStarted(
    planId: string,
    subscription: { provider: string; providerSubscriptionId: string; customerId: string },
  ): Promise<void>;
}
