import { authEndpoints } from '../accounts/auth-routes';
import { adminBookingEndpoints } from '../admin/admin-booking-routes';
import { adminContactEndpoints } from '../admin/admin-contact-routes';
import { adminInvoiceEndpoints } from '../admin/admin-invoice-routes';
import { adminPlanEndpoints } from '../admin/admin-plan-routes';
import { adminReviewEndpoints } from '../admin/admin-review-routes';
import { adminSubscriberEndpoints } from '../admin/admin-subscriber-routes';
import { adminUnconfirmedEndpoints } from '../admin/admin-unconfirmed-routes';
import { queueSessionEndpoints } from '../admin/queue-session';
import { closureEndpoints } from '../admin/closure-routes';
import { googleSignInEndpoints } from '../accounts/google/google-routes';
import { bookingEndpoints } from '../bookings/booking-routes';
import { contactEndpoints } from '../contact/contact-routes';
import { adminInvoicePdfEndpoints, invoiceEndpoints } from '../invoices/invoice-routes';
import { campaignEndpoints } from '../newsletter/campaign-routes';
import { subscriptionEndpoints } from '../newsletter/subscription-routes';
import { paymentEndpoints, paymentWebhookEndpoints } from '../payments/payment-routes';
import { testBillingEndpoints } from '../payments/test-billing-page';
import { testCheckoutEndpoints } from '../payments/test-checkout-page';
import { profileEndpoints } from '../profile/profile-routes';
import { reviewEndpoints } from '../reviews/review-routes';
import { adminQuoteEndpoints, quoteEndpoints } from '../quotes/quote-routes';
import { planEndpoints } from '../subscriptions/plan-routes';
import type { EndpointGroup } from '../http/endpoint';
import { openApiEndpoints } from '../http/openapi/api-docs-routes';
import { siteConfigEndpoints } from '../http/site-config-routes';

/**
 * Every router's endpoints: the OpenAPI document and the hostile-input fuzzer are built from this
 * list. A new router's group goes here; a new route in a group needs nothing here.
 */
export const API_ENDPOINTS: readonly EndpointGroup<never>[] = [
  authEndpoints,
  googleSignInEndpoints,
  profileEndpoints,
  bookingEndpoints,
  planEndpoints,
  paymentEndpoints,
  paymentWebhookEndpoints,
  // Mounted only when payments run on the local test provider; its description says so.
  testCheckoutEndpoints,
  testBillingEndpoints,
  contactEndpoints,
  subscriptionEndpoints,
  reviewEndpoints,
  invoiceEndpoints,
  quoteEndpoints,
  adminBookingEndpoints,
  adminPlanEndpoints,
  adminContactEndpoints,
  adminSubscriberEndpoints,
  adminUnconfirmedEndpoints,
  adminReviewEndpoints,
  adminInvoiceEndpoints,
  adminInvoicePdfEndpoints,
  adminQuoteEndpoints,
  closureEndpoints,
  queueSessionEndpoints,
  campaignEndpoints,
  siteConfigEndpoints,
  openApiEndpoints,
];
