import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from './admin-views';

/** `?page=N` of the admin lists: a whole number from 1, page 1 when absent. */
export const pageParam = z
  .string({ error: 'page must be a whole number from 1.' })
  .regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1.')
  .transform(Number)
  .default(1);

export interface PageWindow {
  page: number;
  pageSize: number;
  skip: number;
}

export function pageWindow(page: number): PageWindow {
  return { page, pageSize: ADMIN_PAGE_SIZE, skip: (page - 1) * ADMIN_PAGE_SIZE };
}
