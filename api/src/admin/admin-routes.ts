import express, { type Router } from 'express';
import type { AccountService } from '../accounts/account-service';
import type { AuthTokens } from '../accounts/auth-tokens';
import type { BookingLifecycle } from '../bookings/lifecycle/booking-lifecycle';
import type { ApiConfig } from '../config/api-config';
import type { Guards } from '../http/endpoint';
import type { JobProducer } from '../jobs/job-producer';
import type { Storage } from '../platform/storage';
import { adminBookingRoutes } from './admin-booking-routes';
import { adminContactRoutes } from './admin-contact-routes';
import { adminInvoiceRoutes } from './admin-invoice-routes';
import { adminPlanRoutes } from './admin-plan-routes';
import { adminReviewRoutes } from './admin-review-routes';
import type { ReviewService } from '../reviews/review-service';
import type { PlanAdmin } from '../subscriptions/plan-admin';
import type { SlotLedger } from '../bookings/slot-ledger';
import type { Crew } from '../domain/admin/admin-views';
import { adminSubscriberRoutes } from './admin-subscriber-routes';
import { adminUnconfirmedRoutes } from './admin-unconfirmed-routes';
import { BookingPhotoLinks } from './booking-photo-links';
import { queueSessionRoutes, queueSessionsFor } from './queue-session';
import { closureRoutes } from './closure-routes';
import type { ClosureService } from './closure-service';

export interface AdminRouteDependencies {
  config: Pick<ApiConfig, 'JWT_SECRET' | 'LINK_SECRET' | 'NODE_ENV' | 'SITE_URL'>;
  tokens: AuthTokens;
  /** Ends a queue dashboard's session on the server. */
  accounts: AccountService;
  lifecycle: BookingLifecycle;
  storage: Storage;
  planAdmin: PlanAdmin;
  slots: SlotLedger;
  reviews: ReviewService;
  crews: readonly Crew[];
  closures: ClosureService;
  /** Unconfirmed emails sent again go out as jobs. */
  jobs: JobProducer;
  guards: Guards;
}

/**
 * The operators' API under /admin (mounted at /api): bookings, contact messages, subscribers,
 * unconfirmed sends and the queue dashboard's session. Every route needs an admin, but for the
 * photo route, whose signed address is its credential. The campaigns have their own router.
 */
export function adminRoutes(deps: AdminRouteDependencies): Router {
  const router = express.Router();
  router.use(
    adminBookingRoutes({ ...deps, photoLinks: new BookingPhotoLinks(deps.config.LINK_SECRET) }),
  );
  router.use(adminPlanRoutes(deps));
  router.use(adminContactRoutes(deps));
  router.use(adminSubscriberRoutes(deps));
  router.use(adminUnconfirmedRoutes(deps));
  router.use(adminReviewRoutes(deps));
  router.use(adminInvoiceRoutes(deps));
  router.use(closureRoutes(deps));
  router.use(queueSessionRoutes({ ...deps, sessions: queueSessionsFor(deps) }));
  return router;
}
