import { bookingEnv, mailEnv, siteEnv, workersEnv } from '../../api/src/config/env-schema';
import { loadConfig, type EnvSource } from '../../api/src/config/load-config';

/**
 * The settings of the running product that a scenario needs to mirror, read from the product's
 * own environment through its own schema, defaults included: never a second copy of a default.
 */
export function productSettings(env: EnvSource) {
  return loadConfig(
    {
      MAIL_FROM: mailEnv.MAIL_FROM,
      SITE_URL: siteEnv.SITE_URL,
      LINK_SECRET: bookingEnv.LINK_SECRET,
      NEWSLETTER_RATE_PER_SECOND: workersEnv.NEWSLETTER_RATE_PER_SECOND,
      NEWSLETTER_BATCH_SIZE: workersEnv.NEWSLETTER_BATCH_SIZE,
      NEWSLETTER_CONCURRENCY: workersEnv.NEWSLETTER_CONCURRENCY,
      WORKER_CONCURRENCY: workersEnv.WORKER_CONCURRENCY,
      BUSINESS_INBOX: workersEnv.BUSINESS_INBOX,
    },
    env,
  );
}
