/**
 * A query's condition on a field whose index is partial on `{ $type: 'string' }` (unique where it
 * is set, any number of documents without it): MongoDB's planner uses such an index only when the
 * query states the type itself, since an equality alone does not imply it, and without it the
 * query reads the whole collection (api/test/query-plans-profiled.test.ts found these).
 */
export function presentString(value: string): { $eq: string; $type: 'string' } {
  return { $eq: value, $type: 'string' };
}
