import express, { type RequestHandler } from 'express';
import type { Db, ObjectId } from 'mongodb';
import { jobs } from '../../../api/src/jobs/job-definitions';
import { emailOf } from './floor-form';
import type { FloorQueues } from './floor-queues';

interface SubscriberRow {
  _id: ObjectId;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  source: string;
  subscribedAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The product's window for one confirmation email per address (SubscriptionService). */
const CONFIRMATION_WINDOW_MS = 10 * 60_000;

/**
 * POST /api/subscribe's durable work and nothing else: one upsert of the subscriber row (the
 * product's fields, in a collection with the product's indexes) that also answers whether it is
 * pending, and the confirmation email's queue add with the product's job id.
 */
export function subscribeFloor(deps: {
  db: Db;
  collection: string;
  queues: FloorQueues;
}): RequestHandler[] {
  const subscribers = deps.db.collection<SubscriberRow>(deps.collection);
  const subscribe: RequestHandler = async (req, res) => {
    const email = emailOf(req.body);
    if (!email) {
      res.status(400).json({ error: 'Enter a valid email address.' });
      return;
    }
    const now = new Date();
    const subscriber = await subscribers.findOneAndUpdate(
      { email },
      {
        $setOnInsert: {
          email,
          status: 'pending',
          source: 'footer',
          subscribedAt: now,
          confirmedAt: null,
          unsubscribedAt: null,
          createdAt: now,
          updatedAt: now,
        },
      },
      { upsert: true, returnDocument: 'after', projection: { status: 1 } },
    );
    if (subscriber?.status === 'pending') {
      const subscriberId = subscriber._id.toHexString();
      const window = Math.floor(now.getTime() / CONFIRMATION_WINDOW_MS);
      await deps.queues.add(
        jobs.subscriptionConfirmation,
        { subscriberId },
        `newsletter-confirm-${subscriberId}-${String(window)}`,
      );
    }
    res.json({ msg: 'Check your inbox to confirm.' });
  };
  return [express.json(), subscribe];
}
