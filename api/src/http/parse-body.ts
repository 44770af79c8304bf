import type { z } from 'zod';
import { DomainError } from '../domain/domain-error';

/**
 * Validates a request body against its one schema. The first problem is the message a person
 * reads; `fields` names every bad field for forms that mark them. Nothing is changed on failure.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('invalid', 'The request body must be a JSON object.');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'body';
    fields[field] ??= issue.message;
  }
  throw new DomainError('invalid', result.error.issues[0]?.message ?? 'Invalid request.', {
    fields,
  });
}
