import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_REQUEST_HOUR } from '../src/bookings/visit-times';
import { addDays, todayInToronto, torontoTimeToUtc } from '../src/domain/calendar/toronto-date';
import { REVIEW_LIMITS, ReviewMessages } from '../src/domain/review/review-messages';
import { QueueName } from '../src/jobs/job-definitions';
import { ReviewLinks } from '../src/reviews/review-links';
import { ReviewModel } from '../src/reviews/review-model';
import { signUp } from '../../tests/support/accounts';
import {
  startApiAndWorkers,
  type ApiHarness,
  type ProductHarness,
} from '../../tests/support/api-harness';
import { doneVisitToday, paidVisit, type PaidVisit } from '../../tests/support/done-visits';
import { mailbox, waitForMail } from '../../tests/support/mailbox';
import { jobCompleted } from '../../tests/support/settled-jobs';
import { testEnv } from '../../tests/support/test-env';

const PASSWORD = 'correct horse 42';
const REVIEW_LINK = /\/review\?token=([A-Za-z0-9._-]+)/;
const SUBJECT = /how was your/i;
/** The form limit of this file: high enough for its own bookings, low enough to reach. */
const FORM_LIMIT = 40;

describe('reviews: the thank-you email, the review link, moderation and the public list', () => {
  const env = testEnv({
    AUTH_RATE_LIMIT_MAX: '1000',
    FORM_RATE_LIMIT_MAX: String(FORM_LIMIT),
    // The rate-limit test sends from an address of its own, so it holds back nothing else here.
    TRUST_PROXY: '1',
  });
  let product: ProductHarness;
  let api: ApiHarness;
  let admin: string;
  let customer: string;
  /** The test's own signer: the same secret as the API's, to make links the API did not mail. */
  let links: ReviewLinks;
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    product = await startApiAndWorkers(env);
    api = product.api;
    admin = (await signUp(api.app, PASSWORD, 'admin')).token;
    customer = (await signUp(api.app, PASSWORD, 'customer')).token;
    links = new ReviewLinks(env.LINK_SECRET ?? '', api.context.config.SITE_URL);
  });
  afterAll(async () => {
    await product.close();
  });

  const doneVisit = (time: string, service = 'Painting') =>
    doneVisitToday(api.app, admin, { time, service });

  const reviewJob = async (bookingId: string) => {
    const job = await api.context.jobs
      .queue(QueueName.BookingEmails)
      .getJob(`review-request-${bookingId}`);
    if (!job) throw new Error(`no review request queued for ${bookingId}`);
    return job;
  };

  const visitOf = (token: string) => request(api.app).get('/api/reviews/visit').query({ token });
  const review = (body: object, from?: string) => {
    const post = request(api.app).post('/api/reviews');
    return (from ? post.set('X-Forwarded-For', from) : post).send(body);
  };
  const stored = (bookingId: string) => ReviewModel.findById(bookingId).lean();

  let first: PaidVisit;
  let firstToken: string;
  let second: PaidVisit;
  let third: PaidVisit;

  it('queues one thank-you for 9:00 the next morning in Toronto, which links the review page', async () => {
    first = await doneVisit('morning');
    const job = await reviewJob(first.id);
    expect(await job.getState()).toBe('delayed');
    const nextMorning = torontoTimeToUtc(addDays(todayInToronto(), 1), REVIEW_REQUEST_HOUR);
    expect(Math.abs(job.timestamp + job.delay - nextMorning.getTime())).toBeLessThan(5_000);

    // Nothing is sent before the morning; promoted, the worker sends it now.
    await job.promote();
    await jobCompleted(api.context.jobs, QueueName.BookingEmails, `review-request-${first.id}`);
    const mails = await waitForMail(first.email, { count: 2 });
    const thanks = mails.filter((mail) => SUBJECT.test(mail.Subject));
    expect(thanks).toHaveLength(1);
    const [mail] = thanks;
    expect(mail?.Subject).toContain('Painting');
    expect(mail?.Text).toContain(`${api.context.config.SITE_URL}/review?token=`);
    const token = REVIEW_LINK.exec(mail?.Text ?? '')?.[1];
    if (!token) throw new Error('no review link in the email');
    // The HTML version carries the same link, as an escaped attribute.
    expect(mail?.HTML).toContain(`/review?token=${token}`);
    firstToken = token;
  });

  it('shows the visit the link proves', async () => {
    const answer = await visitOf(firstToken);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({
      serviceId: 'painting',
      service: 'Painting',
      date: todayInToronto(),
      firstName: 'Maya',
      alreadyReviewed: false,
    });
  });

  it.each([
    ['a rating of 0', { rating: 0, text: 'A tidy, careful job.' }, ReviewMessages.ratingRequired],
    ['a rating of 6', { rating: 6, text: 'A tidy, careful job.' }, ReviewMessages.ratingRequired],
    [
      'a rating of 2.5',
      { rating: 2.5, text: 'A tidy, careful job.' },
      ReviewMessages.ratingRequired,
    ],
    [
      'a rating as text',
      { rating: '5', text: 'A tidy, careful job.' },
      ReviewMessages.ratingRequired,
    ],
    ['no rating', { text: 'A tidy, careful job.' }, ReviewMessages.ratingRequired],
    ['no text', { rating: 4 }, ReviewMessages.textRequired],
    ['blank text', { rating: 4, text: '   \n ' }, ReviewMessages.textRequired],
    ['too short a text', { rating: 4, text: 'Good job' }, ReviewMessages.textTooShort],
    [
      'too long a text',
      { rating: 4, text: 'x'.repeat(REVIEW_LIMITS.maxText + 1) },
      ReviewMessages.textTooLong,
    ],
    [
      'a control character',
      { rating: 4, text: 'Great work \u0007 thanks' },
      'Your review must not contain hidden control or text-direction characters.',
    ],
    [
      'a C1 control character (NEL)',
      { rating: 4, text: 'Great work\u0085 thanks' },
      'Your review must not contain hidden control or text-direction characters.',
    ],
    [
      'a right-to-left override',
      { rating: 4, text: 'Great work \u202Eskrow taerG' },
      'Your review must not contain hidden control or text-direction characters.',
    ],
    [
      'a direction isolate',
      { rating: 4, text: 'Great work \u2067thanks\u2069' },
      'Your review must not contain hidden control or text-direction characters.',
    ],
  ])('refuses %s with a 400 that says why, and stores nothing', async (_, form, message) => {
    const answer = await review({ token: firstToken, ...form });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(message);
    expect(await stored(first.id)).toBeNull();
  });

  it('takes 5 stars and a text once; the same link again is a 409 and changes nothing', async () => {
    const text = '  Careful painters: the hallway looks new, and they cleaned up after.  ';
    const answer = await review({ token: firstToken, rating: 5, text });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(ReviewMessages.thanks);
    const saved = await stored(first.id);
    expect(saved).toMatchObject({
      rating: 5,
      text: text.trim(),
      name: 'Maya S.',
      serviceId: 'painting',
      visitDate: todayInToronto(),
      status: 'pending',
      moderatedAt: null,
    });

    const again = await review({ token: firstToken, rating: 1, text: 'Changed my mind entirely.' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ReviewMessages.alreadyReviewed);
    expect(await stored(first.id)).toEqual(saved);

    const page = await visitOf(firstToken);
    expect(page.status).toBe(200);
    expect(page.body.alreadyReviewed).toBe(true);
  });

  it('refuses a tampered link, another link’s token and an unknown visit as not valid', async () => {
    const [id, expires, signature] = firstToken.split('.') as [string, string, string];
    const other = await paidVisit(api.app);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const refused = [
      `${id}.${expires}.${flipped}`,
      // A later expiry, or another booking, under the first link's signature.
      `${id}.${String(Number(expires) + 86_400)}.${signature}`,
      `${other.id}.${expires}.${signature}`,
      // The manage link's token of the same booking: signed for another purpose.
      api.context.links.token(id),
      `${id}.${expires}.${api.context.links.token(id)}`,
      links.token('0123456789abcdef0123456789abcdef'),
      'not a token',
    ];
    for (const token of refused) {
      const page = await visitOf(token);
      expect(page.status, token).toBe(404);
      expect(page.body.error).toBe(ReviewMessages.linkInvalid);
      const post = await review({ token, rating: 3, text: 'Somebody else’s visit entirely.' });
      expect(post.status, token).toBe(404);
      expect(post.body.error).toBe(ReviewMessages.linkInvalid);
    }
    expect(await stored(other.id)).toBeNull();
    expect((await stored(id))?.rating).toBe(5);
  });

  it('refuses an expired link with 410, and a visit that is not done with 409', async () => {
    second = await doneVisit('afternoon');
    const expired = links.token(second.id, new Date(Date.now() - 1_000));
    const page = await visitOf(expired);
    expect(page.status).toBe(410);
    expect(page.body.error).toBe(ReviewMessages.linkExpired);
    const post = await review({ token: expired, rating: 4, text: 'Too late for this one.' });
    expect(post.status).toBe(410);
    expect(post.body.error).toBe(ReviewMessages.linkExpired);

    // Paid, but its day is yet to come: nothing to review.
    const upcoming = await paidVisit(api.app);
    const notDone = links.token(upcoming.id);
    expect((await visitOf(notDone)).status).toBe(409);
    const early = await review({ token: notDone, rating: 4, text: 'Reviewing before the visit.' });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(ReviewMessages.notReviewable);
    expect(await stored(second.id)).toBeNull();
    expect(await stored(upcoming.id)).toBeNull();
  });

  it('keeps HTML text as typed and answers it as text', async () => {
    const text = '<script>alert("x")</script> <b>Great</b> & tidy, 5/5 & more';
    const answer = await review({ token: links.token(second.id), rating: 3, text });
    expect(answer.status).toBe(201);
    expect((await stored(second.id))?.text).toBe(text);
    const list = await request(api.app).get('/api/admin/reviews').set(bearer(admin));
    expect(list.type).toBe('application/json');
    const found = (list.body.reviews as { id: string; text: string }[]).find(
      (entry) => entry.id === second.id,
    );
    expect(found?.text).toBe(text);
  });

  it('does not ask for a review of a visit already reviewed', async () => {
    // The second visit was reviewed through a link made here before its morning email.
    await (await reviewJob(second.id)).promote();
    await jobCompleted(api.context.jobs, QueueName.BookingEmails, `review-request-${second.id}`);
    const mails = await mailbox().list({ to: second.email });
    expect(mails.filter((mail) => SUBJECT.test(mail.Subject))).toEqual([]);
  });

  it('answers 429 with its own message once one address sends too many reviews', async () => {
    const from = '203.0.113.77';
    for (let n = 1; n <= FORM_LIMIT; n += 1) {
      expect((await review({}, from)).status, `request ${String(n)}`).toBe(400);
    }
    const limited = await review({}, from);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(ReviewMessages.tooManyReviews);
    // Another address is not held back.
    expect((await review({}, '198.51.100.77')).status).toBe(400);
  });

  describe('moderation and the public list', () => {
    const list = () => request(api.app).get('/api/reviews');
    const moderate = (id: string, status: string, token?: string) => {
      const patch = request(api.app).patch(`/api/admin/reviews/${id}`);
      return (token ? patch.set(bearer(token)) : patch).send({ status });
    };

    it('shows no review until an operator approves one', async () => {
      third = await doneVisit('evening', 'Garden Maintenance');
      const posted = await review({
        token: links.token(third.id),
        rating: 4,
        text: 'The beds look great, though they came late.',
      });
      expect(posted.status).toBe(201);
      const answer = await list();
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=60');
      expect(answer.body).toEqual({ count: 0, average: 0, reviews: [] });
    });

    it('lets only an admin list and moderate reviews', async () => {
      expect((await request(api.app).get('/api/admin/reviews')).status).toBe(401);
      const asCustomer = await request(api.app).get('/api/admin/reviews').set(bearer(customer));
      expect(asCustomer.status).toBe(403);
      expect((await moderate(first.id, 'approved')).status).toBe(401);
      expect((await moderate(first.id, 'approved', customer)).status).toBe(403);
      expect((await stored(first.id))?.status).toBe('pending');

      const pending = await request(api.app)
        .get('/api/admin/reviews')
        .query({ status: 'pending' })
        .set(bearer(admin));
      expect(pending.status).toBe(200);
      expect(pending.body.counts).toEqual({ pending: 3, approved: 0, hidden: 0 });
      expect((pending.body.reviews as { id: string }[]).map((entry) => entry.id)).toEqual([
        third.id,
        second.id,
        first.id,
      ]);
    });

    it('refuses a status other than approved or hidden, and an unknown review', async () => {
      const wrong = await moderate(first.id, 'pending', admin);
      expect(wrong.status).toBe(400);
      expect((await stored(first.id))?.status).toBe('pending');
      const unknown = await moderate('0123456789abcdef0123456789abcdef', 'approved', admin);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe(ReviewMessages.reviewNotFound);
    });

    it('lists the approved reviews only, with their count and average', async () => {
      for (const id of [first.id, second.id, third.id]) {
        const approved = await moderate(id, 'approved', admin);
        expect(approved.status).toBe(200);
        expect(approved.body.review).toMatchObject({ id, status: 'approved' });
        expect(approved.body.message).toBe(ReviewMessages.moderated('approved'));
      }
      const hidden = await moderate(second.id, 'hidden', admin);
      expect(hidden.status).toBe(200);
      expect(hidden.body.review.moderatedBy).toMatch(/^admin:[a-f0-9]{24}$/);

      const answer = await list();
      expect(answer.body.count).toBe(2);
      expect(answer.body.average).toBe(4.5);
      expect(answer.body.reviews).toEqual([
        {
          id: third.id,
          name: 'Maya S.',
          rating: 4,
          text: 'The beds look great, though they came late.',
          serviceId: 'garden-maintenance',
          service: 'Garden Maintenance',
          date: todayInToronto(),
        },
        expect.objectContaining({ id: first.id, rating: 5, service: 'Painting' }),
      ]);
      // Nothing of the customer but the first name and initial: no email, address or reference.
      expect(JSON.stringify(answer.body)).not.toMatch(/@|Rosedale|HS-/);

      const painting = await request(api.app).get('/api/reviews').query({ service: 'painting' });
      expect(painting.body).toMatchObject({ count: 1, average: 5 });
      expect((painting.body.reviews as { id: string }[]).map((entry) => entry.id)).toEqual([
        first.id,
      ]);
      const unknown = await request(api.app).get('/api/reviews').query({ service: 'nope' });
      expect(unknown.status).toBe(400);
    });
  });
});
