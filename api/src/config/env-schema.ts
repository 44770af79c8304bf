import { MongoClient } from 'mongodb';
import { z } from 'zod';
import { DEFAULT_SERVICE_AREAS, normaliseServiceArea } from '../domain/booking/service-area';
import { DEFAULT_SAME_DAY_LEAD_HOURS } from '../domain/booking/same-day';
import { CREW_NAME_MAX, crewId, crewNames } from '../domain/admin/crews';
import { OPTIONAL_HOLIDAY_IDS, type OptionalHolidayId } from '../domain/calendar/ontario-holidays';

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol.replace(':', ''));
      } catch {
        return false;
      }
    },
    { message: `must be a URL (${protocols.join(', ')})` },
  );

/**
 * A MongoDB connection string as the driver reads it: a replica set's several hosts
 * (`mongodb://a:27017,b:27017/?replicaSet=rs0`), which WHATWG URLs refuse, or a `mongodb+srv://`
 * name. The driver's own parser decides, so what passes here is what connects; constructing a
 * client only parses, it opens no connection and resolves no name.
 */
const mongoUrl = z.string().superRefine((value, context) => {
  try {
    new MongoClient(value);
  } catch (error) {
    // The driver's reason can quote the connection string, password included: never echo that.
    const userInfo = /^[^:]+:\/\/([^@/]*)@/.exec(value)?.[1];
    let reason = error instanceof Error ? error.message : String(error);
    if (userInfo) reason = reason.split(userInfo).join('…');
    context.addIssue({
      code: 'custom',
      message: `must be a MongoDB connection string (mongodb:// or mongodb+srv://): ${reason}`,
    });
  }
});

/** host:port, a host being a name, an IPv4 address or an IPv6 address in brackets. */
const HOST_PORT =
  /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)):(\d{1,5})$/;

/** 'sentinel-0.redis:26379, 10.0.0.12:26379': the sentinels' addresses, each host:port. */
const sentinelList = z.string().transform((value, context) => {
  const sentinels: { host: string; port: number }[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const match = HOST_PORT.exec(entry);
    const host = match?.[1] ?? match?.[2];
    const port = Number(match?.[3]);
    if (host === undefined || port < 1 || port > 65535) {
      context.addIssue({
        code: 'custom',
        message: `${entry} is not a sentinel's host:port (like sentinel-0.redis:26379)`,
      });
      return z.NEVER;
    }
    sentinels.push({ host, port });
  }
  if (sentinels.length === 0) {
    context.addIssue({ code: 'custom', message: 'must name at least one sentinel (host:port)' });
    return z.NEVER;
  }
  return sentinels;
});

/** 'https://a.example, https://b.example': each exactly an origin (no path, no trailing slash). */
const originList = z.string().transform((value, context) => {
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of origins) {
    // The browser's Origin header is compared as text, so only the exact form can ever match.
    const exact = URL.canParse(origin) && new URL(origin).origin === origin;
    if (!exact || !/^https?:/.test(origin)) {
      context.addIssue({
        code: 'custom',
        message: `${origin} is not an origin (http(s)://host[:port], no path)`,
      });
      return z.NEVER;
    }
  }
  return origins;
});

/**
 * 'M, K1A': the postal-code areas served, comma-separated; each a forward sortation area (M4W) or
 * a prefix of one (M, M4). At least one: an empty list would refuse every booking.
 */
const serviceAreaList = z.string().transform((value, context) => {
  const areas: string[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const area = normaliseServiceArea(entry);
    if (area === null) {
      context.addIssue({
        code: 'custom',
        message: `${entry} is not a postal-code area (1 to 3 characters of a Canadian FSA, like M or M4W)`,
      });
      return z.NEVER;
    }
    areas.push(area);
  }
  if (areas.length === 0) {
    context.addIssue({ code: 'custom', message: 'must name at least one postal-code area' });
    return z.NEVER;
  }
  return areas;
});

/** 'civic-holiday, easter-monday': optional holidays the business closes on, besides the nine. */
const holidayList = z.string().transform((value, context) => {
  const ids = value
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  const known = new Set<string>(OPTIONAL_HOLIDAY_IDS);
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) {
    context.addIssue({
      code: 'custom',
      message: `unknown holiday ${unknown.join(', ')} (known: ${OPTIONAL_HOLIDAY_IDS.join(', ')})`,
    });
    return z.NEVER;
  }
  return [...new Set(ids)] as OptionalHolidayId[];
});

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every variable a process reads, one definition each. The API and the workers pick the groups
 * they need; .env.example and docker-compose.yml are checked against these lists by a test.
 */
