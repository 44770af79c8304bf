import { SERVICES } from '../../../api/src/domain/booking/catalogue';
import { contactEmail, personFrom, type ReferenceCodes } from '../identities';
import { pick, randomFor, weighted } from '../random';
import { objectIdAt, type SeedWorld } from '../world';

const CONTACT_KIND = 0x07;

const SUBJECTS = [
  'Question about pricing',
  'Do you serve Etobicoke?',
  'Rescheduling my visit',
  'Commercial cleaning for our office',
  'Feedback on last visit',
  'Gift certificate',
] as const;

const MESSAGES = [
  'Hi, could you tell me whether the one-time visit covers a three-bedroom house? Thanks.',
  'We are looking for a weekly cleaning of a small office near Liberty Village. Please call me.',
  'The crew did a lovely job last week; I would like to book the same team again.',
  'Is snow removal available for a corner lot with a long driveway?',
  'Do you offer gift certificates for the garden design service?',
] as const;

/** Message `index` of the contact form as ContactMessageModel stores it, emails long sent. */
export function contactMessageDocument(
  world: SeedWorld,
  references: ReferenceCodes,
  index: number,
): Record<string, unknown> {
  const random = randomFor(world.seed, 'contact', index);
  const person = personFrom(random);
  const first = world.dayStart(0);
  // More messages as the business grows, like its bookings.
  const createdAt = Math.floor(first + (world.now - 3_600_000 - first) * Math.sqrt(random()));
  const status = weighted(random, [
    ['answered', 60],
    ['archived', 30],
    ['new', 10],
  ] as const);
  return {
    _id: objectIdAt(createdAt, world.seed, CONTACT_KIND, index),
    reference: references.of(index),
    fullName: person.name,
    email: contactEmail(world.seed, index, person),
    phone: person.phone,
    subject: pick(random, SUBJECTS),
    message: pick(random, MESSAGES),
    service: random() < 0.6 ? pick(random, SERVICES).title : null,
    status,
    // Both emails were handed over when it arrived: the follow-up sweep has nothing to resume.
    emailsPending: false,
    followUpClaimedUntil: null,
    createdAt: new Date(createdAt),
    updatedAt: new Date(status === 'new' ? createdAt : Math.min(world.now, createdAt + 86_400_000)),
  };
}
