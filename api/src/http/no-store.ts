import type { RequestHandler } from 'express';

/** For answers that carry a person's details or a secret: no cache, shared or private, keeps them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
