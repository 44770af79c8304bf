import { SERVICES } from '../../../api/src/domain/booking/catalogue';
import { reviewerName } from '../identities';
import { pick, randomFor, weighted } from '../random';
import type { SeedWorld } from '../world';
import { visitStartOf, SEED_OPERATOR } from './bookings';
import { KIND, statusOf } from './schedule';

const TEXTS = [
  'On time, friendly and the place looks great. Will book again.',
  'The crew was careful with our furniture and cleaned up after themselves.',
  'Good work overall, they missed a spot by the side gate but came back to fix it.',
  'Fast, polite and reasonably priced. The booking was easy.',
  'Arrived late in the window and rushed a little, but the result was fine.',
  'Excellent attention to detail. Our garden has never looked this tidy.',
  'The reminder email helped, and the crew called ahead. Very professional.',
  'Not happy with the first visit, the second one sorted it out.',
] as const;

/**
 * Which visits were reviewed: only done visits of paid bookings ask for a review (booking-moves.ts),
 * one review per visit; spread evenly over them so every month has its share.
 */
export function reviewedVisits(world: SeedWorld, wanted: number): number[] {
  const { bookings } = world.schedule;
  const done: number[] = [];
  for (let index = 0; index < bookings.count; index += 1) {
    if (bookings.kind[index] === KIND.estimate) continue;
    if (statusOf(bookings.status[index] ?? 0) === 'done') done.push(index);
  }
  const count = Math.min(wanted, done.length);
  const chosen: number[] = [];
  for (let position = 0; position < done.length; position += 1) {
    if (
      Math.floor(((position + 1) * count) / done.length) >
      Math.floor((position * count) / done.length)
    ) {
      chosen.push(done[position] ?? 0);
    }
  }
  return chosen;
}

/** The review of booking `index` as ReviewModel stores it (its _id is the visit's booking id). */
export function reviewDocument(world: SeedWorld, index: number): Record<string, unknown> {
  const { bookings } = world.schedule;
  const random = randomFor(world.seed, 'review', index);
  const { person } = world.customerOf(index);
  const visitStart = visitStartOf(world, index);
  const sentAt = Math.min(world.now - 60_000, visitStart + (20 + random() * 120) * 3_600_000);
  const status = weighted(random, [
    ['approved', 70],
    ['pending', 20],
    ['hidden', 10],
  ] as const);
  const moderatedAt =
    status === 'pending' ? null : new Date(Math.min(world.now, sentAt + 86_400_000));
  return {
    _id: world.bookingId(index),
    reference: world.bookingReference(index),
    serviceId: SERVICES[bookings.service[index] ?? 0]?.id ?? 'garden-maintenance',
    visitDate: world.calendar.dateOf(bookings.day[index] ?? 0),
    rating: weighted(random, [
      [5, 60],
      [4, 25],
      [3, 8],
      [2, 4],
      [1, 3],
    ] as const),
    text: pick(random, TEXTS),
    name: reviewerName(person),
    status,
    moderatedAt,
    moderatedBy: moderatedAt ? SEED_OPERATOR : null,
    createdAt: new Date(sentAt),
    updatedAt: moderatedAt ?? new Date(sentAt),
  };
}
