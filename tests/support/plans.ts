import request from 'supertest';
import { expect } from 'vitest';
import { testPaymentMethodFor } from '../../api/src/domain/payment/test-cards';
import { SubscriptionModel } from '../../api/src/subscriptions/subscription-model';
import { bookingFields, withFields, type BookingFields } from './booking-form';
import { eventually } from './poll';

type App = Parameters<typeof request>[0];

export interface PaidPlan {
  id: string;
  token: string;
  email: string;
  /** The first visit's date. */
  date: string;
}

/** Pays a plan's first month in page with a test card (4242 4242 4242 4242 unless told). */
export function payPlanInPage(
  app: App,
  plan: { id: string; token: string; email: string },
  card = '4242 4242 4242 4242',
) {
  return request(app)
    .post('/api/payments')
    .send({
      bookingId: plan.id,
      amount: 24_900,
      paymentMethod: 'card',
      customerEmail: plan.email,
      paymentMethodId: testPaymentMethodFor(card) ?? '',
      token: plan.token,
    });
}

/**
 * A Monthly Visit plan booked as the site books it (from the account of `login`, if given) and
 * its first month paid with the test card, once the provider's events have made it active.
 */
export async function activePlan(
  app: App,
  overrides: BookingFields = {},
  login?: string,
): Promise<PaidPlan> {
  const fields = bookingFields({ plan: 'monthly', ...overrides });
  let post = request(app).post('/api/bookings');
  if (login) post = post.set('Authorization', `Bearer ${login}`);
  const booked = await withFields(post, fields);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const plan = {
    id: booked.body.booking.id as string,
    token: booked.body.token as string,
    email: fields.email ?? '',
    date: fields.date ?? '',
  };
  const paid = await payPlanInPage(app, plan);
  expect(paid.status).toBe(200);
  await eventually(async () =>
    expect((await SubscriptionModel.findById(plan.id))?.status).toBe('active'),
  );
  return plan;
}
