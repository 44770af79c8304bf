import { z } from 'zod';
import { ENV_RULES } from './env-schema';

/** Thrown at start-up when the environment is wrong; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export type EnvSource = Record<string, string | undefined>;

/**
 * Reads and validates the environment once. Empty strings count as unset so that a blank line
 * in .env behaves like a missing one instead of silently becoming "". Every variable's problem and
 * every broken rule between variables (ENV_RULES) is named at once.
 */
export function loadConfig<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: EnvSource = process.env,
): z.infer<z.ZodObject<Shape>> {
  const input: Record<string, string> = {};
  for (const key of Object.keys(shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') input[key] = value.trim();
  }
  const result = z.object(shape).safeParse(input);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)';
        const reason =
          issue.code === 'invalid_type' && input[name] === undefined
            ? 'is required'
            : issue.message;
        return `${name}: ${reason}`;
      });
  for (const rule of ENV_RULES) {
    if (rule.variables.every((name) => name in shape)) problems.push(...rule.problems(input));
  }
  if (!result.success || problems.length > 0) throw new ConfigError(problems);
  return result.data;
}
