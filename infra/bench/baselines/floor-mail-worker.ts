import http from 'node:http';
import { Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { MongoClient, MongoServerError, ObjectId, type Db } from 'mongodb';
import { jobs, QueueName } from '../../../api/src/jobs/job-definitions';
import { FLOOR_CONFIG_VARIABLE, parseFloorConfig, type FloorConfig } from './floor-config';
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

/** Where each job's recipient is: the collection of the row it names, and the row's id field. */
const RECIPIENT_OF: Record<string, { collection: keyof FloorConfig['collections']; id: string }> = {
  [jobs.subscriptionConfirmation.name]: { collection: 'subscribers', id: 'subscriberId' },
  [jobs.welcomeEmail.name]: { collection: 'users', id: 'userId' },
  [jobs.estimateAcknowledgementEmail.name]: { collection: 'bookings', id: 'bookingId' },
  [jobs.businessBookingNotification.name]: { collection: 'bookings', id: 'bookingId' },
};

const DUPLICATE_KEY = 11000;

function processorOf(db: Db, config: FloorConfig, send: (to: string, subject: string) => Promise<void>) {
  const deliveries = db.collection(config.collections.deliveries);
  return async (job: Job<Record<string, string>>) => {
    const recipient = RECIPIENT_OF[job.name];
    if (!recipient) throw new Error(`the floor has no email for ${job.name}`);
    const row = await db
      .collection(config.collections[recipient.collection])
      .findOne({ _id: new ObjectId(job.data[recipient.id]) }, { projection: { email: 1 } });
    if (!row) throw new Error(`${job.name}: no row ${String(job.data[recipient.id])}`);
    const to =
      job.name === jobs.businessBookingNotification.name
        ? config.mail.businessInbox
        : String(row.email);
    const subject = `${job.name} ${String(job.id)}`;
    const now = new Date();
    try {
      await deliveries.insertOne({
        key: job.id,
        to,
        subject,
        committedAt: now,
        sentAt: null,
        messageId: null,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return;
      throw error;
    }
    await send(to, subject);
  };
}

function transportOf(mail: Mail) {
  const transport = barePoolTransport(mail.smtpUrl, mail.poolSize);
  return {
    send: async (to: string, subject: string) => {
      await transport.sendMail({ from: mail.from, to, subject, text: subject });
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
