/**
 * The catalogue of docs/product.md sections 2, 3 and 9, defined once: the API validates bookings and
 * prices them from it, and the site renders what `GET /api/catalogue` answers from it.
 * Browser-safe: plain data.
 */

export type ServiceKeyword =
  | 'garden'
  | 'house'
  | 'office'
  | 'furniture'
  | 'construction'
  | 'glass'
  | 'planting'
  | 'lawn'
  | 'weeding'
  | 'pruning'
  | 'top';

export interface Service {
  /** Stable identifier, used in URLs and stored on bookings. Keywords are not unique. */
  id: string;
  title: string;
  keyword: ServiceKeyword;
  /** Bullet points of the card's description. */
  description: string[];
  /**
   * The card image under the site's root, without size and extension: the site ships it as
   * `<image>-480.webp` and `<image>-960.webp`.
   */
  image: string;
}

const service = (
  id: string,
  title: string,
  keyword: ServiceKeyword,
  description: string[],
): Service => ({ id, title, keyword, description, image: `/images/services/${id}` });

export const SERVICES: readonly Service[] = [
  service('garden-maintenance', 'Garden Maintenance', 'garden', [
    'Weekly or seasonal care of beds, borders and planters',
    'Pruning, deadheading and mulching to keep plants healthy',
    'Green waste hauled away after every visit',
  ]),
  service('house-office-cleaning', 'House/Office Cleaning', 'house', [
    'Kitchens, bathrooms, floors and dusting, top to bottom',
    'Eco-friendly products that are safe for children and pets',
    'Daily, weekly or monthly visits on your schedule',
  ]),
  service('seasonal-cleaning', 'Seasonal Cleaning', 'house', [
    'Spring and fall deep cleans, inside and out',
    'Windows, baseboards, closets and appliances included',
    'Ideal before moving in, moving out or hosting',
  ]),
  service('specialized-carpentry', 'Specialized Carpentry', 'office', [
    'Custom shelving, built-ins, trim and doors',
    'Office fit-outs and repairs done after hours',
    'Every project starts with a free on-site estimate',
  ]),
  service('painting', 'Painting', 'furniture', [
    'Interior walls, ceilings, trim and furniture refinishing',
    'Careful prep, drop sheets and low-odour paints',
    'Clean lines and a tidy site at the end of each day',
  ]),
  service('construction-estimate', 'Free Construction Estimate', 'construction', [
    'Decks, fences, sheds, patios and small additions',
    'A detailed written quote after an on-site visit',
    'No obligation and no hidden fees',
  ]),
  service('pressure-wash', 'Pressure Wash', 'glass', [
    'Driveways, walkways, decks, siding and windows',
    'Adjustable pressure that is safe for every surface',
    'Removes grime, mould and stains in a single visit',
  ]),
  service('garden-backyard-design', 'Garden & Backyard Design', 'planting', [
    'Planting plans suited to Toronto’s climate',
    'Garden beds, pathways, lighting and seating areas',
    'From a sketch to the last plant in the ground',
  ]),
  service('lawn-repair', 'Lawn Repair', 'lawn', [
    'Overseeding, patching and fresh sod for bare spots',
    'Aeration and top dressing for stronger roots',
    'Advice on watering and mowing between visits',
  ]),
  service('weed-control', 'Weed Control', 'weeding', [
    'Hand pulling and eco-friendly treatments',
    'Beds, lawns, patios and interlock joints',
    'Follow-up visits to stop weeds coming back',
  ]),
  service('snow-removal', 'Snow Removal', 'pruning', [
    'Driveways, walkways and steps cleared after every snowfall',
    'Salting and de-icing to keep paths safe',
    'Seasonal contracts for homes, offices and restaurants',
  ]),
  service('eavestrough', 'Eavestrough', 'top', [
    'Gutter and downspout cleaning, inside and out',
    'Leak sealing, re-sloping and guard installation',
    'Before-and-after photos of every job',
  ]),
];

/** Services with these keywords are quoted on site: Book Now goes straight to Custom Estimate. */
export const ESTIMATE_ONLY_KEYWORDS: readonly ServiceKeyword[] = ['construction', 'office'];

export type PlanId = 'one-time' | 'monthly' | 'custom-estimate';

