import { z } from 'zod';
import { HONEYPOT_FIELD } from '../../domain/contact/contact-messages';
import { contactSchema } from '../../domain/contact/contact-schema';
import type { ApiArea } from './api-operation';
import { jsonResponse } from './shared-responses';
import { jsonBody } from './zod-to-openapi';

export const contactArea: ApiArea = {
  tag: 'contact',
  description: 'The contact form.',
  operations: [
    {
      method: 'post',
      path: '/api/contact',
      operationId: 'sendContactMessage',
      summary: 'Send a message to the business',
      description: `\`${HONEYPOT_FIELD}\` is a honeypot: people leave it empty; a message with it filled is accepted and dropped.`,
      access: 'public',
      requestBody: jsonBody(contactSchema),
      responses: { '201': jsonResponse('Received.', z.object({ message: z.string() })) },
      errors: ['BadRequest', 'TooManyRequests'],
    },
  ],
};
