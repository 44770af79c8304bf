import type { JobDefinition, QueueName } from '@hs/api/jobs/job-definitions';
import type { Processor } from './processor';

export class RegistryError extends Error {
  constructor(problems: string[]) {
    super(`The job registry is inconsistent:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'RegistryError';
  }
}

/**
 * Checks, before any worker starts, that every defined job has exactly one processor and every
 * processor belongs to a defined job: a job nobody handles would sit in Redis forever.
 */
export function buildRegistry(
  definitions: readonly JobDefinition[],
  processors: readonly Processor[],
): Map<QueueName, Map<string, Processor>> {
  const problems: string[] = [];
  const byName = new Map<string, Processor>();
  for (const processor of processors) {
    const name = processor.job.name;
    if (byName.has(name)) problems.push(`job "${name}" has more than one processor`);
    else byName.set(name, processor);
    if (!definitions.some((definition) => definition.name === name)) {
      problems.push(`processor for "${name}" has no job definition`);
    }
  }
  const registry = new Map<QueueName, Map<string, Processor>>();
  for (const definition of definitions) {
    const processor = byName.get(definition.name);
    if (!processor) {
      problems.push(`job "${definition.name}" (queue "${definition.queue}") has no processor`);
      continue;
    }
    const queue = registry.get(definition.queue) ?? new Map<string, Processor>();
    queue.set(definition.name, processor);
    registry.set(definition.queue, queue);
  }
  if (problems.length) throw new RegistryError(problems);
  return registry;
}
