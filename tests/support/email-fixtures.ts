import { BookingModel, type BookingDocument } from '../../api/src/bookings/booking-model';
import { timeLabel } from '../../api/src/domain/booking/booking-schema';
import {
  planStanding,
  type MonthlyPlanView,
} from '../../api/src/domain/subscription/plan-standing';
import {
  SubscriptionModel,
  type SubscriptionDocument,
} from '../../api/src/subscriptions/subscription-model';

/**
 * Bookings and a Monthly Visit plan in every state the email templates read, built in memory (no
 * database): the tests that render every template start from these, so a template added later
 * has its material here already.
 */

/** What the customer typed into the form: the fields an email may or may not repeat. */
export interface TypedFields {
  name: string;
  address: string;
  /** The estimate form's project description. */
  details: string;
}

export const ORDINARY_TYPING: TypedFields = {
  name: 'Maya Singh',
  address: '12 Rosedale Ave, Toronto, ON',
  details: 'Two bedrooms, walls and ceilings.',
};

export interface EmailFixtures {
  booking: (overrides?: Record<string, unknown>) => BookingDocument;
  estimate: (overrides?: Record<string, unknown>) => BookingDocument;
  plan: SubscriptionDocument;
  /** The plan's first month: four visits, the second of them skipped. */
  planVisits: BookingDocument[];
  /** The same visits waiting for a late renewal's payment. */
  heldVisits: BookingDocument[];
  view: MonthlyPlanView;
}

export function emailFixtures(typed: TypedFields = ORDINARY_TYPING): EmailFixtures {
  function booking(overrides: Record<string, unknown> = {}): BookingDocument {
    return new BookingModel({
      reference: 'HS-7K3F9Q',
      name: typed.name,
      phone: '416-555-0199',
      email: 'maya@example.com',
      address: typed.address,
      postalCode: 'M4W 1P8',
      serviceId: 'painting',
      planId: 'one-time',
      date: '2026-12-09',
      time: 'morning',
      amountCents: 14_900,
      status: 'paid',
      details: typed.details,
      history: [
        {
          from: null,
          to: 'pending_payment',
          by: 'customer',
          at: new Date('2026-11-20T15:00:00Z'),
        },
        { from: 'pending_payment', to: 'paid', by: 'evt', at: new Date('2026-11-20T15:05:00Z') },
      ],
      updatedAt: new Date('2026-11-21T10:00:00Z'),
      ...overrides,
    });
  }

  const estimate = (overrides: Record<string, unknown> = {}) =>
    booking({
      serviceId: 'construction-estimate',
      planId: 'custom-estimate',
      amountCents: null,
      status: 'estimate_scheduled',
      ...overrides,
    });

  const plan = new SubscriptionModel({
    _id: 'a'.repeat(32),
    reference: 'HS-PLAN01',
    name: typed.name,
    phone: '416-555-0199',
    email: 'maya@example.com',
    address: typed.address,
    serviceId: 'lawn-repair',
    anchorDate: '2026-12-07',
    time: 'morning',
    amountCents: 24_900,
    status: 'active',
    paidPeriods: [0],
    pausedPeriods: [1],
    unplacedVisits: [{ periodIndex: 1, visitIndex: 3, week: '2027-01-25' }],
    endedAt: new Date('2027-01-07T05:00:00Z'),
    endReason: 'operator',
  });

  const visitDates = ['2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28'];
  const planVisits = visitDates.map((date, index) =>
    booking({
      serviceId: 'lawn-repair',
      planId: 'monthly',
      subscriptionId: plan.id as string,
      periodIndex: 0,
      visitIndex: index,
      date,
      status: index === 1 ? 'skipped' : 'paid',
      amountCents: index === 0 ? 24_900 : 0,
    }),
  );
  const heldVisits = planVisits.map((visit) =>
    booking({
      ...visit.toObject(),
      status: 'pending_payment',
      holdUntil: new Date('2027-01-10T20:00:00Z'),
    }),
  );

  const view: MonthlyPlanView = {
    id: plan.id as string,
    status: 'active',
    rule: 'The rule',
    amountCents: 24_900,
    periodStart: '2026-12-07',
    nextPeriodStart: '2027-01-07',
    standing: planStanding({
      status: 'active',
      nextPeriodStart: '2027-01-07',
      pausedMonth: { from: '2027-01-07', until: '2027-02-07', begun: false },
      cancelAtPeriodEnd: false,
      endedOn: null,
    }),
    neverPaid: false,
    visits: planVisits.map((visit) => ({
      id: visit.id as string,
      date: visit.date,
      time: visit.time,
      timeLabel: timeLabel(visit.time),
      status: visit.status,
    })),
  };

  return { booking, estimate, plan, planVisits, heldVisits, view };
}
