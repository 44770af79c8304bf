import { z } from 'zod';
import { DomainError } from '../domain/domain-error';
import type { NewestFirstPlace } from '../platform/newest-first';

/**
 * Where a long admin list stands between pages: the sort key of a row it showed, written as
 * base64url of a small JSON array. The API pages by key from it (rows after or before that key
 * on the sort's index), never by skipping rows, so a late page costs what the first one does.
 * Opaque to the console: it only sends back what the list answered.
 */

/** A cursor as it travels: base64url, short. Anything else is refused before it is decoded. */
export const CURSOR_MAX = 200;
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

export const ListCursorMessages = {
  cursor: 'The list’s place (after/before) is not one this list gave; start again from the top.',
  both: 'Ask for the rows after a place or before it, not both.',
} as const;

export type CursorValue = string | number;

export function encodeCursor(values: readonly CursorValue[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/** The values in `text`, or null when it is not a cursor this API wrote. */
export function decodeCursor(text: string): unknown[] | null {
  if (!CURSOR_PATTERN.test(text)) return null;
  try {
    const values: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return Array.isArray(values) ? values : null;
  } catch {
    return null;
  }
}

/**
 * A query parameter holding a cursor whose values `shape` checks: a constrained string at the
 * edge, and a 400 for one that was tampered with or belongs to nothing.
 */
export function cursorParam<T extends z.ZodType>(shape: T) {
  return z
    .string({ error: ListCursorMessages.cursor })
    .max(CURSOR_MAX, ListCursorMessages.cursor)
    .regex(CURSOR_PATTERN, ListCursorMessages.cursor)
    .transform((text, context): z.output<T> => {
      const parsed = shape.safeParse(decodeCursor(text));
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: ListCursorMessages.cursor });
        return z.NEVER;
      }
      return parsed.data;
    });
}

/** A MongoDB ObjectId as its 24 hex digits: the id of a message or a subscriber. */
export const OBJECT_ID_PATTERN = /^[a-f0-9]{24}$/;

/**
 * What the cursor of a newest-first list carries, in order: a row's creation (milliseconds) and
 * its id, of the shape `id` allows (an ObjectId's hex, a booking id), checked whole before it
 * reaches a query.
 */
export function newestFirstCursorValues(id: RegExp) {
  return z
    .tuple([z.number().int().min(0).max(8_640_000_000_000_000), z.string().regex(id)])
    .transform(([createdAt, rowId]): NewestFirstPlace => ({
      createdAt: new Date(createdAt),
      id: rowId,
    }));
}

/** The `after` and `before` query parameters of a newest-first list whose ids match `id`. */
export function newestFirstCursors(id: RegExp) {
  return {
    after: cursorParam(newestFirstCursorValues(id)).optional(),
    before: cursorParam(newestFirstCursorValues(id)).optional(),
  };
}

/** The cursor the console sends back for `place`, or null at that end of the list. */
function newestFirstCursorText(place: NewestFirstPlace | null): string | null {
  return place === null ? null : encodeCursor([place.createdAt.getTime(), place.id]);
}

interface Placed {
  next: NewestFirstPlace | null;
  previous: NewestFirstPlace | null;
}

/** A page of a newest-first list as the route answers it: its places written as cursors. */
export function withCursors<L extends Placed>(
  page: L,
): Omit<L, keyof Placed> & { next: string | null; previous: string | null } {
  return {
    ...page,
    next: newestFirstCursorText(page.next),
    previous: newestFirstCursorText(page.previous),
  };
}

/** A page is asked for after a place or before one: never both (400). */
export function oneWayOnly(query: { after?: unknown; before?: unknown }): void {
  if (query.after !== undefined && query.before !== undefined) {
    throw new DomainError('validation.invalid', ListCursorMessages.both);
  }
}
