/**
 * Mixed traffic for the failover tests: visitors who book and pay (with a photo), sign up,
 * subscribe and write to the business, an operator renewing plans, and a probe that writes every
 * quarter second to time the outage. Every answer is kept, so the test can say which requests
 * failed and how.
 */
import { testPaymentMethodFor } from '../../api/src/domain/payment/test-cards';
import { bookingFields } from './booking-form';
import { jpeg } from './images';
import { testEmail, uniqueId } from './test-env';

export type Kind = 'booking' | 'signup' | 'subscribe' | 'contact' | 'renewal' | 'probe';

/** One HTTP answer, or a request that got none (status 0). */
export interface Answer {
  path: string;
  status: number;
  retryAfter: string | null;
  startedAt: number;
  endedAt: number;
}

/** What one simulated visitor did, and what it finally came to. */
export interface Visit {
  scenario: string;
  kind: Kind;
  email: string;
  /** The last answer's status (after retrying the 503s of an election). */
  status: number;
  /** Whether an earlier attempt of this visit was a 503: its write may have landed. */
  retried: boolean;
  bookingId?: string;
  planId?: string;
  /** A contact message's words, found again in the business's notice. */
  marker?: string;
}

const PASSWORD = 'correct horse 42';
/** How long a visitor keeps trying while the site says "try again shortly" (503). */
const GIVE_UP_MS = 90_000;
/** A browser's visitor tries again soon; the server's Retry-After is an upper bound here. */
const RETRY_WAIT_MS = 400;

/** The one rule of the suite: a 5xx is only allowed as a 503 that says when to come back. */
export function isBadAnswer(answer: Answer): boolean {
  if (answer.status === 0) return true;
  return answer.status >= 500 && !(answer.status === 503 && answer.retryAfter !== null);
}

export interface TrafficOptions {
  apiUrl: string;
  adminToken: string;
  /** Plans the operator renews now and then (test provider), by id. */
  planIds: string[];
}

export class FailoverTraffic {
  readonly answers: Answer[] = [];
  readonly visits: Visit[] = [];
  private counter = 0;

  constructor(private readonly options: TrafficOptions) {}

  /** One request, its answer kept; a request that got no answer at all reads as status 0. */
  async call(path: string, init: RequestInit = {}): Promise<{ answer: Answer; body: unknown }> {
    const startedAt = Date.now();
    let answer: Answer;
    let body: unknown = null;
    try {
      const response = await fetch(`${this.options.apiUrl}${path}`, {
        ...init,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      try {
        body = text ? (JSON.parse(text) as unknown) : null;
      } catch {
        body = text;
      }
      answer = {
        path,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        startedAt,
        endedAt: Date.now(),
      };
    } catch {
      answer = { path, status: 0, retryAfter: null, startedAt, endedAt: Date.now() };
    }
    this.answers.push(answer);
    return { answer, body };
  }

  /** Sends until the answer is not a 503 (a visitor trying again), or gives up after a while. */
  private async withRetry(
    send: () => Promise<{ answer: Answer; body: unknown }>,
  ): Promise<{ answer: Answer; body: unknown; retried: boolean }> {
    const deadline = Date.now() + GIVE_UP_MS;
    let retried = false;
    for (;;) {
      const sent = await send();
      if (sent.answer.status !== 503 || Date.now() > deadline) return { ...sent, retried };
      retried = true;
      await new Promise((resolve) => setTimeout(resolve, RETRY_WAIT_MS));
    }
  }

  private json(body: unknown, headers: Record<string, string> = {}): RequestInit {
    return {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    };
  }

  /** Books a visit with a photo and pays it by test card; both sent again, as the site would. */
  async bookAndPay(scenario: string): Promise<Visit> {
    const fields = bookingFields();
    const email = fields.email ?? '';
    const key = `failover-${uniqueId()}`;
    const booked = await this.withRetry(() => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append(
        'image',
        new Blob([new Uint8Array(jpeg(48_000))], { type: 'image/jpeg' }),
        'a.jpg',
      );
      return this.call('/api/bookings', {
        method: 'POST',
        body: form,
        headers: { 'Idempotency-Key': key },
      });
    });
    const visit: Visit = {
      scenario,
      kind: 'booking',
      email,
      status: booked.answer.status,
      retried: booked.retried,
    };
    if (booked.answer.status !== 201 && booked.answer.status !== 200) return this.keep(visit);
    const { booking, token } = booked.body as { booking: { id: string }; token: string };
    visit.bookingId = booking.id;
    const paid = await this.withRetry(() =>
      this.call(
        '/api/payments',
        this.json({
          bookingId: booking.id,
          amount: 14_900,
          paymentMethod: 'card',
          customerEmail: email,
          paymentMethodId: testPaymentMethodFor('4242 4242 4242 4242'),
          token,
        }),
      ),
    );
    visit.status = paid.answer.status;
    visit.retried ||= paid.retried;
    return this.keep(visit);
  }

  async signUp(scenario: string): Promise<Visit> {
    const email = testEmail('member');
    const sent = await this.withRetry(() =>
      this.call(
        '/api/auth/register',
        this.json({
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          firstName: 'Sam',
          lastName: 'Lee',
          address: '12 Rosedale Ave',
        }),
      ),
    );
    return this.keep({
      scenario,
      kind: 'signup',
      email,
      status: sent.answer.status,
      retried: sent.retried,
    });
  }

  async subscribe(scenario: string, kind: 'subscribe' | 'probe' = 'subscribe'): Promise<Visit> {
    const email = testEmail(kind === 'probe' ? 'probe' : 'reader');
    const send = () => this.call('/api/subscribe', this.json({ email }));
    // The probe does not retry: each of its requests is one reading of "can we write now".
    const sent =
      kind === 'probe' ? { ...(await send()), retried: false } : await this.withRetry(send);
    return this.keep({ scenario, kind, email, status: sent.answer.status, retried: sent.retried });
  }

  /**
   * Not sent again after a 503: the message may have been saved before the answer failed, and a
   * second one would be the visitor's own duplicate. The follow-up sweep notices a saved one.
   */
  async contact(scenario: string): Promise<Visit> {
    const email = testEmail('writer');
    const marker = `failover message ${uniqueId()}`;
    const sent = await this.call(
      '/api/contact',
      this.json({
        fullName: 'Ana Lima',
        email,
        phone: '416-555-0142',
        subject: marker,
        message: marker,
      }),
    );
    return this.keep({
      scenario,
      kind: 'contact',
      email,
      status: sent.answer.status,
      retried: false,
      marker,
    });
  }

  /** The operator renews a plan now (the test provider bills the next month). Not sent again. */
  async renew(scenario: string): Promise<Visit> {
    const { planIds, adminToken } = this.options;
    const planId = planIds[this.counter % planIds.length] ?? '';
    this.counter += 1;
    const sent = await this.call(`/api/admin/plans/${planId}/renew`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    return this.keep({
      scenario,
      kind: 'renewal',
      email: '',
      planId,
      status: sent.answer.status,
      retried: false,
    });
  }

  private keep(visit: Visit): Visit {
    this.visits.push(visit);
    return visit;
  }
}
