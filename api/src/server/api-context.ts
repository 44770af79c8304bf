import { PlanAdmin } from '../subscriptions/plan-admin';
import { PlanMembership } from '../subscriptions/plan-membership';
import { PlanService } from '../subscriptions/plan-service';
import {
  SubscriptionLifecycle,
  subscriptionSettings,
} from '../subscriptions/subscription-lifecycle';
import { AccountLinks } from '../accounts/account-links';
import { AccountService } from '../accounts/account-service';
import { AuthTokens } from '../accounts/auth-tokens';
import { EmailChangeService } from '../accounts/email-change-service';
import { LoginThrottle } from '../accounts/login-throttle';
import { RevokedTokens } from '../accounts/revoked-tokens';
import { BookingService } from '../bookings/booking-service';
import { BookingLifecycle, lifecycleSettings } from '../bookings/lifecycle/booking-lifecycle';
import { ManageLinks } from '../bookings/manage-link';
import { SlotLedger } from '../bookings/slot-ledger';
import { BusinessDays } from '../calendar/business-days';
import { ClosureService } from '../admin/closure-service';
import { crewRoster } from '../domain/admin/crews';
import { createPayments } from '../payments/create-payment-provider';
import { PaymentService } from '../payments/payment-service';
import { ContactService } from '../contact/contact-service';
import { InvoiceService } from '../invoices/invoice-service';
import { InvoiceIssuer, sellerOf } from '../invoices/invoice-issuer';
import { QuoteInvoices } from '../quotes/quote-invoices';
import { QuoteLifecycle } from '../quotes/quote-lifecycle';
import { QuoteLinks } from '../quotes/quote-links';
import { QuoteService } from '../quotes/quote-service';
import { ReviewLinks } from '../reviews/review-links';
import { ReviewService } from '../reviews/review-service';
import { CampaignService } from '../newsletter/campaign-service';
import { NewsletterLinks } from '../newsletter/newsletter-links';
import { SubscriptionService } from '../newsletter/subscription-service';
import { PasswordResetService } from '../accounts/password-reset-service';
import type { ApiConfig } from '../config/api-config';
import { redisTarget, replicasToAck } from '../config/redis-target';
import { Readiness } from '../health/readiness';
import type { AppDependencies } from './app';
import { JobOutbox } from '../jobs/job-outbox';
import { JobProducer } from '../jobs/job-producer';
import { FollowUpSweep } from '../jobs/follow-up-sweep';
import { OutboxRelay } from '../jobs/outbox-relay';
import { systemClock } from '../platform/clock';
import type { Logger } from '../platform/logger';
import { Mailer } from '../platform/mailer';
import { connectMongo, disconnectMongo, pingMongo } from '../platform/mongo';
import { createRedis, pingRedis, waitForRedis } from '../platform/redis';
import { Storage } from '../platform/storage';
import { storageOptions } from '../platform/storage-options';

export interface ApiContext extends AppDependencies {
  mailer: Mailer;
  followUps: FollowUpSweep;
  close(): Promise<void>;
}

