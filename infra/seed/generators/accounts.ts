import type { SeedWorld } from '../world';

/** Account `account` as UserModel stores it: a customer who can sign in with the seed's password. */
export function accountDocument(world: SeedWorld, account: number): Record<string, unknown> {
  const person = world.accountPerson(account);
  const createdAt = new Date(world.accountCreatedAt(account));
  return {
    _id: world.accountId(account),
    email: world.accountEmail(account, person),
    // One argon2id hash for all: hashing 200,000 passwords would take the run's whole budget.
    passwordHash: world.passwordHash,
    firstName: person.firstName,
    lastName: person.lastName,
    address: person.address,
    googleId: null,
    emailVerifiedAt: account % 10 === 0 ? null : new Date(createdAt.getTime() + 600_000),
    role: 'customer',
    tokenVersion: 0,
    profile: {
      company: person.company ?? '',
      phone: person.phone,
      city: 'Toronto',
      state: 'ON',
      zipCode: person.postalCode,
      country: 'Canada',
      dob: '',
      bio: '',
      avatarKey: '',
    },
    createdAt,
    updatedAt: createdAt,
  };
}
