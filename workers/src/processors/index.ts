import type { Mailer } from '@hs/api/platform/mailer';
import type { Processor } from '../processor';
import { sendMailProcessor } from './send-mail';

export interface ProcessorDependencies {
  mailer: Mailer;
}

/** Every processor of the product; the registry checks this list against the job definitions. */
export function allProcessors(deps: ProcessorDependencies): Processor[] {
  return [sendMailProcessor(deps.mailer)];
}