export const runtimeEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};

export const mongoEnv = {
  MONGO_URL: mongoUrl,
  MONGO_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/, 'must be a database name')
    .optional(),
  // Off where many processes start at once (Kubernetes): `npm run db:indexes` builds them once.
  MONGO_AUTO_INDEX: booleanFlag.default(true),
};

export const redisEnv = {
  /** Redis at one address (a managed endpoint that follows its primary, or a lone server). */
  REDIS_URL: url(['redis', 'rediss']).optional(),
  /** Or through Sentinel: the sentinels that know which node is the master now. */
  REDIS_SENTINELS: sentinelList.optional(),
  /** The name the sentinels monitor the master by (`sentinel monitor <name> ...`). */
  REDIS_SENTINEL_NAME: z
    .string()
    .regex(/^[\x21-\x7e]+$/, 'printable characters only, no spaces')
    .optional(),
  /** The sentinels' own password (their `requirepass`), when they have one. */
  REDIS_SENTINEL_PASSWORD: z.string().optional(),
  /** The data nodes' password, for REDIS_SENTINELS or a REDIS_URL that carries none. */
  REDIS_PASSWORD: z.string().optional(),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, - and _ only')
    .default('hs'),
};

/**
 * A rule between variables, which no one variable's schema can see. `loadConfig` applies it to
 * every process that reads all of its variables, on the values as set (blank counts as unset).
 */
export interface EnvRule {
  variables: readonly string[];
  /** Each problem as `NAME: reason`, like those of a single variable. */
  problems(set: Readonly<Record<string, string>>): string[];
}

const SENTINEL_ONLY = ['REDIS_SENTINEL_NAME', 'REDIS_SENTINEL_PASSWORD'] as const;

/** Redis is reached one way: at REDIS_URL, or through the sentinels of REDIS_SENTINELS. */
const oneRedis: EnvRule = {
  variables: Object.keys(redisEnv),
  problems(set) {
    const { REDIS_URL: url, REDIS_SENTINELS: sentinels } = set;
    if (url === undefined && sentinels === undefined) {
      return [
        'REDIS_URL: is required (or REDIS_SENTINELS with REDIS_SENTINEL_NAME, to reach Redis through Sentinel)',
      ];
    }
    if (url !== undefined && sentinels !== undefined) {
      return ['REDIS_SENTINELS: set REDIS_URL or REDIS_SENTINELS, not both'];
    }
    if (url !== undefined) {
      const problems = SENTINEL_ONLY.filter((name) => set[name] !== undefined).map(
        (name) => `${name}: is only read with REDIS_SENTINELS, which is not set`,
      );
      // ioredis would take the URL's password and silently ignore the other.
      if (set.REDIS_PASSWORD !== undefined && URL.canParse(url) && new URL(url).password !== '') {
        problems.push('REDIS_PASSWORD: REDIS_URL has a password already; give it in one place');
      }
      return problems;
    }
    return set.REDIS_SENTINEL_NAME === undefined
      ? [
          'REDIS_SENTINEL_NAME: is required with REDIS_SENTINELS (the name the sentinels know the master by)',
        ]
      : [];
  },
};

export const ENV_RULES: readonly EnvRule[] = [oneRedis];

export const storageEnv = {
  S3_ENDPOINT: url(['http', 'https']).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  S3_KEY_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_-]+\/)*$/, 'must be empty or end with /')
    .default(''),
};

export const mailEnv = {
  SMTP_URL: url(['smtp', 'smtps']),
  MAIL_FROM: z.string().default('Home Services <hello@homeservices.local>'),
};

export const siteEnv = {
  SITE_URL: url(['http', 'https']).default('http://localhost:8080'),
};

export const passwordResetEnv = {
  PASSWORD_RESET_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
};

