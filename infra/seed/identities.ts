import { intBelow, pick, type Random } from './random';

/**
 * Made-up people and places. Every address is on example.test (RFC 2606: reserved, never
 * resolvable), so no seeded email can reach a real person whatever a worker sends; phone numbers
 * are in 555-0100..0199, the range reserved for fiction in North America.
 */
export const SEED_EMAIL_DOMAIN = 'example.test';

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Charlotte',
  'Oliver',
  'Amelia',
  'Elijah',
  'Ava',
  'Lucas',
  'Sophia',
  'Levi',
  'Mia',
  'Mateo',
  'Isabella',
  'Ethan',
  'Chloe',
  'Benjamin',
  'Aria',
  'Jack',
  'Priya',
  'Arjun',
  'Mei',
  'Wei',
  'Fatima',
  'Omar',
  'Aisha',
  'Hassan',
  'Sofia',
  'Diego',
  'Chen',
  'Yuki',
  'Hana',
  'Kwame',
  'Amara',
  'Tariq',
  'Leila',
  'Nikolai',
  'Anya',
  'Giulia',
  'Marco',
  'Siobhan',
  'Declan',
  'Rohan',
  'Ananya',
  'Jin',
  'Seo-yeon',
  'Tomasz',
  'Zofia',
  'Malik',
] as const;

const LAST_NAMES = [
  'Smith',
  'Brown',
  'Tremblay',
  'Martin',
  'Roy',
  'Wilson',
  'MacDonald',
  'Gagnon',
  'Johnson',
  'Taylor',
  'Cote',
  'Campbell',
  'Anderson',
  'Leblanc',
  'Lee',
  'Wong',
  'Patel',
  'Singh',
  'Chen',
  'Nguyen',
  'Kim',
  'Ali',
  'Khan',
  'Rossi',
  'Silva',
  'Kowalski',
  'Novak',
  'Osei',
  'Mensah',
  'Haddad',
  'Sato',
  'Park',
  'Murphy',
  "O'Brien",
  'Fraser',
  'Stewart',
  'Reid',
  'Morin',
  'Bouchard',
  'Gill',
  'Sharma',
  'Li',
  'Zhang',
  'Wang',
  'Liu',
  'Costa',
  'Ferreira',
  'Ivanov',
  'Petrov',
  'Adeyemi',
] as const;

const STREETS = [
  'Queen St W',
  'King St E',
  'Bloor St W',
  'Yonge St',
  'Dundas St W',
  'College St',
  'Danforth Ave',
  'Eglinton Ave W',
  'St Clair Ave W',
  'Bathurst St',
  'Spadina Ave',
  'Ossington Ave',
  'Roncesvalles Ave',
  'Gerrard St E',
  'Kingston Rd',
  'Lawrence Ave E',
  'Sheppard Ave W',
  'Finch Ave E',
  'Avenue Rd',
  'Mount Pleasant Rd',
  'Bayview Ave',
  'Leslie St',
  'Pape Ave',
  'Jones Ave',
  'Broadview Ave',
  'Dufferin St',
  'Keele St',
  'Jane St',
  'Islington Ave',
  'Kipling Ave',
  'Royal York Rd',
  'Parliament St',
] as const;

const COMPANIES = [
  'Maple Leaf Dental',
  'Harbourfront Cafe',
  'Kensington Bakery',
  'Annex Law LLP',
  'Leslieville Yoga',
  'Junction Hardware',
  'Riverdale Physio',
  'Beaches Bistro',
  'Liberty Village Studio',
  'Danforth Deli',
] as const;

// Letters a Canadian postal code uses (no D, F, I, O, Q, U).
const POSTAL_LETTERS = Array.from('ABCEGHJKLMNPRSTVWXYZ');

export interface Person {
  firstName: string;
  lastName: string;
  /** 'Olivia Smith'. */
  name: string;
  phone: string;
  /** The product's phoneKey form: '+14165550123'. */
  phoneKey: string;
  /** The digits as typed: '4165550123'. */
  phoneDigits: string;
  address: string;
  postalCode: string;
  company: string | null;
}

