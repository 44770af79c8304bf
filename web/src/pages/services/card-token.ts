/**
 * What a card form hands the payment modal: the provider's token for the card (the number itself
 * never leaves the form) and, where the provider can do it, a way to run the bank's check
 * (3-D Secure) when the payment asks for one.
 */
export interface CardToken {
  readonly paymentMethodId: string;
  /** Resolves to null once the customer passed the check, or to the reason it failed. */
  readonly authenticate?: (clientSecret: string) => Promise<string | null>;
}