export const authEnv = {
  ...passwordResetEnv,
  /** Signs login tokens; at least 32 characters of randomness (openssl rand -base64 48). */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Overrides of Google's endpoints, for a local OAuth server in tests. */
  GOOGLE_AUTHORIZATION_URL: url(['http', 'https']).optional(),
  GOOGLE_TOKEN_URL: url(['http', 'https']).optional(),
  GOOGLE_USERINFO_URL: url(['http', 'https']).optional(),
};

/** Bookings: what the API and the workers must agree on. */
export const bookingEnv = {
  /** Places per time window and day: the number of crews (unless CREW_NAMES names them). */
  SLOT_CAPACITY: z.coerce.number().int().min(1).max(100).default(3),
  /**
   * The crews by name, comma-separated ("Crew A,Crew B"): their number is then each window's
   * capacity, in place of SLOT_CAPACITY. Unset: "Crew 1" to "Crew N" for SLOT_CAPACITY.
   */
  CREW_NAMES: z
    .string()
    .optional()
    .superRefine((list, context) => {
      const names = crewNames(list ?? '');
      const fail = (message: string) => context.addIssue({ code: 'custom', message });
      if (names.length > 100) fail('must name at most 100 crews');
      if (names.some((name) => name.length > CREW_NAME_MAX || crewId(name) === '')) {
        fail(
          `each crew name needs a letter or digit, and at most ${String(CREW_NAME_MAX)} characters`,
        );
      }
      if (new Set(names.map(crewId)).size !== names.length) fail('must not name one crew twice');
    }),
  /** How long an unpaid booking keeps its place before the place goes back on sale. */
  PAYMENT_HOLD_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .default(45 * 60),
  /**
   * The longest an unpaid booking can keep its place, however often its checkout is opened again
   * (a checkout page still open extends the hold, never past this). Never shorter than
   * PAYMENT_HOLD_SECONDS: the longer of the two applies.
   */
  PAYMENT_HOLD_LIMIT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 3600)
    .default(90 * 60),
  /**
   * How long a Monthly Visit plan's renewal that failed keeps its visits' places while the
   * customer updates their card; then they are released (a later payment restores those still free).
   */
  PLAN_GRACE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 3600)
    .default(3 * 24 * 3600),
  /**
   * Same-day booking closes this many hours before a window starts (Toronto time): a window that
   * has started, or starts sooner, is neither offered nor accepted. 0 still closes started ones.
   */
  SAME_DAY_LEAD_HOURS: z.coerce.number().min(0).max(72).default(DEFAULT_SAME_DAY_LEAD_HOURS),
  /**
   * Holidays the business also closes on, besides Ontario's nine public holidays (comma-separated:
   * civic-holiday, easter-monday, remembrance-day, christmas-eve, new-years-eve).
   */
  EXTRA_HOLIDAYS: holidayList.default([]),
  /**
   * Unpaid holds one email address or one phone number may have at once: a booking, or a Monthly
   * Visit plan with all its visits.
   */
  UNPAID_HOLDS_PER_CONTACT: z.coerce.number().int().min(1).max(1000).default(2),
  /**
   * Signs the links in emails that act without a login: a booking's manage link, a newsletter
   * confirmation or unsubscribe link (openssl rand -base64 48).
   */
  LINK_SECRET: z.string().min(32, 'must be at least 32 characters'),
};

/** Stripe when a secret key is set; the local test provider otherwise. */
export const paymentEnv = {
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be a Stripe webhook secret (whsec_...)')
    .optional(),
  /**
   * Lets a production deployment without Stripe keys use the local test provider (test cards,
   * no real money). Outside production the test provider is the default.
   */
  PAYMENTS_TEST_MODE: booleanFlag.default(false),
  /** Another address for Stripe's API: a local fake in tests. */
  STRIPE_API_URL: url(['http', 'https']).optional(),
};

/**
 * What every invoice and credit note says of the seller (CRA's invoice requirements): the legal
 * name beside the trading name the site shows, the address and the GST/HST registration number.
 * Read at start-up and copied onto each document as it is issued.
 */
export const invoiceEnv = {
  BUSINESS_LEGAL_NAME: z.string().trim().min(1).max(200).default('Home Services Toronto Inc.'),
  BUSINESS_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(300)
    .default('1910 Eglinton Ave W, Toronto, ON M6E 2J7, Canada'),
  /** The business number and its GST/HST program account: nine digits, RT and four digits. */
  HST_NUMBER: z
    .string()
    .trim()
    .regex(/^\d{9} RT\d{4}$/, 'must be a business number and RT account, like 123456789 RT0001')
    .default('123456789 RT0001'),
};

