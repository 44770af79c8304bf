import type {
  JsonSchema,
  OpenApiDocument,
  ReferenceObject,
  ResponseObject,
} from '../../api/src/http/openapi/openapi-types';

/**
 * One operation as a reviewer reads it: where it is, who may call it, what it takes and the keys
 * of what it answers. Descriptions are left out: rewording one is not a change of the API.
 */
export interface OperationSummary {
  method: string;
  path: string;
  tag: string;
  security: Record<string, string[]>[];
  /** `in:name`, with a `*` when required. */
  parameters: string[];
  /** Content type to the body's property names (`*` when required), or null for no body. */
  requestBody: { required: boolean; content: Record<string, string[]> } | null;
  /** Status to a shared response's name, or content type to the answer's top-level keys. */
  responses: Record<string, string | Record<string, string[] | string>>;
}

function keysOf(schema: JsonSchema | undefined): string[] | string {
  if (!schema) return 'none';
  if (typeof schema.$ref === 'string') return schema.$ref.replace('#/components/schemas/', '');
  if (schema.type !== 'object' || !schema.properties) return String(schema.type ?? 'any');
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.keys(schema.properties).map((name) =>
    required.includes(name) ? `${name}*` : name,
  );
}

function responseSummary(
  response: ResponseObject | ReferenceObject,
): string | Record<string, string[] | string> {
  if ('$ref' in response) return response.$ref.replace('#/components/responses/', '');
  const content = Object.entries(response.content ?? {}).map(
    ([type, media]): [string, string[] | string] => [type, keysOf(media.schema)],
  );
  const headers = Object.keys(response.headers ?? {}).map((name): [string, string] => [
    `header:${name}`,
    'string',
  ]);
  return Object.fromEntries([...content, ...headers]);
}

/** Every operation of the document by operationId, in the document's order. */
export function operationSummaries(document: OpenApiDocument): Record<string, OperationSummary> {
  const summaries: Record<string, OperationSummary> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const body = operation.requestBody;
      summaries[operation.operationId] = {
        method,
        path,
        tag: operation.tags.join(','),
        security: operation.security ?? [],
        parameters: (operation.parameters ?? []).map(
          (parameter) => `${parameter.in}:${parameter.name}${parameter.required ? '*' : ''}`,
        ),
        requestBody: body
          ? {
              required: body.required,
              content: Object.fromEntries(
                Object.entries(body.content).map(([type, media]) => {
                  const keys = keysOf(media.schema);
                  return [type, typeof keys === 'string' ? [keys] : keys];
                }),
              ),
            }
          : null,
        responses: Object.fromEntries(
          Object.entries(operation.responses).map(([status, response]) => [
            status,
            responseSummary(response),
          ]),
        ),
      };
    }
  }
  return summaries;
}
