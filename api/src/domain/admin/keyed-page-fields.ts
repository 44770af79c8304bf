import '../zod-config';
import { z } from 'zod';

/** A place in a list read by key, as an answer gives it (domain/admin/admin-views.ts KeyedPage). */
export const cursorField = (what: string) =>
  z.string().nullable().describe(`${what}, to send back as is; null at that end of the list.`);

/** The count and the places of a newest-first list read by key, in the API reference. */
export const keyedPageFields = {
  total: z.number().int().describe('How many the filter finds (from an index).'),
  pageSize: z.number().int(),
  next: cursorField('The place after the last row (older), as `after`'),
  previous: cursorField('The place before the first row (newer), as `before`'),
};
