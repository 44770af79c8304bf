import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/server/openapi-document';
import { operationSummaries, type OperationSummary } from '../../tests/support/openapi-summary';

/**
 * The reference's operations are checked against openapi-operations.json, written by hand and
 * reviewed: a change there is a change of the API a client sees (a route, a status, a field, who
 * may call it), so edit the file on purpose, never by copying what the test prints.
 */
const REVIEWED = JSON.parse(
  readFileSync(new URL('./openapi-operations.json', import.meta.url), 'utf8'),
) as Record<string, OperationSummary>;

describe('the operations of the OpenAPI reference', () => {
  const summaries = operationSummaries(buildOpenApiDocument());

  it('are the reviewed ones, in the reviewed order', () => {
    expect(Object.keys(summaries)).toEqual(Object.keys(REVIEWED));
  });

  it.each(Object.keys(REVIEWED))(
    '%s keeps its path, method, security, parameters, body and answers',
    (operationId) => {
      expect(summaries[operationId]).toEqual(REVIEWED[operationId]);
    },
  );
});
