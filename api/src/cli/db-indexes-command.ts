// Every model of the product, so that each one's indexes are built: a model left out here would
// run without its unique indexes where processes start with MONGO_AUTO_INDEX=false.
// api/test/db-indexes.test.ts checks this list against every *-model.ts file.
import '../accounts/email-change-model';
import '../accounts/password-reset-token-model';
import '../accounts/user-model';
import '../bookings/booking-model';
import '../bookings/slot-model';
import '../calendar/closure-model';
import '../contact/contact-message-model';
import '../invoices/invoice-model';
import '../quotes/quote-model';
import '../jobs/job-outbox-model';
import '../mail/email-delivery-model';
import '../newsletter/campaign-model';
import '../newsletter/newsletter-delivery-model';
import '../newsletter/subscriber-model';
import '../payments/payment-event-model';
import '../payments/test-billing-model';
import '../payments/test-checkout-model';
import '../reviews/review-model';
import '../subscriptions/subscription-model';
import { fillDerivedBookingFields } from '../bookings/booking-derived-fields';
import { loadCliConfig } from '../config/cli-config';
import { connectMongo, createAllIndexes, disconnectMongo } from '../platform/mongo';

/**
 * `npm run db:indexes`: builds the indexes of every model once, before (or beside) a rollout
 * whose processes run with MONGO_AUTO_INDEX=false. Safe to repeat: an index that exists is kept.
 */
async function run(): Promise<void> {
  const config = loadCliConfig();
  const connection = await connectMongo({
    url: config.MONGO_URL,
    dbName: config.MONGO_DB,
    autoIndex: false,
  });
  try {
    const names = Object.keys(connection.models).sort();
    console.log(`[indexes] building the indexes of ${String(names.length)} models...`);
    await createAllIndexes(connection, (name) => console.log(`[indexes] ${name}: done`));
    console.log('[indexes] every index is in place');
    console.log("[indexes] filling the bookings' search and order fields where missing...");
    const filled = await fillDerivedBookingFields();
    console.log(`[indexes] ${String(filled)} bookings filled`);
  } finally {
    await disconnectMongo();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`db:indexes: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