/** Prometheus metrics of the API and the workers: off unless a token is set. */
export const metricsEnv = {
  /** The scraper sends it as `Authorization: Bearer <token>` (openssl rand -hex 32). */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'printable characters only, no spaces')
    .optional(),
};

export const apiEnv = {
  ...runtimeEnv,
  ...mongoEnv,
  ...redisEnv,
  ...storageEnv,
  ...mailEnv,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /**
   * The interface the API listens on. This machine only by default: a container or a server
   * behind a load balancer sets 0.0.0.0 (the images and docker-compose.yml do).
   */
  HOST: z.string().default('127.0.0.1'),
  ...siteEnv,
  ...authEnv,
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Other sites whose pages may call the API from a browser (CORS), comma-separated origins;
   * none by default: the site is served on the API's own origin and needs no CORS.
   */
  CORS_ORIGINS: originList.default([]),
  WEB_DIST_DIR: z.string().optional(),
  MAILBOX_URL: url(['http', 'https']).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * How long a request lets Redis take a job before keeping it in MongoDB's job outbox instead;
   * the request is answered either way, and the outbox is moved to the queues once Redis is back.
   */
  JOB_ENQUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1_500),
  /**
   * How often the API looks for jobs kept in the outbox (it also looks as soon as Redis is back),
   * and for records saved a minute ago or more whose jobs were never handed over.
   */
  JOB_OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(300_000).default(5_000),
  ...bookingEnv,
  ...paymentEnv,
  ...invoiceEnv,
  /** Given to the site so Stripe's own form collects the card (pk_...). */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe publishable key (pk_...)')
    .optional(),
  /** Per-IP limit on form posts (bookings, payments, contact, newsletter) per window. */
  FORM_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  FORM_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 60),
  /**
   * The contact page's map tiles, a Leaflet URL template. The CSP lets images come from its origin,
   * so a self-hosted or paid tile server replaces OpenStreetMap's volunteer-run one here.
   */
  MAP_TILE_URL: url(['http', 'https'])
    .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
      message: 'must contain {z}, {x} and {y}',
    })
    // The CSP names one image origin, so a {s} subdomain placeholder cannot be allowed for.
    .refine((value) => !URL.canParse(value) || !/[{}]/.test(new URL(value).host), {
      message: 'must have a fixed host (no {s})',
    })
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /**
   * The postal-code areas the business sends crews to (the booking form refuses any other), and
   * the site checks too: Toronto's M areas unless set.
   */
  SERVICE_AREA_FSAS: serviceAreaList.default([...DEFAULT_SERVICE_AREAS]),
  ...metricsEnv,
};

export const workersEnv = {
  ...runtimeEnv,
  ...siteEnv,
  ...passwordResetEnv,
  ...mongoEnv,
  ...redisEnv,
  ...mailEnv,
  // The retention job deletes booking photos a year after their visit.
  ...storageEnv,
  ...bookingEnv,
  ...paymentEnv,
  ...invoiceEnv,
  /** Newsletter messages per second across all workers; 0 sends as fast as the server takes them. */
  NEWSLETTER_RATE_PER_SECOND: z.coerce.number().int().min(0).max(10_000).default(10),
  /** Recipients per batch job. */
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(1_000).default(100),
  /** SMTP connections (and messages in flight) per workers process for the newsletter. */
  NEWSLETTER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  /** Tries per recipient before a delivery is marked failed with its reason. */
  NEWSLETTER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** Where new bookings and contact messages are sent. */
  BUSINESS_INBOX: z.email().default('hello@homeservices.ca'),
  WORKER_QUEUES: z.string().optional(),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  WORKER_SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * How long a job stays claimed without a heartbeat: a worker that died is noticed after about
   * this long and its job given to another.
   */
  WORKER_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  ...metricsEnv,
  /** Where the workers serve /metrics (with METRICS_TOKEN set); 0 takes a free port. */
  WORKERS_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9465),
  WORKERS_METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * Where the workers answer /healthz and /readyz for probes (on WORKERS_METRICS_HOST), without a
   * token; unset, no port is opened (several workers processes share a machine in development).
   */
  WORKERS_HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
};
