import request from 'supertest';
import { expect } from 'vitest';
import { BookingModel } from '../../api/src/bookings/booking-model';
import { todayInToronto } from '../../api/src/domain/calendar/toronto-date';
import { TEST_PAYMENT_METHODS } from '../../api/src/domain/payment/test-cards';
import { bookingFields, isWorkingDay, withFields, type BookingFields } from './booking-form';
import { eventually } from './poll';

type App = Parameters<typeof request>[0];

/**
 * On a public holiday nothing is booked or moved onto today (the business calendar), yet a test
 * of the operator's day needs a visit that was due today: the booking is put there directly, as
 * a visit made before the day was closed would be. Its place stays where it was taken.
 */
export async function visitMadeOnClosedDay(bookingId: string, date: string): Promise<void> {
  await BookingModel.updateOne({ _id: bookingId }, { $set: { date } });
}

export interface PaidVisit {
  id: string;
  /** The customer's address, of this booking only. */
  email: string;
}

/**
 * A One-time Visit booked through the form and paid with the local test provider's card, as the
 * site's card form pays; waits until the payment event has made it paid (the workers must run).
 * A visit for today is booked ahead (today's windows close to customers as the day goes on:
 * docs/product.md, Decisions) and moved to today by an operator, as the console would.
 */
export async function paidVisit(
  app: App,
  overrides: BookingFields = {},
  operatorToken?: string,
): Promise<PaidVisit> {
  const today = todayInToronto();
  const { date: wanted, ...rest } = overrides;
  const moveToToday = wanted === today;
  const fields = bookingFields(moveToToday || wanted === undefined ? rest : overrides);
  const booked = await withFields(request(app).post('/api/bookings'), fields);
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const id = booked.body.booking.id as string;
  const email = fields.email ?? '';
  const paid = await request(app)
    .post('/api/payments')
    .send({
      bookingId: id,
      amount: 14900,
      paymentMethod: 'card',
      customerEmail: email,
      paymentMethodId: TEST_PAYMENT_METHODS.succeeds,
      token: booked.body.token as string,
    });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  await eventually(async () => expect((await BookingModel.findById(id))?.status).toBe('paid'));
  if (moveToToday) {
    if (!operatorToken)
      throw new Error('a visit today is moved there by an operator: pass a token');
    if (!isWorkingDay(today)) {
      await visitMadeOnClosedDay(id, today);
      return { id, email };
    }
    const moved = await request(app)
      .post(`/api/admin/bookings/${id}/schedule`)
      .set('Authorization', `Bearer ${operatorToken}`)
      .send({ date: today, time: fields.time ?? 'morning' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  return { id, email };
}

/**
 * A paid visit today, marked done by an operator through the admin route as the console does: its
 * review request is queued for the next morning.
 */
export async function doneVisitToday(
  app: App,
  adminToken: string,
  overrides: BookingFields = {},
): Promise<PaidVisit> {
  const visit = await paidVisit(app, { date: todayInToronto(), ...overrides }, adminToken);
  const done = await request(app)
    .patch(`/api/admin/bookings/${visit.id}`)
    .set('Authorization', `Bearer ${adminToken}`)
    .send({ status: 'done' });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return visit;
}
