import { z } from 'zod';
import type { BodySpec, PathParams, QuerySpec } from './endpoint';
import type { RequestBodyObject } from './openapi/openapi-types';
import { jsonBodyObject, multipartBodyObject, type FileField } from './openapi/zod-to-openapi';

/**
 * The request parts an operation declares, each a zod schema that both parses the request and
 * describes it in the reference (zod-to-openapi.ts).
 */

/** Each `{name}` of the path, described: the handler gets them as strings. */
export function pathParams<K extends string>(
  descriptions: Record<K, string>,
): z.ZodType<Record<K, string>> & PathParams {
  const shape = Object.fromEntries(
    Object.entries<string>(descriptions).map(([name, description]) => [
      name,
      z.string().describe(description),
    ]),
  ) as Record<K, z.ZodString>;
  return z.object(shape) as z.ZodType<Record<K, string>>;
}

/** The query, parsed with `schema`; `descriptions` say what each parameter means. */
export function queryOf<S extends z.ZodType>(
  schema: S,
  descriptions: Record<string, string> = {},
): QuerySpec<S> {
  return { schema, descriptions };
}

interface BodyOptions {
  description?: string;
  /**
   * The body may be left out (it is then parsed as `{}`): every field is optional, or the
   * answer to no body is the fields' own messages.
   */
  optional?: boolean;
  /**
   * A required body that is left out is parsed as `{}` all the same, so the answer names the
   * missing fields rather than the missing body.
   */
  missingIsEmpty?: boolean;
  /** How the reference shows the body, when the parsing schema says it less clearly. */
  shownAs?: z.ZodType;
}

/** A JSON body parsed with `schema`. */
export function jsonBody<S extends z.ZodType>(schema: S, options: BodyOptions = {}): BodySpec<S> {
  return {
    schema,
    openapi: jsonBodyObject(options.shownAs ?? schema, {
      ...(options.description ? { description: options.description } : {}),
      required: !options.optional,
    }),
    missingIsEmpty: (options.optional ?? false) || (options.missingIsEmpty ?? false),
  };
}

/**
 * A multipart form whose text fields are parsed with `schema` once `receive` has read it (multer
 * fills `req.body`); its files are the handler's (`req.file`). JSON is taken too when `json`.
 */
export function multipartBody<S extends z.ZodType>(
  schema: S,
  files: Record<string, FileField>,
  options: { json?: boolean } = {},
): BodySpec<S> {
  const multipart = multipartBodyObject(schema, files);
  const content = options.json
    ? { ...multipart.content, ...jsonBodyObject(schema).content }
    : multipart.content;
  return { schema, openapi: { ...multipart, content }, missingIsEmpty: false };
}

/**
 * A body the handler reads itself (a file upload without text fields, a form post of the test
 * pages, the webhook's raw bytes): described, not parsed.
 */
export function describedBody(openapi: RequestBodyObject): BodySpec<undefined> {
  return { schema: undefined, openapi, missingIsEmpty: false };
}

/** A multipart upload of files only: nothing to parse but what `receive` stores. */
export function fileUpload(files: Record<string, FileField>): BodySpec<undefined> {
  return describedBody(multipartBodyObject(undefined, files));
}
