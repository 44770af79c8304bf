import type { Crew } from './admin-views';

/** The longest crew name the schedule board and day sheets lay out well. */
export const CREW_NAME_MAX = 40;

/** A crew's id is its name's, so an assignment survives the roster being reordered. */
export function crewId(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** `CREW_NAMES` as written: comma-separated names, blanks ignored (empty: none named). */
export function crewNames(list: string): string[] {
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * The crews that go out each window: named in CREW_NAMES, or "Crew 1" to "Crew N" for
 * SLOT_CAPACITY. Their number is every window's capacity: one visit per crew per window.
 */
export function crewRoster(config: { CREW_NAMES?: string; SLOT_CAPACITY: number }): Crew[] {
  const named = crewNames(config.CREW_NAMES ?? '');
  const names =
    named.length > 0
      ? named
      : Array.from({ length: config.SLOT_CAPACITY }, (_, index) => `Crew ${String(index + 1)}`);
  return names.map((name) => ({ id: crewId(name), name }));
}
