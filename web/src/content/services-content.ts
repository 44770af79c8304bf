import type { MonthlyPlanView } from '@hs/api/domain/booking/booking-schema';
import { closedLabel } from '@hs/api/domain/calendar/business-calendar';
import { avatarImage } from './images';
import type { Testimonial } from './testimonial-content';

/** The words of the services page and its booking modals (docs/product.md sections 2, 4 and 8). */

/** docs/product.md section 9: a card's description is cut here until Read more is pressed. */
export const DESCRIPTION_LIMIT = 120;

export const servicesHero = {
  heading: 'Professional Home Services You Can Trust',
  lead: 'Cleaning, gardening, landscaping, carpentry and more across Toronto. Choose a service, pick a plan and book a visit in minutes.',
  explore: 'Explore Services',
  contact: 'Contact Us',
};

export const servicesGridCopy = {
  heading: 'Our Services',
  lead: 'Twelve services, each with a one-time visit, a monthly plan or a free custom estimate.',
  loading: 'Loading our services…',
  failed: 'We could not load our services.',
  retry: 'Try again',
  listLabel: 'Services',
  readMore: 'Read more',
  showLess: 'Show less',
  bookNow: 'Book Now',
  contact: 'Contact Us',
  selected: 'Selected service',
  /** Makes each card's buttons distinct for a screen reader listing them. */
  about: (title: string) => ` about ${title}`,
  forService: (title: string) => ` for ${title}`,
};

export { serviceTag } from './service-tags';

export const servicesTestimonial = {
  heading: 'Loved by Homeowners Across Toronto',
  testimonial: {
    name: 'Sarah Mitchell',
    role: 'Homeowner, The Beaches',
    rating: 5,
    text: 'From a spring clean-up to weekly lawn care, they have looked after our home for three years. Always on time, always tidy, and the price never changes without a word.',
    image: avatarImage('/images/testimonials/person-1', ''),
  } satisfies Testimonial,
  cta: 'Get Your Free Estimate',
};

export const modalCopy = {
  close: 'Close',
};

export const planModalCopy = {
  title: 'Choose Your Plan',
  lead: (service: string) => `Pick how you would like us to take care of ${service}.`,
  choose: 'Choose',
  free: 'Free',
  noPayment: 'No payment in advance',
  features: (plan: string) => `${plan} includes`,
};

export const bookingFormCopy = {
  title: 'Book Your Service',
  estimateTitle: 'Request a Custom Estimate',
  service: 'Service',
  plan: 'Plan',
  name: 'Full Name',
  phone: 'Phone Number',
  email: 'Email Address',
  address: 'Service Address',
  postalCode: 'Postal Code',
  /** After the message that we do not serve a postal code's area: to the contact page. */
  askForEstimate: 'Ask for an estimate',
  /** The contact form's first draft, when an address outside the areas served leads there. */
  estimateEnquiry: (service: string, address: string, postalCode: string) =>
    `I would like an estimate for ${service} at ${[address, postalCode].filter(Boolean).join(', ')}, which is outside your service area.`,
  date: 'Preferred Date',
  time: 'Preferred Time',
  full: '(full)',
  /** A window that started, or starts too soon to book (same-day lead time). */
  closed: '(no longer available)',
  /** Every window of a day the business is closed (closedDayCopy.dateError says why). */
  dayClosed: '(closed)',
  photo: 'Photo of the job (optional)',
  photoHint: 'JPG, PNG up to 5MB',
  photoPreview: 'Preview of the chosen photo',
  removePhoto: 'Remove photo',
  uploading: 'Uploading photo',
  submit: 'Continue to Payment',
  /**
   * docs/product.md section 4 has 'Continue to Payment' on every plan; an estimate takes no
   * payment, so its form says what the button does instead (docs/product.md, Decisions).
   */
  submitEstimate: 'Request My Free Estimate',
  estimateNote: 'No payment is taken for an estimate: we will contact you with a price.',
  details: 'Tell us about the project',
  detailsHint:
    'What needs doing, sizes, materials, access: anything that helps us quote. Optional.',
  submitting: 'Sending…',
  back: 'Back',
  required: 'Required',
  fixErrors: 'Please correct the highlighted fields.',
};

/**
 * The business calendar (docs/product.md, Decisions): a day we are closed (a holiday, an
 * operator's closure), wherever a customer meets it. `reason` is the API's ('Christmas Day').
 */
