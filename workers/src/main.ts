import { InvoiceIssuer, sellerOf } from '@hs/api/invoices/invoice-issuer';
import { PlanMembership } from '@hs/api/subscriptions/plan-membership';
import {
  SubscriptionLifecycle,
  subscriptionSettings,
} from '@hs/api/subscriptions/subscription-lifecycle';
import { AccountLinks } from '@hs/api/accounts/account-links';
import { EmailChangeService } from '@hs/api/accounts/email-change-service';
import { PasswordResetService } from '@hs/api/accounts/password-reset-service';
import { BookingLifecycle, lifecycleSettings } from '@hs/api/bookings/lifecycle/booking-lifecycle';
import { ManageLinks } from '@hs/api/bookings/manage-link';
import { SlotLedger } from '@hs/api/bookings/slot-ledger';
import { BusinessDays } from '@hs/api/calendar/business-days';
import { crewRoster } from '@hs/api/domain/admin/crews';
import { allJobs } from '@hs/api/jobs/job-definitions';
import { JobOutbox } from '@hs/api/jobs/job-outbox';
import { JobProducer } from '@hs/api/jobs/job-producer';
import { createPayments } from '@hs/api/payments/create-payment-provider';
import { PaymentEventHandler } from '@hs/api/settlement/payment-event-handler';
import { NewsletterLinks } from '@hs/api/newsletter/newsletter-links';
import { ReviewLinks } from '@hs/api/reviews/review-links';
import { ReviewService } from '@hs/api/reviews/review-service';
import { NewsletterSender } from '@hs/api/newsletter/newsletter-sender';
import { SendRate } from '@hs/api/newsletter/send-rate';
import { systemClock } from '@hs/api/platform/clock';
import { createLogger } from '@hs/api/platform/logger';
import { OnceSender } from '@hs/api/mail/send-once';
import { Mailer } from '@hs/api/platform/mailer';
import { connectMongo, disconnectMongo, pingMongo } from '@hs/api/platform/mongo';
import { Readiness } from '@hs/api/health/readiness';
import { exitOnStartupError, onShutdownSignal } from '@hs/api/platform/process-signals';
import { createRedis, pingRedis } from '@hs/api/platform/redis';
import { redisTarget, replicasToAck } from '@hs/api/config/redis-target';
import { withTimeout } from '@hs/api/platform/with-timeout';
import { Storage } from '@hs/api/platform/storage';
import { storageOptions } from '@hs/api/platform/storage-options';
import { loadWorkersConfig } from './config';
import { startWorkersHealth } from './health-server';
import { startWorkersMetrics } from './metrics-server';
import { buildRegistry } from './processor-registry';
import { allProcessors } from './processors/index';
import { scheduleRetention } from './processors/retention';
import { QuoteInvoices } from '@hs/api/quotes/quote-invoices';
import { QuoteLifecycle } from '@hs/api/quotes/quote-lifecycle';
import { QuoteLinks } from '@hs/api/quotes/quote-links';
import { QuoteService } from '@hs/api/quotes/quote-service';
import { parseQueueList, startWorkerPool } from './worker-pool';

