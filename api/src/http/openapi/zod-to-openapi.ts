import { z } from 'zod';
import type { JsonSchema, ParameterObject, RequestBodyObject } from './openapi-types';

/**
 * The route's own zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), seen from the
 * client's side (`io: 'input'`): what may be sent, before trimming, defaults and transforms.
 * Checks JSON Schema cannot say (refinements, "a real date") are left to the descriptions and the
 * 400 answer; an unrepresentable part becomes `{}` rather than stopping the API from starting.
 */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...converted } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'any',
    cycles: 'throw',
    reused: 'inline',
    // z.number().int() bounds itself to the safe integers: noise in the reference, and Swagger UI
    // would show -9007199254740991 as every example.
    override: ({ jsonSchema }) => {
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  // A `$ref` into `$defs` would resolve against the whole OpenAPI document, not this schema.
  if (converted.$defs) throw new Error('A documented schema must not need $defs.');
  return converted;
}

/** The properties of an object schema; anything else is a mistake in an operation's list. */
function objectSchemaOf(schema: z.ZodType): {
  properties: Record<string, JsonSchema>;
  required: string[];
} {
  const converted = jsonSchemaOf(schema);
  if (converted.type !== 'object' || !converted.properties) {
    throw new Error('Query parameters and form fields come from an object schema.');
  }
  const properties: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(converted.properties)) {
    properties[name] = typeof property === 'boolean' ? {} : property;
  }
  return { properties, required: converted.required ?? [] };
}

/** Query parameters, one per property of the schema the route parses `req.query` with. */
export function queryParameters(
  schema: z.ZodType,
  descriptions: Record<string, string> = {},
): ParameterObject[] {
  const { properties, required } = objectSchemaOf(schema);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema: property,
    ...(descriptions[name] ? { description: descriptions[name] } : {}),
  }));
}

/** A JSON request body described by its zod schema. */
export function jsonBodyObject(
  schema: z.ZodType,
  options: { description?: string; required?: boolean } = {},
): RequestBodyObject {
  const { description, required = true } = options;
  return {
    required,
    ...(description ? { description } : {}),
    content: { 'application/json': { schema: jsonSchemaOf(schema) } },
  };
}

export interface FileField {
  description: string;
  /** The content types the field is meant to carry (the API judges the bytes, not the type). */
  contentTypes: readonly string[];
  required: boolean;
}

/** A multipart form: the text fields from the route's schema, plus its file fields. */
export function multipartBodyObject(
  schema: z.ZodType | undefined,
  files: Record<string, FileField>,
): RequestBodyObject {
  const { properties, required } = schema
    ? objectSchemaOf(schema)
    : { properties: {}, required: [] };
  const fileProperties: Record<string, JsonSchema> = {};
  const encoding: Record<string, { contentType: string }> = {};
  for (const [name, file] of Object.entries(files)) {
    fileProperties[name] = {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: file.description,
    };
    encoding[name] = { contentType: file.contentTypes.join(', ') };
  }
  const requiredFiles = Object.keys(files).filter((name) => files[name]?.required);
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          properties: { ...properties, ...fileProperties },
          required: [...required, ...requiredFiles],
        },
        encoding,
      },
    },
  };
}