export const closedDayCopy = {
  /** At a date field (the booking form's, the move form's): why not, and what to do instead. */
  dateError: (reason: string) => `${closedLabel(reason)}. Please choose another date.`,
  /** A Monthly Visit plan's visit the rule put on a closed day, already stepped to an open one. */
  movedFrom: (date: string, reason: string) => `moved from ${date} (${closedLabel(reason)})`,
  /** The manage page of a visit whose day the business closed after it was booked. */
  heading: 'Your visit needs another day',
  closedOn: (date: string, reason: string) => `We are closed on ${date} (${reason}).`,
  offer: (when: string) => `The next open day with room for your visit is ${when}.`,
  /** What a paid one-time visit may do: the refund holds whatever the 24-hour rule says. */
  choiceRefund:
    'Move your visit, or cancel it with a full refund: the 24-hour rule does not apply to a day we closed.',
  choiceUnpaid: 'Move your visit, or cancel it: nothing has been charged.',
  choicePlan: 'Please choose another day of your plan month for this visit, or skip it below.',
  moveToOffer: (when: string) => `Move to ${when}`,
  movingToOffer: 'Moving…',
  chooseDay: 'Choose another day',
  chooseHeading: 'Choose another day',
  close: 'Close',
  cancelRefund: 'Cancel with a full refund',
  cancelRefundHeading: 'Cancel your visit with a full refund?',
  cancelRefundConfirm: 'Yes, cancel with a full refund',
  /** The offered day was booked by someone else between the email and the click (409). */
  offerTaken: (when: string) =>
    `Sorry, ${when} was booked by someone else just now. Please choose another day.`,
  /**
   * Said before a paid visit on a closed day is moved: once moved it is an ordinary visit again,
   * refunded only until the deadline of the visit as first booked.
   */
  moveEndsRefund:
    'Once moved, your visit can be cancelled for a refund only until 24 hours before the visit as first booked, and that time has passed.',
};

/** The Monthly Visit plan's four visits, shown in the booking form before anything is paid. */
export const monthlyVisitsCopy = {
  heading: 'Your visits this month',
  waiting: 'Choose a preferred date and time to see your four visits.',
  loading: 'Checking the places left for your visits…',
  failed: 'We could not check the places left for your visits.',
  failedNext: 'You can still continue: your visits are checked again when you book.',
  retry: 'Check again',
  renewsOn: (date: string) => `Renews on ${date}`,
  listLabel: 'Your four visits',
  allFree: 'Each of your four visits has a place in its window.',
  someFull: (count: number) =>
    count === 1
      ? 'One of your visits falls in a full window.'
      : `${String(count)} of your visits fall in full windows.`,
  /** Visits the rule put on a day we are closed, each moved to an open day of its week. */
  someMoved: (count: number) =>
    count === 1
      ? 'One visit moved to another day of its week: we are closed on its day.'
      : `${String(count)} visits moved to other days of their weeks: we are closed on their days.`,
  visit: (date: string, window: string) => `${date}, ${window}`,
  full: 'Full',
  firstFull: 'This window is full: please choose another preferred date or time.',
  chooseWindow: (week: string) => `Week of ${week}: choose another window`,
  choosePlaceholder: 'Choose a window',
  chooseRequired: 'Please choose another window for each visit marked full.',
  weekFull: (week: string) =>
    `The week of ${week} is fully booked. Please choose another start date.`,
};

/** A Monthly Visit plan in the payment modal's and the booking pages' summaries. */
export const planSummaryCopy = {
  schedule: 'Schedule',
  visits: 'Visits',
  renewsOn: 'Renews on',
  endsOn: 'Ends on',
  perMonth: (amount: string) => `${amount} a month`,
  status: 'Plan status',
  price: 'Price',
  /** A plan's status as its customer reads it. */
  statusLabels: {
    incomplete: 'Waiting for the first payment',
    active: 'Active',
    past_due: 'Payment overdue',
    ended: 'Ended',
  } satisfies Record<MonthlyPlanView['status'], string>,
};