export interface Plan {
  id: PlanId;
  name: string;
  /** CAD cents; null when the plan is not paid in advance. */
  amountCents: number | null;
  badge: string | null;
  features: string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'one-time',
    name: 'One-time Visit',
    amountCents: 14_900,
    badge: 'Popular Choice',
    features: ['Single service visit', 'Professional service', 'Quality guaranteed'],
  },
  {
    id: 'monthly',
    name: 'Monthly Visit',
    amountCents: 24_900,
    badge: 'Best Value',
    features: [
      '4 visits per month',
      'Regular maintenance',
      'Priority scheduling',
      '10% discount on additional services',
    ],
  },
  {
    id: 'custom-estimate',
    name: 'Custom Estimate',
    amountCents: null,
    badge: null,
    features: ['Free on-site assessment', 'Detailed written quote', 'No obligation'],
  },
];

export const CUSTOM_ESTIMATE: PlanId = 'custom-estimate';

export type TimeWindowId = 'morning' | 'afternoon' | 'evening';

export interface TimeWindow {
  id: TimeWindowId;
  label: string;
  /** As the form shows it: 'Morning (8am-12pm)'. */
  range: string;
  /** Local hours in America/Toronto, start inclusive, end exclusive. */
  startHour: number;
  endHour: number;
}

export const TIME_WINDOWS: readonly TimeWindow[] = [
  { id: 'morning', label: 'Morning', range: '8am-12pm', startHour: 8, endHour: 12 },
  { id: 'afternoon', label: 'Afternoon', range: '12pm-4pm', startHour: 12, endHour: 16 },
  { id: 'evening', label: 'Evening', range: '4pm-8pm', startHour: 16, endHour: 20 },
];

export const TIME_WINDOW_IDS = ['morning', 'afternoon', 'evening'] as const;
export const DEFAULT_TIME_WINDOW: TimeWindowId = 'morning';

/** Everything `GET /api/catalogue` answers. */
export interface Catalogue {
  currency: 'cad';
  services: readonly Service[];
  plans: readonly Plan[];
  timeWindows: readonly TimeWindow[];
  estimateOnlyKeywords: readonly ServiceKeyword[];
}

export const CATALOGUE: Catalogue = {
  currency: 'cad',
  services: SERVICES,
  plans: PLANS,
  timeWindows: TIME_WINDOWS,
  estimateOnlyKeywords: ESTIMATE_ONLY_KEYWORDS,
};

const normalise = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** A service by its id or its title, in any letter case (the original form posted titles). */
export function findService(idOrTitle: string): Service | undefined {
  const wanted = normalise(idOrTitle);
  return SERVICES.find((entry) => entry.id === wanted || normalise(entry.title) === wanted);
}

/**
 * A plan by its id, its name, or the label the original form posted ('One-time Visit - $149'):
 * the price in a label is never read, only the name before it.
 */
export function findPlan(idOrLabel: string): Plan | undefined {
  const wanted = normalise(idOrLabel);
  return PLANS.find(
    (entry) =>
      entry.id === wanted ||
      normalise(entry.name) === wanted ||
      wanted.startsWith(`${normalise(entry.name)} -`) ||
      wanted.startsWith(`${normalise(entry.name)} (`),
  );
}

export function findTimeWindow(id: string): TimeWindow | undefined {
  return TIME_WINDOWS.find((entry) => entry.id === id);
}

export function isEstimateOnly(entry: Service): boolean {
  return ESTIMATE_ONLY_KEYWORDS.includes(entry.keyword);
}

/**
 * "10% discount on additional services": what a Monthly Visit plan's customer pays for a
 * one-time visit of another service. The server prices it; the site only shows it.
 */
export const PLAN_MEMBER_DISCOUNT_PERCENT = 10;

export function memberPrice(amountCents: number): number {
  return Math.round((amountCents * (100 - PLAN_MEMBER_DISCOUNT_PERCENT)) / 100);
}

/** '$149' or '$149.50' for display: the amount itself always comes from the server. */
export function formatCad(amountCents: number): string {
  const sign = amountCents < 0 ? '-' : '';
  const cents = Math.abs(amountCents);
  // Thousands grouped as Canadians write them in English ('$10,346.89'), by hand: the same on
  // every runtime, whatever its locale data.
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = cents % 100;
  return `${sign}$${dollars}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** The label the plan modal shows and the form carries: 'One-time Visit - $149'. */
export function planLabel(plan: Plan): string {
  return plan.amountCents === null ? plan.name : `${plan.name} - ${formatCad(plan.amountCents)}`;
}
