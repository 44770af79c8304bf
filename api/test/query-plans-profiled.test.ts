import { randomUUID } from 'node:crypto';
import mongoose from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInToronto } from '../src/domain/calendar/toronto-date';
import { QuoteLinks } from '../src/quotes/quote-links';
import { ReviewModel } from '../src/reviews/review-model';
import { deleteExpiredPhotos } from '../src/retention/photo-retention';
import { settleFinishedCampaigns } from '../src/retention/delivery-retention';
import { RESET_LINK, signUp, tokenIn, type TestAccount } from '../../tests/support/accounts';
import { startApiAndWorkers, type ProductHarness } from '../../tests/support/api-harness';
import { bookingFields, withFields, workingDay } from '../../tests/support/booking-form';
import { paidVisit } from '../../tests/support/done-visits';
import { waitForMail } from '../../tests/support/mailbox';
import { activePlan } from '../../tests/support/plans';
import {
  profiledOperations,
  startProfiling,
  stopProfiling,
  type ProfiledOperation,
} from '../../tests/support/query-profile';
import { seedForQueryPlans } from '../../tests/support/query-plans';
import { jobsSettled } from '../../tests/support/settled-jobs';
import { testEmail, testEnv } from '../../tests/support/test-env';

/**
 * What the product's actions ask of MongoDB, as MongoDB ran it: the API's writes (sign-up, reset,
 * profile, booking and payment, plan, quote, review moderation, contact, subscription, the
 * operator's moves) and everything the workers do for them in their own process (payment events,
 * invoices, every email's reads, refunds, plan renewals' bookkeeping), plus the retention sweeps.
 * MongoDB's profiler records each operation with the plan it ran (the same planner `explain`
 * asks), so the workers' queries are judged as sent, without restating them. None may scan a
 * collection or sort in memory, on a database the scale seed filled (query-plans.test.ts says
 * why a small scale does).
 */
const PASSWORD = 'correct horse 42';

let product: ProductHarness;
let env: Record<string, string>;
let admin: TestAccount;
let started: Date;
const today = todayInToronto();
const app = () => product.api.app;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeAll(async () => {
  env = testEnv({ FORM_RATE_LIMIT_MAX: '1000', AUTH_RATE_LIMIT_MAX: '1000' });
  product = await startApiAndWorkers(env);
  await seedForQueryPlans(env, today);
  admin = await signUp(app(), PASSWORD, 'admin');
  started = await startProfiling();
}, 240_000);

afterAll(async () => {
  await stopProfiling();
  await mongoose.connection.db?.dropDatabase();
  await product.close();
});

/** 200 (or `status`) from the API, with its body in the message otherwise. */
function ok(answer: request.Response, status = 200): request.Response {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  return answer;
}

