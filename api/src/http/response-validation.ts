import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { declaredAnswersOf } from './endpoint';
import { errorBodySchema } from './openapi/shared-responses';

/**
 * For tests only (createApp's `validateResponses`): every JSON answer is checked against what its
 * operation declares for that status, so code and reference cannot drift apart unnoticed. An
 * answer that does not match is replaced by a 500 naming the operation and the problem, logged
 * and printed: the test that caused it fails, whatever it asserts. Production never mounts this.
 *
 * Checked: the status is declared; the body parses with the declared zod schema; and it carries
 * no field the schema does not name (zod would drop it silently). Outside any operation, the
 * API's refusals (a 404 for an unknown route, a body that is not JSON) must be in the Error shape.
 */
export function responseValidation(): RequestHandler {
  return function checkAnswers(req, res, next) {
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const problem = mismatchOf(req, res, body);
      if (problem === null) return send(body);
      const text = `Answer does not match the API reference: ${problem}`;
      req.log.error({ problem }, 'answer does not match its declared schema');
      // Tests run with the API's log silent: the console is where a developer sees it.
      console.error(`[response validation] ${text}`);
      res.status(500);
      return send({ error: text, code: 'internal', message: text, requestId: req.id });
    };
    next();
  };
}

/** The JSON API's paths, and the legacy aliases of two of its routes. */
function isApiPath(req: Request): boolean {
  return /^\/api(-docs\/api)?\//.test(req.originalUrl);
}

function mismatchOf(req: Request, res: Response, body: unknown): string | null {
  const status = res.statusCode;
  // What goes over the wire: dates as strings, undefined fields gone, documents as their toJSON.
  const sent: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
  const declared = declaredAnswersOf(res);
  if (!declared) {
    if (status < 400 || !isApiPath(req)) return null;
    return problemsOf(`${req.method} ${req.path} ${status}`, errorBodySchema, sent);
  }
  const schema = declared.byStatus[String(status)];
  const where = `${declared.operationId} ${status}`;
  if (schema === undefined) {
    // A dependency down can fail any route: a 5xx need only be an error in the Error shape.
    if (status >= 500) return problemsOf(where, errorBodySchema, sent);
    const statuses = Object.keys(declared.byStatus).join(', ');
    return `${where}: the status is not declared (declared: ${statuses})`;
  }
  if (schema === null) return `${where}: a JSON body, but the status is declared without one`;
  return problemsOf(where, schema, sent);
}

function problemsOf(where: string, schema: z.ZodType, sent: unknown): string | null {
  const result = schema.safeParse(sent);
  if (!result.success) return `${where}: ${z.prettifyError(result.error)}`;
  const undeclared = undeclaredFields(sent, result.data, '');
  if (undeclared.length > 0) return `${where}: fields not in the schema: ${undeclared.join(', ')}`;
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths of fields the answer carries that parsing dropped: the schema does not name them. */
function undeclaredFields(sent: unknown, parsed: unknown, path: string): string[] {
  const at = (key: string | number) =>
    typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item: unknown, index) =>
      undeclaredFields(item, parsed[index] as unknown, at(index)),
    );
  }
  if (isRecord(sent) && isRecord(parsed)) {
    return Object.keys(sent).flatMap((key) =>
      key in parsed ? undeclaredFields(sent[key], parsed[key], at(key)) : [at(key)],
    );
  }
  return [];
}
