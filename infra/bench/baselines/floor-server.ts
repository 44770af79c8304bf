import { S3Client } from '@aws-sdk/client-s3';
import express, { type ErrorRequestHandler } from 'express';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { bookingUploadFloor } from './floor-booking-upload';
import { FLOOR_CONFIG_VARIABLE, parseFloorConfig, type FloorConfig } from './floor-config';
import { FloorQueues } from './floor-queues';
import { signUpFloor } from './floor-sign-up';
import { subscribeFloor } from './floor-subscribe';

/**
 * The floors' server, run as its own process like the API: bare Express doing each HTTP
 * scenario's durable work with the raw mongodb driver, BullMQ's Queue and the S3 SDK, on the
 * product's own services (config in FLOOR_CONFIG). Listens on the port given as its argument
 * and says so on stdout once its connections are up.
 */

/** The product's S3 client settings, which s3rver and Swift need (api/src/platform/storage.ts). */
function s3ClientOf(s3: FloorConfig['s3']): S3Client {
  return new S3Client({
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const port = Number(process.argv[2]);
const config = parseFloorConfig(process.env[FLOOR_CONFIG_VARIABLE]);
const mongo = await new MongoClient(config.mongoUrl).connect();
const db = mongo.db(config.database);
const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
const queues = new FloorQueues(redis, config.queuePrefix);
const s3 = s3ClientOf(config.s3);

let errorsLogged = 0;
/** A few errors say what is wrong; thousands of the same would bury the bench's own output. */
const logSomeErrors: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  errorsLogged += 1;
  if (errorsLogged <= 5) console.error(error);
  res.status(500).json({ error: 'floor failed' });
};

const app = express();
app.get('/ready', (_req, res) => {
  res.json({ ready: true });
});
app.post(
  '/subscribe',
  ...subscribeFloor({ db, collection: config.collections.subscribers, queues }),
);
app.post('/sign-up', ...signUpFloor({ db, collection: config.collections.users, queues }));
app.post(
  '/bookings',
  ...bookingUploadFloor({
    db,
    collection: config.collections.bookings,
    queues,
    s3,
    bucket: config.s3.bucket,
    keyPrefix: config.s3.keyPrefix,
  }),
);
app.use(logSomeErrors);

const server = app.listen(port, '127.0.0.1', () => {
  console.log(`listening on ${String(port)}`);
});
process.on('SIGTERM', () => {
  server.close(() => {
    void Promise.all([queues.close(), mongo.close()]).finally(() => {
      redis.disconnect();
      s3.destroy();
      process.exit(0);
    });
  });
  server.closeAllConnections();
});
