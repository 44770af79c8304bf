import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import { contactSchema } from '../domain/contact/contact-schema';
import { ContactMessages, HONEYPOT_FIELD } from '../domain/contact/contact-messages';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../http/endpoint';
import { jsonResponse } from '../http/openapi/shared-responses';
import { jsonBody } from '../http/request-schemas';
import type { ContactService } from './contact-service';

export interface ContactRouteDependencies {
  contact: ContactService;
  contactLimit: RequestHandler;
  guards: Guards;
}

/** POST /contact: docs/product.md's form; 201 {message} or 400 {error} naming what is wrong. */
export const contactEndpoints = endpointGroup<ContactRouteDependencies>('contact', [
  endpoint({
    method: 'post',
    path: '/api/contact',
    operationId: 'sendContactMessage',
    summary: 'Send a message to the business',
    description: `\`${HONEYPOT_FIELD}\` is a honeypot: people leave it empty; a message with it filled is accepted and dropped.`,
    access: 'public',
    request: { body: jsonBody(contactSchema) },
    responses: { '201': jsonResponse('Received.', z.object({ message: z.string() })) },
    errors: ['BadRequest', 'TooManyRequests'],
    fuzz: 'body',
    before: (deps) => [deps.contactLimit],
    handle: async ({ body, req, res }, deps) => {
      const outcome = await deps.contact.receive(body);
      if (outcome.kind === 'dropped') req.log.info('contact form honeypot filled; dropped');
      res.setHeader('Cache-Control', 'no-store');
      res.status(201).json({ message: ContactMessages.sent });
    },
  }),
]);

export function contactRoutes(deps: ContactRouteDependencies): Router {
  return mountEndpoints(express.Router(), contactEndpoints, deps, { guards: deps.guards });
}
