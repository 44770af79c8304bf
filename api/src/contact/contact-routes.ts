import express, { type RequestHandler, type Router } from 'express';
import { contactSchema } from '../domain/contact/contact-schema';
import { ContactMessages } from '../domain/contact/contact-messages';
import { parseBody } from '../http/parse-body';
import type { ContactService } from './contact-service';

export interface ContactRouteDependencies {
  contact: ContactService;
  contactLimit: RequestHandler;
}

/** POST /contact: SPEC.md's form; 201 {message} or 400 {error} naming what is wrong. */
export function contactRoutes(deps: ContactRouteDependencies): Router {
  const router = express.Router();
  router.post('/contact', deps.contactLimit, async (req, res) => {
    const form = parseBody(contactSchema, req.body);
    const outcome = await deps.contact.receive(form);
    if (outcome.kind === 'dropped') req.log.info('contact form honeypot filled; dropped');
    res.setHeader('Cache-Control', 'no-store');
    res.status(201).json({ message: ContactMessages.sent });
  });
  return router;
}
