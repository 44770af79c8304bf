import { z } from 'zod';
import { jsonSchemaOf } from './zod-to-openapi';
import type { JsonSchema, ResponseObject } from './openapi-types';

/**
 * What error-handler.ts sends for every refusal: `error` and `message` carry the same text (the
 * site's forms read one or the other), `fields` names each bad form field, `reason` says why a
 * card was declined. Described with zod so the error schema is written the way the rest is.
 */
const errorBodySchema = z.object({
  error: z.string().describe('What went wrong, written for a person.'),
  message: z.string().describe('The same text as `error`.'),
  requestId: z.string().describe('Quote it when asking about a failed request; the logs carry it.'),
  fields: z
    .record(z.string(), z.string())
    .optional()
    .describe('Form field (dot path) to its problem, for validation and upload errors.'),
  reason: z.string().optional().describe('A declined payment: the provider’s reason.'),
});

export const messageBodySchema = z.object({ message: z.string() });

const ERROR_REF = { $ref: '#/components/schemas/Error' } satisfies JsonSchema;

/** The shared schemas, under components/schemas. */
export const sharedSchemas: Record<string, JsonSchema> = {
  Error: jsonSchemaOf(errorBodySchema),
};

/** Refusals common to many routes, under components/responses; operations refer to them. */
export const sharedResponses = {
  BadRequest: 'The body or query is invalid; `fields` names each bad field.',
  Unauthorized: 'No valid login token: sign in and send `Authorization: Bearer <token>`.',
  Forbidden: 'Signed in, but not allowed: an admin account is needed.',
  NotFound: 'Nothing with that id.',
  Conflict: 'The request clashes with the current state (already taken, already done).',
  PayloadTooLarge: 'The body or file is larger than allowed.',
  UnsupportedMediaType: 'The body or file is of a type this route does not take.',
  TooManyRequests: 'Too many attempts from this connection; wait and try again.',
  ServiceUnavailable: 'A service this route needs is unavailable; try again shortly.',
} as const;

export type SharedResponse = keyof typeof sharedResponses;

export const SHARED_RESPONSE_STATUS: Record<SharedResponse, string> = {
  BadRequest: '400',
  Unauthorized: '401',
  Forbidden: '403',
  NotFound: '404',
  Conflict: '409',
  PayloadTooLarge: '413',
  UnsupportedMediaType: '415',
  TooManyRequests: '429',
  ServiceUnavailable: '503',
};

export function sharedResponseObjects(): Record<string, ResponseObject> {
  return Object.fromEntries(
    Object.entries(sharedResponses).map(([name, description]) => [
      name,
      errorResponse(description),
    ]),
  );
}

/** An error answer with its own description (a 403 for a bad signed link, say). */
export function errorResponse(description: string): ResponseObject {
  return { description, content: { 'application/json': { schema: ERROR_REF } } };
}

/** A JSON answer described by a zod schema (response shapes are documentation, not checks). */
export function jsonResponse(description: string, schema: z.ZodType): ResponseObject {
  return { description, content: { 'application/json': { schema: jsonSchemaOf(schema) } } };
}

export function redirectResponse(description: string): ResponseObject {
  return {
    description,
    headers: {
      Location: { description: 'Where the browser goes next.', schema: { type: 'string' } },
    },
  };
}