/** A person drawn from `random`: always the same one for the same generator state. */
export function personFrom(random: Random): Person {
  const firstName = pick(random, FIRST_NAMES);
  const lastName = pick(random, LAST_NAMES);
  const area = pick(random, ['416', '647', '437']);
  const line = `01${String(intBelow(random, 100)).padStart(2, '0')}`;
  const postalCode = `M${String(1 + intBelow(random, 9))}${pick(random, POSTAL_LETTERS)} ${String(intBelow(random, 10))}${pick(random, POSTAL_LETTERS)}${String(intBelow(random, 10))}`;
  const address = `${String(1 + intBelow(random, 2999))} ${pick(random, STREETS)}, Toronto, ON ${postalCode}`;
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    phone: `(${area}) 555-${line}`,
    phoneKey: `+1${area}555${line}`,
    phoneDigits: `${area}555${line}`,
    address,
    postalCode,
    company: random() < 0.06 ? pick(random, COMPANIES) : null,
  };
}

function mailbox(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '');
}

/** The seed number tags every address, so runs with different --seed never share one. */
function tag(seed: number): string {
  return seed === 1 ? '' : `s${String(seed)}-`;
}

export function accountEmail(seed: number, index: number, person: Person): string {
  return `${mailbox(person.firstName)}.${mailbox(person.lastName)}.${tag(seed)}${String(index)}@${SEED_EMAIL_DOMAIN}`;
}

export function guestEmail(seed: number, index: number, person: Person): string {
  return `${mailbox(person.firstName)}${String(index)}.${tag(seed)}guest@${SEED_EMAIL_DOMAIN}`;
}

export function readerEmail(seed: number, index: number): string {
  return `reader.${tag(seed)}${String(index)}@${SEED_EMAIL_DOMAIN}`;
}

export function contactEmail(seed: number, index: number, person: Person): string {
  return `${mailbox(person.firstName)}.${tag(seed)}${String(index)}.contact@${SEED_EMAIL_DOMAIN}`;
}

/** 'First L.': how the product signs a review (reviews take it from the booking). */
export function reviewerName(person: Person): string {
  return `${person.firstName} ${person.lastName.charAt(0)}.`;
}

/**
 * The product's reference alphabet (api/src/platform/reference-code.ts keeps it private): no 0/O
 * or 1/I, since references are read out on the phone.
 */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_SPACE = 2 ** 30; // 32^6: six characters of the alphabet.

/**
 * Unique six-character codes for indexes, in an order that looks random. The product draws
 * references at random and retries on the unique index; a million random draws would clash
 * hundreds of times, so the seed maps each index through a permutation of the 32^6 codes
 * (an odd multiplier and an xor-shift are both bijections), which cannot clash.
 */
export class ReferenceCodes {
  private readonly offset: number;

  constructor(
    private readonly prefix: string,
    seed: number,
    /** Codes already used in the database (a --force run): those indexes take another code. */
    private readonly taken: ReadonlySet<string> = new Set(),
  ) {
    this.offset = Math.imul(seed, 0x2f6b_1d) >>> 2;
  }

  of(index: number): string {
    let code = this.code(index);
    // Indexes at and above 2^29 are never a seeded entity's: they are free for the few clashes.
    for (let attempt = 1; this.taken.has(code); attempt += 1) {
      code = this.code(CODE_SPACE / 2 + index * 7 + attempt);
    }
    return code;
  }

  private code(index: number): string {
    let value = (Math.imul(index, 0x1e35_a7bd) + this.offset) & (CODE_SPACE - 1);
    value ^= value >>> 15;
    value = Math.imul(value, 0x2c1b_3c6d) & (CODE_SPACE - 1);
    value ^= value >>> 13;
    let text = '';
    for (let digit = 0; digit < 6; digit += 1) {
      text += REFERENCE_ALPHABET.charAt(value & 31);
      value >>>= 5;
    }
    return `${this.prefix}-${text}`;
  }
}