describe('the actions’ and the workers’ queries, as MongoDB ran them on the scale seed', () => {
  it('run every flow, then find no scan and no in-memory sort in the profile', async () => {
    // An account: sign-up (its welcome and verification emails), a forgotten password and its
    // reset by the emailed link, the profile read and changed.
    const email = testEmail('profiled');
    const registered = ok(
      await request(app()).post('/api/auth/register').send({
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Ana',
        lastName: 'Costa',
        address: '12 Rosedale Ave, Toronto',
      }),
      201,
    );
    const customer = registered.body.token as string;
    ok(await request(app()).post('/api/auth/forgot-password').send({ email }));
    const mails = await waitForMail(email, { count: 2 });
    const reset = mails.find((mail) => mail.Subject.startsWith('Reset your'));
    const resetToken = tokenIn(reset?.Text ?? '', RESET_LINK);
    ok(
      await request(app())
        .post(`/api/auth/reset-password/${resetToken}`)
        .send({ password: `${PASSWORD} again` }),
    );
    const login = ok(
      await request(app())
        .post('/api/auth/login')
        .send({ email, password: `${PASSWORD} again` }),
    );
    const signedIn = login.body.token as string;
    ok(await request(app()).get('/api/me/profile').set(bearer(signedIn)));
    ok(
      await request(app())
        .put('/api/me/profile')
        .set(bearer(signedIn))
        .send({ firstName: 'Ana', lastName: 'Costa', phone: '416-555-0142' }),
    );
    expect(customer).not.toBe(signedIn);

    // A visit booked and paid (the payment event, its invoice and confirmation in the workers),
    // given a crew, moved, marked done (its review request), and another cancelled by its link.
    const visit = await paidVisit(app(), { date: workingDay(addDays(today, 40)) });
    const board = ok(
      await request(app()).get(`/api/admin/schedule?week=${today}`).set(bearer(admin.token)),
    ).body as { crews: { id: string }[] };
    ok(
      await request(app())
        .put(`/api/admin/bookings/${visit.id}/crew`)
        .set(bearer(admin.token))
        .send({ crewId: board.crews[0]?.id ?? null }),
    );
    ok(
      await request(app())
        .post(`/api/admin/bookings/${visit.id}/schedule`)
        .set(bearer(admin.token))
        .send({ date: workingDay(addDays(today, 47)), time: 'afternoon' }),
    );
    // The site sends every booking with an Idempotency-Key: a second press is the same booking.
    const again = bookingFields({ date: workingDay(addDays(today, 50)) });
    const key = randomUUID();
    const book = () =>
      withFields(request(app()).post('/api/bookings').set('Idempotency-Key', key), again);
    const booked = ok(await book(), 201);
    expect(ok(await book()).body.booking.id).toBe(booked.body.booking.id);
    ok(
      await request(app())
        .post(`/api/bookings/${booked.body.booking.id as string}/cancel`)
        .send({ token: booked.body.token as string }),
    );

    // A Monthly Visit plan paid in page, then ended by an operator.
    const plan = await activePlan(app(), { date: workingDay(addDays(today, 60)) });
    ok(await request(app()).post(`/api/admin/plans/${plan.id}/cancel`).set(bearer(admin.token)));

    // A quote: the estimate asked for, written, sent and accepted by its link.
    const estimate = ok(
      await withFields(
        request(app()).post('/api/bookings'),
        bookingFields({
          date: workingDay(addDays(today, 70)),
          service: 'construction-estimate',
          plan: 'custom-estimate',
        }),
      ),
      201,
    );
    const drafted = ok(
      await request(app())
        .post('/api/admin/quotes')
        .set(bearer(admin.token))
        .send({ estimateId: estimate.body.booking.id as string }),
      201,
    );
    const quoteId = drafted.body.quote.id as string;
    ok(
      await request(app())
        .put(`/api/admin/quotes/${quoteId}`)
        .set(bearer(admin.token))
        .send({
          lines: [
            { description: 'Cedar deck', quantity: 1, unitPriceCents: 500_000, optional: false },
          ],
          validUntil: addDays(today, 30),
          depositPercent: null,
          terms: 'Prices include HST.',
          note: '',
        }),
    );
    ok(await request(app()).post(`/api/admin/quotes/${quoteId}/send`).set(bearer(admin.token)));
    const quoteToken = new QuoteLinks(
      env.LINK_SECRET ?? '',
      product.api.context.config.SITE_URL,
    ).token(quoteId);
    ok(
      await request(app())
        .post(`/api/quotes/${quoteId}/accept`)
        .send({ token: quoteToken, name: 'Ana Costa', optionalItems: [] }),
    );

    // A review moderated; a contact message; a newsletter subscription.
    const pending = await ReviewModel.findOne({ status: 'pending' }, { _id: 1 }).lean();
    expect(pending, 'the seed made a review waiting for moderation').not.toBeNull();
    ok(
      await request(app())
        .patch(`/api/admin/reviews/${String(pending?._id)}`)
        .set(bearer(admin.token))
        .send({ status: 'approved' }),
    );
    ok(
      await request(app())
        .post('/api/contact')
        .send({
          fullName: 'Ana Costa',
          email: testEmail('writer'),
          phone: '416-555-0199',
          subject: 'Spring garden clean-up',
          message: 'Could you quote a spring clean-up for a small backyard?',
        }),
      201,
    );
    ok(
      await request(app())
        .post('/api/subscribe')
        .send({ email: testEmail('reader') }),
    );

    // The daily retention sweeps, as the workers' job runs them.
    await deleteExpiredPhotos({ delete: () => Promise.resolve() }, new Date());
    await settleFinishedCampaigns(new Date());

    await jobsSettled(product.api.context.jobs);

    const operations = await profiledOperations(started);
    const problems = operations
      .filter((operation) => operation.problems.length > 0)
      .map(describeProblem);
    if (process.env.QUERY_PLANS_REPORT) console.log(operations.map(describeOperation).join('\n'));
    // Something ran on each side: a profile of nothing proves nothing.
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.some((operation) => operation.collection === 'invoices')).toBe(true);
    expect(problems).toEqual([]);
  }, 180_000);
});

function describeOperation(operation: ProfiledOperation): string {
  return `${operation.collection}.${operation.op} | ${operation.planSummary} | ${operation.filter}`;
}

function describeProblem(operation: ProfiledOperation): string {
  return `${describeOperation(operation)} | ${operation.problems.join(', ')}`;
}
