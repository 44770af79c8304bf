import { z } from 'zod';
import { ERROR_CODE_LIST, ERROR_CODES } from '../../domain/domain-error';
import { jsonSchemaOf } from './zod-to-openapi';
import type { JsonSchema, ResponseObject } from './openapi-types';

const CODE_LIST = ERROR_CODE_LIST.map((code) => `- \`${code}\`: ${ERROR_CODES[code].meaning}`);

/**
 * What error-handler.ts sends for every refusal: `error` and `message` carry the same text (the
 * site's forms read one or the other), `code` says which refusal it is for a program, `fields`
 * names each bad form field, `reason` says why a card was declined. Described with zod so the
 * error schema is written the way the rest is, and answers are checked against it in tests.
 */
export const errorBodySchema = z.object({
  error: z.string().describe('What went wrong, written for a person.'),
  code: z
    .enum(ERROR_CODE_LIST)
    .describe(
      `Which refusal it is, for a program: stable, whatever the words. The codes:\n${CODE_LIST.join('\n')}`,
    ),
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

/**
 * An answer as an operation declares it: the OpenAPI description, and for a JSON answer the zod
 * schema it was described from, which tests check every answer of that status against.
 */
export interface DeclaredResponse extends ResponseObject {
  readonly json?: z.ZodType;
}

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
      { description, content: { 'application/json': { schema: ERROR_REF } } },
    ]),
  );
}

/** An error answer with its own description (a 403 for a bad signed link, say). */
export function errorResponse(description: string): DeclaredResponse {
  return {
    description,
    content: { 'application/json': { schema: ERROR_REF } },
    json: errorBodySchema,
  };
}

/** A JSON answer described by a zod schema; in tests every such answer is checked against it. */
export function jsonResponse(description: string, schema: z.ZodType): DeclaredResponse {
  return {
    description,
    content: { 'application/json': { schema: jsonSchemaOf(schema) } },
    json: schema,
  };
}

export function redirectResponse(description: string): DeclaredResponse {
  return {
    description,
    headers: {
      Location: { description: 'Where the browser goes next.', schema: { type: 'string' } },
    },
  };
}
