import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { planStanding } from '@hs/api/domain/subscription/plan-standing';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BookingSummary } from './BookingSummary';

const MORNING = 'Morning (8am-12pm)';
const visitDates = ['2030-03-05', '2030-03-12', '2030-03-19', '2030-03-26'];

const standingFacts = {
  status: 'active',
  nextPeriodStart: '2030-04-05',
  pausedMonth: null,
  cancelAtPeriodEnd: false,
  endedOn: null,
} as const;

const visit: BookingView = {
  id: 'a'.repeat(32),
  reference: 'HS-1001',
  service: 'Garden Maintenance',
  serviceId: 'garden-maintenance',
  plan: 'Monthly Visit',
  planId: 'monthly',
  date: '2030-03-05',
  time: 'morning',
  timeLabel: MORNING,
  amountCents: 24_900,
  currency: 'cad',
  status: 'paid',
  hasImage: false,
  createdAt: '2030-03-01T12:00:00.000Z',
  discount: null,
  monthlyPlan: {
    id: 'a'.repeat(32),
    status: 'active',
    rule: '4 visits a month: every Tuesday, Morning (8am-12pm), starting 2030-03-05.',
    amountCents: 24_900,
    periodStart: '2030-03-05',
    nextPeriodStart: '2030-04-05',
    standing: planStanding(standingFacts),
    neverPaid: false,
    visits: visitDates.map((date, index) => ({
      id: String(index).repeat(32),
      date,
      time: 'morning',
      timeLabel: MORNING,
      status: index === 1 ? 'cancelled' : 'paid',
    })),
  },
};

afterEach(cleanup);

describe('BookingSummary', () => {
  it('shows a Monthly Visit plan: its rule, its visits and where each stands, its renewal', () => {
    render(<BookingSummary booking={visit} />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(
      visitDates.map(
        (date, index) => `${longDate(date)}, ${MORNING} – ${index === 1 ? 'Cancelled' : 'Paid'}`,
      ),
    );
    screen.getByText(/every Tuesday/);
    expect(screen.getByText('Renews on').nextElementSibling?.textContent).toBe(
      longDate('2030-04-05'),
    );
    screen.getByText('$249 a month');
  });

  it('says when a plan stopping at the end of its month ends', () => {
    const plan = visit.monthlyPlan;
    if (plan === null) throw new Error('no plan');
    render(
      <BookingSummary
        booking={{
          ...visit,
          monthlyPlan: {
            ...plan,
            standing: planStanding({ ...standingFacts, cancelAtPeriodEnd: true }),
          },
        }}
      />,
    );
    expect(screen.getByText('Ends on').nextElementSibling?.textContent).toBe(
      longDate('2030-04-05'),
    );
    expect(screen.queryByText('Renews on')).toBeNull();
  });

  it('keeps a single visit as it was', () => {
    render(
      <BookingSummary
        booking={{
          ...visit,
          plan: 'One-time Visit',
          planId: 'one-time',
          amountCents: 14_900,
          monthlyPlan: null,
        }}
      />,
    );
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByText('Renews on')).toBeNull();
    screen.getByText('$149');
    expect(screen.queryByText('Full price')).toBeNull();
  });

  it('shows where the visit is, its postal code included when the booking has one', () => {
    const where = { ...visit, monthlyPlan: null, address: '12 Rosedale Ave' };
    render(<BookingSummary booking={{ ...where, postalCode: 'M4W 1P8' }} />);
    expect(screen.getByText('Address').nextElementSibling?.textContent).toBe('12 Rosedale Ave');
    expect(screen.getByText('Postal code').nextElementSibling?.textContent).toBe('M4W 1P8');
    cleanup();
    // A booking from before the form asked for it has none: no empty row.
    render(<BookingSummary booking={{ ...where, postalCode: '' }} />);
    expect(screen.queryByText('Postal code')).toBeNull();
  });

  it("shows a plan member's visit at its full price struck, the discount and the total paid", () => {
    render(
      <BookingSummary
        booking={{
          ...visit,
          service: 'Painting',
          serviceId: 'painting',
          plan: 'One-time Visit',
          planId: 'one-time',
          amountCents: 13_410,
          monthlyPlan: null,
          discount: { percent: 10, fullPriceCents: 14_900 },
        }}
      />,
    );
    const fullPrice = screen.getByText('Full price').nextElementSibling;
    expect(fullPrice?.querySelector('s')?.textContent).toBe('$149');
    expect(screen.getByText('Discount').nextElementSibling?.textContent).toBe(
      'Monthly Visit member: 10% off',
    );
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('$134.10');
    // The rows come in reading order: what it cost, what came off, what was paid.
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms.slice(terms.indexOf('Full price'), terms.indexOf('Total') + 1)).toEqual([
      'Full price',
      'Discount',
      'Total',
    ]);
  });
});
