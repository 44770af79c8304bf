import { UserModel } from '../../api/src/accounts/user-model';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { SlotModel } from '../../api/src/bookings/slot-model';
import { ClosureModel } from '../../api/src/calendar/closure-model';
import { ContactMessageModel } from '../../api/src/contact/contact-message-model';
import { DocumentCounterModel, InvoiceModel } from '../../api/src/invoices/invoice-model';
import { CampaignModel } from '../../api/src/newsletter/campaign-model';
import { NewsletterDeliveryModel } from '../../api/src/newsletter/newsletter-delivery-model';
import { SubscriberModel } from '../../api/src/newsletter/subscriber-model';
import { PaymentEventModel } from '../../api/src/payments/payment-event-model';
import { TestSubscriptionModel } from '../../api/src/payments/test-billing-model';
import { ReviewModel } from '../../api/src/reviews/review-model';
import { SubscriptionModel } from '../../api/src/subscriptions/subscription-model';
// The models the seed leaves empty, loaded too: createAllIndexes builds the indexes of the models
// loaded, and the seeded database must have every index the product declares.
import '../../api/src/accounts/email-change-model';
import '../../api/src/accounts/password-reset-token-model';
import '../../api/src/jobs/job-outbox-model';
import '../../api/src/mail/email-delivery-model';
import '../../api/src/payments/test-checkout-model';
import '../../api/src/quotes/quote-model';

/** The product's models the seed writes, by what it fills them with. */
export const SEEDED = {
  accounts: UserModel,
  plans: SubscriptionModel,
  bookings: BookingModel,
  slots: SlotModel,
  invoices: InvoiceModel,
  counters: DocumentCounterModel,
  paymentEvents: PaymentEventModel,
  testSubscriptions: TestSubscriptionModel,
  subscribers: SubscriberModel,
  campaigns: CampaignModel,
  deliveries: NewsletterDeliveryModel,
  reviews: ReviewModel,
  contactMessages: ContactMessageModel,
} as const;

export { ClosureModel };
