import { BookingModel } from '../../../api/src/bookings/booking-model';
import { ReviewModel } from '../../../api/src/reviews/review-model';
import { SubscriptionModel } from '../../../api/src/subscriptions/subscription-model';
import { REVIEW_STATUSES } from '../../../api/src/domain/review/review-messages';
import { ADMIN_PAGE_SIZE } from '../../../api/src/domain/admin/admin-views';
import { BOOKING_FORM_TYPE, bookingUploadBody } from '../booking-upload-form';
import { insertPaidBookings } from '../paid-bookings';
import { ProductApi, signedInAccount, type SignedIn } from './product-api';

/** Every fixture address is here, so nothing the bench makes is taken for seeded data. */
export const FIXTURE_DOMAIN = 'scale.bench.test';
const PASSWORD = 'Scale-bench-passphrase-7421';
/** The dashboard's size: the customer's own list shows at most 200 bookings. */
export const CUSTOMER_BOOKINGS = 200;
/** Pages of the operators' list the fixtures fill on their own: the 50th must exist when empty. */
export const LIST_PAGES = 50;
const REVIEWS_PER_STATUS = 10;

/** What the reads need, the same in both databases: written the same way into each. */
export interface ScaleFixtures {
  operator: SignedIn;
  /** Signed in, with CUSTOMER_BOOKINGS bookings of their own. */
  customer: SignedIn;
  /** The visit date of the fixture bookings, for the date filter. */
  listDate: string;
  /** A guest's booking made through the API: its manage link, its reference, its email. */
  guestBooking: { id: string; reference: string; token: string; email: string };
}

/**
 * An operator, a customer with 200 bookings, enough other bookings for 50 pages of the operators'
 * list, a guest's booking made through the API (searched for and opened from its manage link), a
 * Monthly Visit plan and reviews in each status: what each read needs to find something, whether
 * the database around it is empty or holds three busy years.
 */
export async function writeScaleFixtures(
  api: ProductApi,
  log: (line: string) => void,
): Promise<ScaleFixtures> {
  log('fixtures: an operator and a customer, through the API...');
  const operator = await signedInAccount(api, {
    email: `operator@${FIXTURE_DOMAIN}`,
    password: PASSWORD,
    role: 'admin',
  });
  const customer = await signedInAccount(api, {
    email: `customer@${FIXTURE_DOMAIN}`,
    password: PASSWORD,
    role: 'customer',
  });

  log(`fixtures: the customer's ${String(CUSTOMER_BOOKINGS)} bookings...`);
  const own = await insertPaidBookings(CUSTOMER_BOOKINGS, () => customer.email, log);
  await BookingModel.updateMany({ email: customer.email }, { $set: { userId: customer.userId } });
  const others = LIST_PAGES * ADMIN_PAGE_SIZE + 1 - CUSTOMER_BOOKINGS;
  log(`fixtures: ${String(others)} more bookings, for ${String(LIST_PAGES)} pages of the list...`);
  await insertPaidBookings(others, (index) => `listed-${String(index)}@${FIXTURE_DOMAIN}`, log);

  log('fixtures: a guest booking through the API, a Monthly Visit plan, reviews...');
  const guestEmail = `guest@${FIXTURE_DOMAIN}`;
  const answer = await api.post('/api/bookings', bookingUploadBody(guestEmail), BOOKING_FORM_TYPE);
  const text = await answer.text();
  if (answer.status !== 201) {
    throw new Error(`the guest booking answered ${String(answer.status)}: ${text.slice(0, 300)}`);
  }
  const made = JSON.parse(text) as { booking: { id: string; reference: string }; token: string };

  const [first] = own;
  if (!first) throw new Error('no fixture booking to hang the plan on');
  await SubscriptionModel.create({
    _id: first._id,
    reference: first.reference,
    userId: customer.userId,
    name: first.name,
    phone: first.phone,
    email: customer.email,
    address: first.address,
    postalCode: first.postalCode,
    serviceId: first.serviceId,
    anchorDate: first.date,
    time: first.time,
    amountCents: 24_900,
    status: 'active',
    paidPeriods: [0],
    history: [{ what: 'opened', by: 'customer', at: new Date() }],
  });
  const reviewed = own.slice(0, REVIEW_STATUSES.length * REVIEWS_PER_STATUS);
  await ReviewModel.insertMany(
    reviewed.map((booking, index) => ({
      _id: booking._id,
      reference: booking.reference,
      serviceId: booking.serviceId,
      visitDate: booking.date,
      rating: 1 + (index % 5),
      text: 'The crew came on time, worked tidily and left the garden better than they found it.',
      name: 'Casey B.',
      status: REVIEW_STATUSES[index % REVIEW_STATUSES.length],
    })),
  );
  return {
    operator,
    customer,
    listDate: first.date,
    guestBooking: {
      id: made.booking.id,
      reference: made.booking.reference,
      token: made.token,
      email: guestEmail,
    },
  };
}
