import { authEndpoints } from '../accounts/auth-routes';
import { adminBookingEndpoints } from '../admin/admin-booking-routes';
import { adminContactEndpoints } from '../admin/admin-contact-routes';
import { adminSubscriberEndpoints } from '../admin/admin-subscriber-routes';
import { queueSessionEndpoints } from '../admin/queue-session';
import { googleSignInEndpoints } from '../accounts/google/google-routes';
import { bookingEndpoints } from '../bookings/booking-routes';
import { contactEndpoints } from '../contact/contact-routes';
import { campaignEndpoints } from '../newsletter/campaign-routes';
import { subscriptionEndpoints } from '../newsletter/subscription-routes';
import { paymentEndpoints, paymentWebhookEndpoints } from '../payments/payment-routes';
import { testCheckoutEndpoints } from '../payments/test-checkout-page';
import { profileEndpoints } from '../profile/profile-routes';
import type { EndpointGroup } from './endpoint';
import type { ApiArea } from './openapi/api-operation';
import { siteArea } from './openapi/site-operations';

/** While a feature's operations are still described in http/openapi: described, not mounted. */
function described(area: ApiArea): EndpointGroup<never> {
  return {
    tag: area.tag,
    endpoints: area.operations.map((operation) => {
      const inQuery = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      const inHeaders = (operation.parameters ?? []).filter(
        (parameter) => parameter.in !== 'query',
      );
      return {
        method: operation.method,
        path: operation.path,
        operationId: operation.operationId,
        summary: operation.summary,
        ...(operation.description ? { description: operation.description } : {}),
        access: operation.access,
        request: {
          ...(operation.pathParameters ? { params: operation.pathParameters } : {}),
          query: inQuery,
          headers: inHeaders,
          ...(operation.requestBody ? { body: operation.requestBody } : {}),
        },
        responses: operation.responses,
        ...(operation.errors ? { errors: operation.errors } : {}),
        fuzz: 'body',
        handlers: () => [],
      };
    }),
  };
}

/**
 * Every router's endpoints: the OpenAPI document and the hostile-input fuzzer are built from this
 * list. A new router's group goes here; a new route in a group needs nothing here.
 */
export const API_ENDPOINTS: readonly EndpointGroup<never>[] = [
  authEndpoints,
  googleSignInEndpoints,
  profileEndpoints,
  bookingEndpoints,
  paymentEndpoints,
  paymentWebhookEndpoints,
  // Mounted only when payments run on the local test provider; its description says so.
  testCheckoutEndpoints,
  contactEndpoints,
  subscriptionEndpoints,
  adminBookingEndpoints,
  adminContactEndpoints,
  adminSubscriberEndpoints,
  queueSessionEndpoints,
  campaignEndpoints,
  described(siteArea),
];