async function main(): Promise<void> {
  const config = loadWorkersConfig();
  const queues = parseQueueList(config.WORKER_QUEUES);
  const logger = createLogger({ name: 'workers', level: config.LOG_LEVEL });
  const mailer = new Mailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const sender = new OnceSender(mailer, logger);
  const target = redisTarget(config);
  const connect = () => {
    const connection = createRedis(target, { blocking: true });
    connection.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
    return connection;
  };
  // Workers queue follow-up work too (a paid booking's confirmation and reminder). What Redis
  // cannot take (away, or a replica that did not get it) waits in the MongoDB outbox, as the
  // API's does, and the API's relay queues it: a retry of the job that made it may find its
  // work done (the payment applied) and would not queue it again.
  const producerConnection = connect();
  const producer = new JobProducer(producerConnection, config.QUEUE_PREFIX, {
    outbox: new JobOutbox(),
    replicasToAck: replicasToAck(target),
    logger,
  });
  const slots = new SlotLedger(
    crewRoster(config).length,
    {
      leadHours: config.SAME_DAY_LEAD_HOURS,
      clock: systemClock,
    },
    new BusinessDays(config.EXTRA_HOLIDAYS),
  );
  const lifecycle = new BookingLifecycle({
    slots,
    jobs: producer,
    clock: systemClock,
    settings: lifecycleSettings(config),
    logger,
  });
  const payments = createPayments(config, producer);
  const subscriptions = new SubscriptionLifecycle({
    bookings: lifecycle,
    slots,
    jobs: producer,
    clock: systemClock,
    logger,
    settings: subscriptionSettings(config),
    provider: payments.provider,
  });
  const invoices = new InvoiceIssuer({
    seller: sellerOf(config),
    provider: payments.provider,
    clock: systemClock,
    logger,
  });
  const quoteLinks = new QuoteLinks(config.LINK_SECRET, config.SITE_URL);
  const quoteLifecycle = new QuoteLifecycle({ jobs: producer, clock: systemClock });
  const quoteInvoices = new QuoteInvoices(invoices);
  const quotes = new QuoteService({
    lifecycle: quoteLifecycle,
    visits: lifecycle,
    links: quoteLinks,
    invoices: quoteInvoices,
    provider: payments.provider,
    clock: systemClock,
    logger,
  });
  const newsletterLinks = new NewsletterLinks(config.LINK_SECRET, config.SITE_URL);
  // Bulk mail gets a pool of its own, so a campaign never queues a password reset behind it.
  const newsletterMailer = new Mailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    poolSize: config.NEWSLETTER_CONCURRENCY,
  });
  const newsletter = new NewsletterSender({
    mailer: newsletterMailer,
    links: newsletterLinks,
    jobs: producer,
    rate: new SendRate(producerConnection, config.QUEUE_PREFIX, config.NEWSLETTER_RATE_PER_SECOND),
    logger,
    batchSize: config.NEWSLETTER_BATCH_SIZE,
    concurrency: config.NEWSLETTER_CONCURRENCY,
    maxAttempts: config.NEWSLETTER_MAX_ATTEMPTS,
    // Past any lock a live worker keeps: only a dead worker's claim is this old.
    abandonedAfterMs: config.WORKER_LOCK_MS * 4,
  });
  const storage = new Storage(storageOptions(config));
  const registry = buildRegistry(
    allJobs,
    allProcessors({
      sender,
      passwordResets: new PasswordResetService(config.PASSWORD_RESET_TTL_MINUTES),
      // Wrong passwords are counted by the API; here the service only mints the links' tokens.
      emailChanges: new EmailChangeService(producer, null),
      accountLinks: new AccountLinks(config.LINK_SECRET, config.SITE_URL),
      siteUrl: config.SITE_URL,
      links: new ManageLinks(config.LINK_SECRET, config.SITE_URL),
      membership: new PlanMembership(config.LINK_SECRET, config.SITE_URL, systemClock),
      businessInbox: config.BUSINESS_INBOX,
      lifecycle,
      paymentProvider: payments.provider,
      invoices,
      paymentEvents: new PaymentEventHandler({
        lifecycle,
        subscriptions,
        invoices,
        quotes,
        jobs: producer,
        logger,
      }),
      seller: sellerOf(config),
      quoteLinks,
      quoteLifecycle,
      quoteInvoices,
      quotes,
      newsletterLinks,
      newsletter,
      reviews: new ReviewService({
        links: new ReviewLinks(config.LINK_SECRET, config.SITE_URL),
        clock: systemClock,
      }),
      photoStore: storage,
      clock: systemClock,
    }),
  );
  await connectMongo({
    url: config.MONGO_URL,
    dbName: config.MONGO_DB,
    autoIndex: config.MONGO_AUTO_INDEX,
  });
  // Off without a token: no port is opened and nothing is counted.
  const metrics = config.METRICS_TOKEN
    ? await startWorkersMetrics({
        token: config.METRICS_TOKEN,
        host: config.WORKERS_METRICS_HOST,
        port: config.WORKERS_METRICS_PORT,
        producer,
        logger,
      })
    : undefined;
  const health =
    config.WORKERS_HEALTH_PORT === undefined
      ? undefined
      : await startWorkersHealth({
          host: config.WORKERS_METRICS_HOST,
          port: config.WORKERS_HEALTH_PORT,
          readiness: new Readiness(
            {
              mongodb: pingMongo,
              redis: () => pingRedis(producerConnection),
              smtp: () => mailer.ping(),
            },
            logger,
          ),
          logger,
        });
  const pool = startWorkerPool({
    connect,
    prefix: config.QUEUE_PREFIX,
    concurrency: config.WORKER_CONCURRENCY,
    lockMs: config.WORKER_LOCK_MS,
    registry,
    logger,
    queues,
    metrics: metrics?.jobs,
  });
  // Installed before the ready line: a stop asked for right after it must be graceful.
  onShutdownSignal(logger, async () => {
    await withTimeout(pool.close(), config.WORKER_SHUTDOWN_TIMEOUT_MS, 'worker shutdown').catch(
      (error: unknown) => logger.warn({ err: error }, 'jobs still running are left to be retried'),
    );
    await metrics?.close();
    await health?.close();
    await producer.close();
    // The answers of the last sends are written before the connection to MongoDB goes.
    await sender.close();
    await newsletter.close();
    await lifecycle.flush();
    producerConnection.disconnect();
    storage.destroy();
    mailer.close();
    newsletterMailer.close();
    await disconnectMongo();
    logger.info('workers stopped');
  });
  await Promise.all(pool.workers.map((worker) => worker.waitUntilReady()));
  // Not awaited: with Redis away at start the workers come up not ready and recover (readyz), and
  // the schedule is set as soon as Redis answers.
  scheduleRetention(producer).catch((error: unknown) => {
    logger.warn({ err: error }, 'retention schedule not set; the next start sets it');
  });
  logger.info({ queues: pool.workers.map((worker) => worker.name) }, 'workers ready');
}

main().catch((error: unknown) => exitOnStartupError('workers', error));
