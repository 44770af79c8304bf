import http from 'node:http';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { MongoClient, MongoServerError, ObjectId, type Db } from 'mongodb';
import { AccountLinks } from '../../../api/src/accounts/account-links';
import { welcomeEmail } from '../../../api/src/accounts/auth-emails';
import {
  businessNotificationEmail,
  estimateAcknowledgementEmail,
} from '../../../api/src/bookings/booking-emails';
import type { Booking } from '../../../api/src/bookings/booking-model';
import { jobs, QueueName } from '../../../api/src/jobs/job-definitions';
import { NewsletterLinks } from '../../../api/src/newsletter/newsletter-links';
import { subscriptionConfirmationEmail } from '../../../api/src/newsletter/newsletter-emails';
import type { MailMessage } from '../../../api/src/platform/mailer';
import { FLOOR_CONFIG_VARIABLE, parseFloorConfig, type FloorConfig } from './floor-config';
import { committedDeliveryRow } from './floor-delivery-row';
import { barePoolTransport } from './nodemailer-pool';

/**
 * The HTTP floors' workers, run as a process of their own as the product's workers run: they take
 * the jobs the floor server queued and send each one's email as bare code would, so the floor
 * carries the same email work on the same cores as the product, whose workers send its
 * confirmation, welcome and estimate emails while it is measured. Per job: the row it names read
 * once for its address, the one delivery row exactly once needs (a retry finds it and sends
 * nothing), and the message through a nodemailer pool as large as the product's. Listens on the
 * port given as its argument for /ready once its workers are.
 */

type Mail = FloorConfig['mail'];

type Row = Record<string, unknown> & { _id: ObjectId | string; email: string };

interface FloorEmail {
  /** The row the job names: the collection, and its id as stored (bookings' ids are strings). */
  collection: keyof FloorConfig['collections'];
  idOf: (data: Record<string, string>) => ObjectId | string;
  /** The product's own message for it, from its own templates. */
  compose: (row: Row, id: string) => MailMessage;
}

/** The emails the HTTP floors queue, each composed as the product's worker composes it. */
function floorEmails(config: FloorConfig): Record<string, FloorEmail> {
  const newsletterLinks = new NewsletterLinks(config.mail.linkSecret, config.mail.siteUrl);
  const accountLinks = new AccountLinks(config.mail.linkSecret, config.mail.siteUrl);
  const booking = (compose: (row: Booking) => MailMessage): FloorEmail => ({
    collection: 'bookings',
    idOf: (data) => String(data.bookingId),
    // The floor's rows carry every field of the product's bookings (floor-booking-upload.ts).
    compose: (row) => compose(row as unknown as Booking),
  });
  return {
    [jobs.subscriptionConfirmation.name]: {
      collection: 'subscribers',
      idOf: (data) => new ObjectId(data.subscriberId),
      compose: (row, id) => subscriptionConfirmationEmail(row.email, newsletterLinks.confirmUrl(id)),
    },
    [jobs.welcomeEmail.name]: {
      collection: 'users',
      idOf: (data) => new ObjectId(data.userId),
      compose: (row, id) =>
        welcomeEmail(row, config.mail.siteUrl, accountLinks.verifyEmailUrl(id, row.email)),
    },
    [jobs.estimateAcknowledgementEmail.name]: booking((row) => estimateAcknowledgementEmail(row, 'unproven')),
    [jobs.businessBookingNotification.name]: booking((row) =>
      businessNotificationEmail(row, config.mail.businessInbox),
    ),
  };
}

const DUPLICATE_KEY = 11000;

function processorOf(db: Db, config: FloorConfig, send: (message: MailMessage) => Promise<void>) {
  const deliveries = db.collection(config.collections.deliveries);
  const emails = floorEmails(config);
  return async (job: Job<Record<string, string>>) => {
    const email = emails[job.name];
    if (!email) throw new Error(`the floor has no email for ${job.name}`);
    const id = email.idOf(job.data);
    const row = await db
      .collection<Row>(config.collections[email.collection])
      .findOne({ _id: id });
    if (!row) throw new Error(`${job.name}: no row ${String(id)}`);
    const message = email.compose(row, String(id));
    try {
      await deliveries.insertOne(committedDeliveryRow(`${job.name}:${String(job.id)}`, message));
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return;
      throw error;
    }
    await send(message);
  };
}

function transportOf(mail: Mail) {
  const transport = barePoolTransport(mail.smtpUrl, mail.poolSize);
  return {
    send: async (message: MailMessage) => {
      await transport.sendMail({ from: mail.from, ...message });
    },
    close: () => {
      transport.close();
    },
  };
}

const port = Number(process.argv[2]);
const config = parseFloorConfig(process.env[FLOOR_CONFIG_VARIABLE]);
const mongo = await new MongoClient(config.mongoUrl).connect();
const db = mongo.db(config.database);
const transport = transportOf(config.mail);
const processor = processorOf(db, config, transport.send);
const workers = [QueueName.AuthEmails, QueueName.BookingEmails, QueueName.SubscriberEmails].map(
  (queue) =>
    new Worker(queue, processor, {
      connection: new Redis(config.redisUrl, { maxRetriesPerRequest: null }),
      prefix: config.queuePrefix,
      concurrency: config.mail.concurrency,
    }),
);
let failures = 0;
for (const worker of workers) {
  worker.on('failed', (_job, error) => {
    failures += 1;
    // A few say what is wrong; thousands of the same would bury the bench's own output.
    if (failures <= 5) console.error(error);
  });
}
await Promise.all(workers.map((worker) => worker.waitUntilReady()));

const server = http
  .createServer((_req, res) => {
    res.end('ready');
  })
  .listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void Promise.all(workers.map((worker) => worker.close(true))).finally(() => {
    transport.close();
    void mongo.close().finally(() => process.exit(0));
  });
});
