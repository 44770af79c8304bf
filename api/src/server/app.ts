import express, { type Express } from 'express';
import type { Crew } from '../domain/admin/admin-views';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AccountService } from '../accounts/account-service';
import { authRoutes } from '../accounts/auth-routes';
import { googleSignInRoutes } from '../accounts/google/google-routes';
import type { AuthTokens } from '../accounts/auth-tokens';
import type { EmailChangeService } from '../accounts/email-change-service';
import type { PasswordResetService } from '../accounts/password-reset-service';
import { bookingRoutes, createBooking } from '../bookings/booking-routes';
import { planRoutes } from '../subscriptions/plan-routes';
import type { PlanAdmin } from '../subscriptions/plan-admin';
import type { PlanService } from '../subscriptions/plan-service';
import type { SubscriptionLifecycle } from '../subscriptions/subscription-lifecycle';
import type { BookingService } from '../bookings/booking-service';
import type { BookingLifecycle } from '../bookings/lifecycle/booking-lifecycle';
import type { ManageLinks } from '../bookings/manage-link';
import type { SlotLedger } from '../bookings/slot-ledger';
import type { ClosureService } from '../admin/closure-service';
import type { PaymentEventInbox } from '../payments/payment-event-inbox';
import type { PaymentProvider } from '../payments/payment-provider';
import { checkoutHandlers, paymentRoutes, paymentWebhookRoute } from '../payments/payment-routes';
import type { PaymentService } from '../payments/payment-service';
import { testBillingRoutes } from '../payments/test-billing-page';
import { testCheckoutRoutes } from '../payments/test-checkout-page';
import { contactRoutes } from '../contact/contact-routes';
import type { ContactService } from '../contact/contact-service';
import { ContactMessages } from '../domain/contact/contact-messages';
import { NewsletterMessages } from '../domain/newsletter/newsletter-messages';
import { adminRoutes } from '../admin/admin-routes';
import { queueDashboard } from '../admin/queue-dashboard';
import { QUEUE_DASHBOARD_PATH } from '../admin/queue-session';
import { campaignRoutes } from '../newsletter/campaign-routes';
import type { CampaignService } from '../newsletter/campaign-service';
import { subscriptionRoutes } from '../newsletter/subscription-routes';
import type { SubscriptionService } from '../newsletter/subscription-service';
import { ReviewMessages } from '../domain/review/review-messages';
import { invoiceRoutes } from '../invoices/invoice-routes';
import type { InvoiceService } from '../invoices/invoice-service';
import { reviewRoutes } from '../reviews/review-routes';
import { sellerOf } from '../invoices/invoice-issuer';
import type { QuoteLinks } from '../quotes/quote-links';
import { quoteRoutes } from '../quotes/quote-routes';
import type { QuoteService } from '../quotes/quote-service';
import { QuoteWords } from '../domain/quote/quote-schema';
import type { ReviewService } from '../reviews/review-service';
import { TestPaymentProvider } from '../payments/test-provider';
import type { ApiConfig } from '../config/api-config';
import { AuthMessages } from '../domain/auth/auth-messages';
import type { JobProducer } from '../jobs/job-producer';
import type { Redis } from '../platform/redis';
import type { Storage } from '../platform/storage';
import { devMailboxRoutes } from '../dev-mailbox/mailbox-routes';
import { healthRoutes } from '../health/health-routes';
import type { Readiness } from '../health/readiness';
import { metricsRoutes } from '../metrics/metrics-routes';
import type { Logger } from '../platform/logger';
import { profileRoutes } from '../profile/profile-routes';
import { crossOriginPolicy } from '../http/cors';
import { apiNotFound, errorHandler } from '../http/error-handler';
import { DomainError } from '../domain/domain-error';
import { rateLimited } from '../http/rate-limit';
import { requestLogging } from '../http/request-logging';
import { responseValidation } from '../http/response-validation';
import { securityHeaders } from '../http/security-headers';
import { apiDocsRoutes, openApiRoutes } from '../http/openapi/api-docs-routes';
import { endpointGuards } from './guards';
import { buildOpenApiDocument } from './openapi-document';
import { siteConfigRoutes } from '../http/site-config-routes';
import { siteRouter } from '../http/site';

export interface AppDependencies {
  config: ApiConfig;
  logger: Logger;
  readiness: Readiness;
  /** The request-path connection (fails fast): rate limits. */
  redis: Redis;
  jobs: JobProducer;
  storage: Storage;
  tokens: AuthTokens;
  accounts: AccountService;
  passwordResets: PasswordResetService;
  emailChanges: EmailChangeService;
  slots: SlotLedger;
  /** The crews that go out each window (their number is the slots' capacity). */
  crews: readonly Crew[];
  /** Operators' closures of the business calendar. */
  closures: ClosureService;
  links: ManageLinks;
  lifecycle: BookingLifecycle;
  bookings: BookingService;
  paymentProvider: PaymentProvider;
  paymentInbox: PaymentEventInbox;
  payments: PaymentService;
  /** Monthly Visit plans: their customers' changes and operators' view. */
  plans: PlanService;
  planAdmin: PlanAdmin;
  /** The plans' life, driven by the provider's events (and an operator's cancel). */
  planLifecycle: SubscriptionLifecycle;
  contact: ContactService;
  subscriptions: SubscriptionService;
  campaigns: CampaignService;
  reviews: ReviewService;
  /** Issued invoices and credit notes, for their owners and the operators. */
  invoices: InvoiceService;
  /** Quotes for custom work: the operators' editor and the customers' emailed links. */
  quotes: QuoteService;
  quoteLinks: QuoteLinks;
}

