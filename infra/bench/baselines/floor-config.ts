import { z } from 'zod';

/**
 * Where a floor writes: the product's own MongoDB, Redis and S3 server, under names of its own,
 * so its rows, jobs and objects never mix with the product's (nor its jobs reach the product's
 * workers: the floor's own take them).
 */
export const FLOOR_DATABASE = 'bench-floor';
export const FLOOR_QUEUE_PREFIX = 'bench-floor';
export const FLOOR_KEY_PREFIX = 'bench-floor/';

const floorConfigSchema = z.object({
  mongoUrl: z.string().min(1),
  database: z.string().min(1),
  redisUrl: z.string().min(1),
  queuePrefix: z.string().min(1),
  /** The product's collection names (from its models), used again in the floor's database. */
  collections: z.object({
    subscribers: z.string().min(1),
    users: z.string().min(1),
    bookings: z.string().min(1),
    deliveries: z.string().min(1),
  }),
  /** What the floor's workers send with: the product's SMTP server, pool and concurrency. */
  mail: z.object({
    smtpUrl: z.string().min(1),
    from: z.string().min(1),
    businessInbox: z.string().min(1),
    /** For the links in the product's messages, signed as the product signs them. */
    linkSecret: z.string().min(1),
    siteUrl: z.string().min(1),
    poolSize: z.number().int().positive(),
    concurrency: z.number().int().positive(),
  }),
  s3: z.object({
    endpoint: z.string().optional(),
    region: z.string(),
    bucket: z.string(),
    accessKeyId: z.string().optional(),
    secretAccessKey: z.string().optional(),
    forcePathStyle: z.boolean(),
    /** The product's S3_KEY_PREFIX followed by FLOOR_KEY_PREFIX. */
    keyPrefix: z.string(),
  }),
});

/** What the floor server needs to reach the product's services, handed over in one variable. */
export type FloorConfig = z.infer<typeof floorConfigSchema>;

export const FLOOR_CONFIG_VARIABLE = 'FLOOR_CONFIG';

export function parseFloorConfig(json: string | undefined): FloorConfig {
  if (!json) throw new Error(`${FLOOR_CONFIG_VARIABLE} is not set`);
  return floorConfigSchema.parse(JSON.parse(json));
}
