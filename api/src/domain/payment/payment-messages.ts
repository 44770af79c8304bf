/** What payments say to people (docs/product.md section 8). Plain strings: the site's pages import them without zod. */
export const PaymentMessages = {
  confirmed: (service: string, email: string) =>
    `Booking confirmed for ${service}! A confirmation has been sent to ${email}`,
  failed: 'Payment failed. Please try again.',
  amountMismatch: 'The amount does not match the price of this booking.',
  notAwaitingPayment: 'This booking is not waiting for a payment.',
  noPaymentNeeded: 'A Custom Estimate is not paid in advance.',
  bookingNotFound: 'We could not find that booking.',
  methodNotOffered: 'Please pay by credit card.',
  invalidSignature: 'Webhook signature verification failed.',
  unavailable: 'Payments are unavailable right now. Please try again shortly.',
  notSetUp: 'Online payment is not available. We will contact you to arrange payment.',
  holdEnded:
    'The time to pay for this booking has run out, so its place is being released. Please book again.',
} as const;
