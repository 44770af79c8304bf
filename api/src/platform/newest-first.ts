/**
 * A long list shown newest first ({ createdAt: -1, _id: -1 }), read by key rather than by
 * skipping rows: a page is the rows strictly beyond a row's (createdAt, id), one range of the
 * list's index ({ ...filter fields, createdAt: -1, _id: -1 }), so a late page costs what the
 * first one does. The id breaks the ties of rows made in the same millisecond.
 */

/** A row's place in the order: its sort key. */
export interface NewestFirstPlace {
  createdAt: Date;
  id: string;
}

export interface NewestFirstRange {
  /** Older: the rows after this place. */
  after?: NewestFirstPlace | undefined;
  /** Newer: the rows before this place. */
  before?: NewestFirstPlace | undefined;
  limit: number;
}

export interface NewestFirstPage<D> {
  rows: D[];
  /** The place of the first row shown (newer rows are before it), or null on the first page. */
  previous: NewestFirstPlace | null;
  /** The place of the last row shown (older rows are after it), or null on the last page. */
  next: NewestFirstPlace | null;
}

/** A list's answer, with the places a route writes as cursors for the console to send back. */
export type WithPlaces<L> = Omit<L, 'next' | 'previous'> & {
  next: NewestFirstPlace | null;
  previous: NewestFirstPlace | null;
};

type Order = Record<'createdAt' | '_id', 1 | -1>;

/** What a model offers the read: a find, sorted, hinted and limited (a mongoose model). */
interface Finding<D> {
  find(filter: Record<string, unknown>): {
    sort(order: Order): {
      hint(index: Record<string, 1 | -1>): { limit(count: number): PromiseLike<D[]> };
    };
  };
}

/**
 * The list's index: the filter's fields (equalities), then the key. Named, so that a page read
 * from a place keeps to it: MongoDB could otherwise walk the key's own index and test the filter
 * on every row it fetches, a read that grows with the rows the filter leaves out.
 */
function indexOf(filter: Record<string, unknown>): Record<string, 1 | -1> {
  return {
    ...Object.fromEntries(Object.keys(filter).map((field) => [field, 1 as const])),
    createdAt: -1,
    _id: -1,
  };
}

interface Keyed {
  createdAt: Date;
  _id: unknown;
}

/**
 * The rows strictly beyond `from`, going `direction` along the key: a bound on createdAt, which
 * the index reads as the range's end, and the tie-break on the id within that millisecond.
 */
function beyond(from: NewestFirstPlace, direction: 1 | -1): Record<string, unknown> {
  const op = direction === 1 ? '$gt' : '$lt';
  return {
    $and: [
      { createdAt: { [direction === 1 ? '$gte' : '$lte']: from.createdAt } },
      {
        $or: [
          { createdAt: { [op]: from.createdAt } },
          { createdAt: from.createdAt, _id: { [op]: from.id } },
        ],
      },
    ],
  };
}

function placeOf(row: Keyed): NewestFirstPlace {
  return { createdAt: row.createdAt, id: String(row._id) };
}

/**
 * A page of `filter`'s rows, newest first: from the top, after a place (older) or before one
 * (newer). One read of `limit + 1` rows along the index, to know whether more follow. `filter`
 * holds equalities only, on fields that lead an index { ...those fields, createdAt: -1, _id: -1 }.
 */
export async function newestFirstPage<D extends Keyed>(
  model: Finding<D>,
  filter: Record<string, unknown>,
  range: NewestFirstRange,
): Promise<NewestFirstPage<D>> {
  const read = (direction: 1 | -1, from: NewestFirstPlace | undefined) =>
    model
      .find(from === undefined ? filter : { $and: [filter, beyond(from, direction)] })
      .sort({ createdAt: direction, _id: direction })
      .hint(indexOf(filter))
      .limit(range.limit + 1);

  if (range.before !== undefined) {
    // Newer: back up the order from the place, then shown the right way round.
    const found = await read(1, range.before);
    // Back at the top: the first page, whole, rather than the few rows left before the place.
    if (found.length <= range.limit) return newestFirstPage(model, filter, { limit: range.limit });
    const shown = found.slice(0, range.limit).reverse();
    return {
      rows: shown,
      previous: placeOf(shown[0] as D),
      next: placeOf(shown[shown.length - 1] as D),
    };
  }

  const found = await read(-1, range.after);
  const shown = found.slice(0, range.limit);
  const first = shown[0];
  const last = shown[shown.length - 1];
  return {
    rows: shown,
    previous: range.after === undefined ? null : first ? placeOf(first) : range.after,
    next: found.length > range.limit && last ? placeOf(last) : null,
  };
}