export interface AppOptions {
  /**
   * Check every JSON answer against the API reference (http/response-validation.ts): the test
   * harnesses turn it on, so a drift between code and reference fails a test. Never in
   * production: it parses every answer again.
   */
  validateResponses?: boolean;
}

const DEFAULT_DIST_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/dist',
);

/** JSON bodies are small forms; uploads come as multipart and have their own limits. */
const JSON_BODY_LIMIT = '100kb';

export function createApp(deps: AppDependencies, options: AppOptions = {}): Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(requestLogging(deps.logger));
  if (options.validateResponses) app.use(responseValidation());
  const guards = endpointGuards(deps.tokens);
  app.use(
    securityHeaders({
      production: config.NODE_ENV === 'production',
      imageOrigins: [new URL(config.MAP_TILE_URL).origin],
      stripeElements: deps.paymentProvider.name === 'stripe' && !!config.STRIPE_PUBLISHABLE_KEY,
    }),
  );
  app.use(['/api', '/api-docs/api'], crossOriginPolicy(config.CORS_ORIGINS));
  app.use(metricsRoutes(config.METRICS_TOKEN, deps.readiness));
  app.use(healthRoutes(deps.readiness));
  // Before any JSON parser: the signature is checked against the exact bytes received.
  app.use(paymentWebhookRoute({ inbox: deps.paymentInbox, guards }));
  if (deps.paymentProvider instanceof TestPaymentProvider) {
    app.use(testCheckoutRoutes(deps.paymentProvider, config.SITE_URL, guards));
    app.use(testBillingRoutes(deps.paymentProvider, config.SITE_URL, guards));
  }

  // Each form counts on its own: a busy booking session does not lock anyone out of contact.
  const formLimitFor = (name: string, message: string) =>
    rateLimited({
      redis: deps.redis,
      keyPrefix: config.QUEUE_PREFIX,
      name,
      limit: config.FORM_RATE_LIMIT_MAX,
      windowSeconds: config.FORM_RATE_LIMIT_WINDOW_SECONDS,
      message,
      logger: deps.logger,
    });
  const formLimit = formLimitFor(
    'forms',
    'Too many submissions from your connection. Please wait a few minutes and try again.',
  );
  const bookingDeps = { ...deps, guards, formLimit, serviceAreas: config.SERVICE_AREA_FSAS };
  const paymentDeps = {
    ...deps,
    guards,
    inbox: deps.paymentInbox,
    formLimit,
    setup: {
      provider: deps.paymentProvider.name,
      publishableKey:
        deps.paymentProvider.name === 'stripe' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      currency: 'cad' as const,
    },
  };

  const api = express.Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  const authLimit = (name: string) =>
    rateLimited({
      redis: deps.redis,
      keyPrefix: config.QUEUE_PREFIX,
      name: `auth-${name}`,
      limit: config.AUTH_RATE_LIMIT_MAX,
      windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      message: AuthMessages.tooManyAttempts,
      logger: deps.logger,
    });
  api.use(authRoutes({ ...deps, guards, limit: authLimit }));
  api.use(googleSignInRoutes({ ...deps, guards, limit: authLimit }));
  api.use(profileRoutes({ ...deps, guards, limit: authLimit }));
  api.use(bookingRoutes(bookingDeps));
  api.use(planRoutes({ plans: deps.plans, guards, formLimit }));
  api.use(paymentRoutes(paymentDeps));
  api.use(
    contactRoutes({
      contact: deps.contact,
      contactLimit: formLimitFor('contact', ContactMessages.tooManyMessages),
      guards,
    }),
  );
  api.use(
    subscriptionRoutes({
      subscriptions: deps.subscriptions,
      subscribeLimit: formLimitFor('subscribe', NewsletterMessages.tooManyAttempts),
      guards,
    }),
  );
  api.use(
    reviewRoutes({
      reviews: deps.reviews,
      reviewLimit: formLimitFor('reviews', ReviewMessages.tooManyReviews),
      guards,
    }),
  );
  api.use(invoiceRoutes({ invoices: deps.invoices, guards }));
  api.use(
    quoteRoutes({
      quotes: deps.quotes,
      quoteLinks: deps.quoteLinks,
      seller: sellerOf(config),
      siteUrl: config.SITE_URL,
      quoteLimit: formLimitFor('quotes', QuoteWords.tooManyAnswers),
      guards,
    }),
  );
  api.use(campaignRoutes({ ...deps, guards }));
  api.use(adminRoutes({ ...deps, guards }));
  api.use(siteConfigRoutes(config, guards));
  api.use(openApiRoutes(buildOpenApiDocument(), guards));
  api.use(apiNotFound);
  app.use('/api', api);

  // The paths the original front end posted to (docs/product.md section 7), kept working.
  const legacy = express.Router();
  legacy.use(express.json({ limit: JSON_BODY_LIMIT }));
  legacy.post('/bookings', ...createBooking(bookingDeps));
  legacy.post('/payments', ...checkoutHandlers(paymentDeps));
  app.use('/api-docs/api', legacy);
  // The API reference (Swagger UI); after the aliases, so nothing under it can shadow them.
  app.use('/api-docs', apiDocsRoutes());

  if (config.MAILBOX_URL && config.NODE_ENV !== 'production') {
    app.use(devMailboxRoutes(config.MAILBOX_URL));
  }
  app.use(QUEUE_DASHBOARD_PATH, queueDashboard(deps));
  app.use(siteRouter(config.WEB_DIST_DIR ?? DEFAULT_DIST_DIR));
  app.use((req, _res, next) => {
    next(new DomainError('notFound', `Nothing at ${req.path}`));
  });
  app.use(errorHandler);
  return app;
}