/** Connects every external system the API uses, each through its one module. */
export async function createApiContext(config: ApiConfig, logger: Logger): Promise<ApiContext> {
  await connectMongo({
    url: config.MONGO_URL,
    dbName: config.MONGO_DB,
    autoIndex: config.MONGO_AUTO_INDEX,
  });
  const target = redisTarget(config);
  const redis = createRedis(target);
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const queueConnection = createRedis(target, { producer: true });
  queueConnection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const redisUp = await Promise.all([
    waitForRedis(redis, 5_000),
    waitForRedis(queueConnection, 5_000),
  ]);
  if (redisUp.includes(false)) logger.warn('redis is not reachable yet; starting anyway');
  // Accepted work is never lost to a Redis outage: what Redis cannot take at once waits in
  // MongoDB, and the relay queues it when Redis is back.
  const outbox = new JobOutbox();
  const jobs = new JobProducer(queueConnection, config.QUEUE_PREFIX, {
    outbox,
    enqueueTimeoutMs: config.JOB_ENQUEUE_TIMEOUT_MS,
    replicasToAck: replicasToAck(target),
    logger,
  });
  const relay = new OutboxRelay({
    outbox,
    producer: jobs,
    logger,
    pollMs: config.JOB_OUTBOX_POLL_MS,
  });
  queueConnection.on('ready', () => relay.kick());
  relay.start();
  const storage = new Storage(storageOptions(config));
  const mailer = new Mailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const tokens = new AuthTokens(
    config.JWT_SECRET,
    config.JWT_TTL_SECONDS,
    new RevokedTokens(redis, `${config.QUEUE_PREFIX}:logged-out:`, logger),
  );
  const loginThrottle = new LoginThrottle(redis, `${config.QUEUE_PREFIX}:`, logger);
  const crews = crewRoster(config);
  const slots = new SlotLedger(
    crews.length,
    {
      leadHours: config.SAME_DAY_LEAD_HOURS,
      clock: systemClock,
    },
    new BusinessDays(config.EXTRA_HOLIDAYS),
  );
  const links = new ManageLinks(config.LINK_SECRET, config.SITE_URL);
  const lifecycle = new BookingLifecycle({
    slots,
    jobs,
    clock: systemClock,
    settings: lifecycleSettings(config),
    logger,
  });
  const { provider, inbox } = createPayments(config, jobs);
  if (config.NODE_ENV === 'production' && provider.name !== 'stripe') {
    logger.warn(
      { provider: provider.name },
      'no real payments: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take them',
    );
  }
  const subscriptions = new SubscriptionLifecycle({
    bookings: lifecycle,
    slots,
    jobs,
    clock: systemClock,
    logger,
    settings: subscriptionSettings(config),
    provider,
  });
  const membership = new PlanMembership(config.LINK_SECRET, config.SITE_URL, systemClock);
  const bookings = new BookingService({
    lifecycle,
    subscriptions,
    links,
    membership,
    slots,
    jobs,
  });
  const contact = new ContactService({ jobs, logger });
  const followUps = new FollowUpSweep({
    sources: [
      { name: 'bookings', resume: (before, limit) => bookings.resumeFollowUps(before, limit) },
      { name: 'contact messages', resume: (before, limit) => contact.resumeEmails(before, limit) },
    ],
    logger,
    everyMs: config.JOB_OUTBOX_POLL_MS,
  });
  followUps.start();
  const plans = new PlanService({
    provider,
    bookings,
    lifecycle: subscriptions,
    links,
    jobs,
    clock: systemClock,
  });
  const payments = new PaymentService({
    provider,
    bookings,
    plans: subscriptions,
    links,
    siteUrl: config.SITE_URL,
    logger,
  });
  const quoteLinks = new QuoteLinks(config.LINK_SECRET, config.SITE_URL);
  const quotes = new QuoteService({
    lifecycle: new QuoteLifecycle({ jobs, clock: systemClock }),
    visits: lifecycle,
    links: quoteLinks,
    invoices: new QuoteInvoices(
      new InvoiceIssuer({ seller: sellerOf(config), provider, clock: systemClock, logger }),
    ),
    provider,
    clock: systemClock,
    logger,
  });
  const readiness = new Readiness(
    {
      mongodb: pingMongo,
      redis: () => pingRedis(redis),
      s3: () => storage.ping(),
      smtp: () => mailer.ping(),
    },
    logger,
  );
  return {
    config,
    logger,
    readiness,
    redis,
    jobs,
    storage,
    mailer,
    tokens,
    accounts: new AccountService({
      tokens,
      jobs,
      loginThrottle,
      links: new AccountLinks(config.LINK_SECRET, config.SITE_URL),
      logger,
    }),
    passwordResets: new PasswordResetService(config.PASSWORD_RESET_TTL_MINUTES),
    emailChanges: new EmailChangeService(jobs, loginThrottle),
    slots,
    crews,
    closures: new ClosureService({ slots, lifecycle, jobs, clock: systemClock, logger }),
    links,
    lifecycle,
    bookings,
    paymentProvider: provider,
    plans,
    planLifecycle: subscriptions,
    planAdmin: new PlanAdmin({ provider, lifecycle: subscriptions, clock: systemClock }),
    paymentInbox: inbox,
    payments,
    contact,
    followUps,
    subscriptions: new SubscriptionService({
      jobs,
      links: new NewsletterLinks(config.LINK_SECRET, config.SITE_URL),
    }),
    campaigns: new CampaignService({ jobs }),
    reviews: new ReviewService({
      links: new ReviewLinks(config.LINK_SECRET, config.SITE_URL),
      clock: systemClock,
    }),
    invoices: new InvoiceService({ bookings, links, storage, logger }),
    quotes,
    quoteLinks,
    async close() {
      await followUps.stop();
      await lifecycle.flush();
      await relay.stop();
      await jobs.close();
      queueConnection.disconnect();
      redis.disconnect();
      storage.destroy();
      mailer.close();
      await disconnectMongo();
    },
  };
}