/** A Monthly Visit plan on its manage page: its visits to skip or move, and the plan itself. */
export const managePlanCopy = {
  heading: 'Your Monthly Visit plan',
  visitsHeading: 'Your visits',
  visit: (date: string, window: string) => `${date}, ${window}`,
  noVisits: 'No visits are booked for this month yet.',
  skip: 'Skip',
  skipLabel: (date: string) => `Skip the visit of ${date}`,
  skipHeading: (date: string) => `Skip your visit of ${date}?`,
  /** Said before a skip is confirmed: the month is paid for as a whole. */
  skipNote: 'Skipping a visit of your plan is not refunded.',
  skipConfirm: 'Yes, skip this visit',
  skipKeep: 'Keep this visit',
  skipping: 'Skipping…',
  /**
   * A plan not paid yet is one unpaid hold (MonthlyPlanView.neverPaid): its visits are not
   * skipped one by one, calling off any of them cancels the whole plan.
   */
  cancelPlan: 'Cancel plan',
  cancelPlanLabel: (date: string) => `Cancel the plan, with the visit of ${date}`,
  cancelPlanHeading: 'Cancel your plan?',
  cancelPlanNote:
    'Your plan is not paid yet, so its visits cannot be skipped one by one: cancelling cancels the whole plan and all its visits. Nothing is charged.',
  cancelPlanConfirm: 'Yes, cancel my plan',
  cancelPlanKeep: 'Keep my plan',
  cancellingPlan: 'Cancelling…',
  move: 'Move',
  moveLabel: (date: string) => `Move the visit of ${date}`,
  moveHeading: (date: string) => `Move your visit of ${date}`,
  /**
   * The rule of api/src/domain/subscription/visit-schedule.ts: a plan month runs from a renewal
   * to the day before the next (Dec 7 to Jan 6), not along the calendar's month.
   */
  moveNote:
    'A visit of your plan can move to another day of its plan month, which runs until the day before your plan renews.',
  moveSubmit: 'Move this visit',
  moving: 'Moving…',
  close: 'Close',
  actionsHeading: 'Change your plan',
  cancel: 'Cancel at end of month',
  cancelConfirm: 'Yes, cancel at end of month',
  resume: 'Keep my plan',
  pause: 'Pause next month',
  /** Said before a pause is confirmed. */
  pauseNotice: (from: string) =>
    `Pausing skips the month from ${from}: no payment and no visits then. Your plan renews as usual the month after.`,
  pauseConfirm: 'Yes, pause next month',
  goBack: 'Go back',
  working: 'One moment…',
  updateCard: 'Update card',
  pastDue: 'Your last payment did not go through: update your card.',
  /** Neither the link's token nor a login proves the plan here: the email's link does. */
  updateCardByEmail: 'To update your card, use the link in our email about the failed payment.',
  /** A signed-in owner's button: the API answers the card page's address, then the page goes. */
  openingCardPage: 'Opening the card page…',
  /**
   * PlanMessages.paused also says when the plan renews after the pause, which the plan's view
   * does not carry (only the paused month's start), so the page says the first part alone.
   */
  pausedMonth: (from: string) =>
    `Your plan is paused for the month from ${from}: no payment and no visits then.`,
  /** A plan call refused for want of proof: a visit's own link proves only that visit. */
  notProven:
    "This link opens this visit only. To change your plan, use the link in your plan's emails, or log in.",
};

/** A plan member's discount on a one-time visit, as the summaries show the server's price. */
export const memberDiscountCopy = {
  fullPrice: 'Full price',
  discount: 'Discount',
  member: (percent: number) => `Monthly Visit member: ${String(percent)}% off`,
};

/**
 * The booking form of a one-time visit: what the emailed member link gives (the server prices
 * it), and how a member asks for that link.
 */
export const memberLinkCopy = {
  note: (percent: number) =>
    `Monthly Visit member discount: ${String(percent)}% off a one-time visit of another service, taken off before you pay (with the email address the link was sent to).`,
  toggle: (percent: number) => `Monthly Visit member? Get ${String(percent)}% off`,
  lead: 'We email the discount link to the address of your Monthly Visit plan. Book through that link to get the discount.',
  email: "Your plan's email address",
  send: 'Email me the link',
  sending: 'Sending…',
};

export const paymentCopy = {
  title: 'Complete Your Payment',
  summary: 'Order summary',
  service: 'Service',
  plan: 'Plan',
  date: 'Date',
  toBeScheduled: 'To be scheduled',
  time: 'Time',
  total: 'Total',
  methods: 'Payment method',
  card: 'Credit Card',
  paypal: 'PayPal',
  paypalNote: 'PayPal is not available yet. Please pay with a credit card.',
  cardNumber: 'Card Number',
  expiry: 'Expiry Date (MM/YY)',
  cvv: 'CVV',
  nameOnCard: 'Name on Card',
  cardDetails: 'Card details',
  cardLoading: 'Loading the secure card form…',
  cardUnavailable:
    'The secure card form could not load. Check your connection, or pay on the checkout page below.',
  ssl: 'Your payment is protected with SSL encryption.',
  back: 'Back',
  confirm: 'Confirm Payment',
  confirming: 'Processing…',
  checkoutInstead: 'Pay on a secure checkout page instead',
  redirecting: 'Taking you to the checkout page…',
};

/** How the booking flow ended, on the services page (BookingResult). */
export const bookingResultCopy = {
  bookedHeading: 'Thank you!',
  messageHeading: 'About your booking',
  unpaidHeading: 'Your booking is not paid yet',
  reference: 'Your reference:',
  manage: 'See or change your booking',
  dismiss: 'Done',
  unpaidText: (service: string) =>
    `Your ${service} booking is saved but not confirmed: it is confirmed once it is paid. We keep its place for you for a short while.`,
  unpaidEmail: 'We have emailed you a link to finish it later.',
  payNow: 'Pay now',
  cancel: 'Cancel booking',
  cancelQuestion: 'Cancel this booking? Its place goes back to other customers at once.',
  cancelConfirm: 'Yes, cancel it',
  cancelKeep: 'Keep it',
  cancelling: 'Cancelling…',
};
