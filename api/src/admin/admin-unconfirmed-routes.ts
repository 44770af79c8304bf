import express, { type Router } from 'express';
import { signedInUser } from '../accounts/require-auth';
import type { ApiConfig } from '../config/api-config';
import {
  UNCONFIRMED_AFTER_MINUTES,
  UNCONFIRMED_PAGE_SIZE,
  type SendDecision,
} from '../domain/admin/unconfirmed-sends';
import {
  unconfirmedListQuerySchema,
  unconfirmedSendParamsSchema,
} from '../domain/admin/unconfirmed-sends-schema';
import {
  endpoint,
  endpointGroup,
  mountEndpoints,
  type Endpoint,
  type Guards,
} from '../http/endpoint';
import { errorResponse, jsonResponse } from '../http/openapi/shared-responses';
import { queryOf } from '../http/request-schemas';
import type { JobProducer } from '../jobs/job-producer';
import { UnconfirmedEmails } from '../mail/unconfirmed-emails';
import { NewsletterLinks } from '../newsletter/newsletter-links';
import { UnconfirmedDeliveries } from '../newsletter/unconfirmed-deliveries';
import { sendDecisionAnswerSchema, unconfirmedSendListSchema } from './unconfirmed-send-answers';
import { UnconfirmedSends } from './unconfirmed-sends';

export interface UnconfirmedRouteDependencies {
  config: Pick<ApiConfig, 'LINK_SECRET' | 'SITE_URL'>;
  jobs: JobProducer;
  guards: Guards;
}

interface UnconfirmedContext {
  sends: UnconfirmedSends;
}

const notUnconfirmed = errorResponse(
  'Not unconfirmed now: decided already, answered by the mail server meanwhile, still possibly ' +
    'in flight, or (Send again) not possible; the message says which. Nothing was changed.',
);

/** Send again and Mark as delivered: one decision each, on one send. */
function decision(
  choice: SendDecision,
  operationId: string,
  summary: string,
  description: string,
): Endpoint<UnconfirmedContext> {
  return endpoint({
    method: 'post',
    path: `/api/admin/unconfirmed-sends/{kind}/{id}/${choice}`,
    operationId,
    summary,
    description,
    access: 'admin',
    request: { params: unconfirmedSendParamsSchema },
    responses: {
      '200': jsonResponse(
        'Decided: the send as it stands now, and what was done.',
        sendDecisionAnswerSchema,
      ),
      '409': notUnconfirmed,
    },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'credential',
    handle: async ({ params, req, res }, { sends }) => {
      const admin = signedInUser(req.user);
      const operator = { id: admin.id as string, email: admin.email };
      const answer =
        choice === 'send-again'
          ? await sends.sendAgain(params.kind, params.id, operator)
          : await sends.markDelivered(params.kind, params.id, operator);
      res.json(answer);
    },
  });
}

/**
 * GET /admin/unconfirmed-sends and the two decisions on one of them: emails and newsletters
 * handed to the mail server in full whose answer never came back (a worker died in between).
 */
export const adminUnconfirmedEndpoints = endpointGroup<UnconfirmedContext>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/unconfirmed-sends',
    operationId: 'adminListUnconfirmedSends',
    summary: 'Unconfirmed emails and newsletters, waiting for a decision or decided',
    description:
      `Only sends unanswered for ${String(UNCONFIRMED_AFTER_MINUTES)} minutes are listed: a ` +
      `younger one's answer may still come. Newest first, ${String(UNCONFIRMED_PAGE_SIZE)} a ` +
      'page, paged by key: each page gives the `cursor` of the next.',
    access: 'admin',
    request: {
      query: queryOf(unconfirmedListQuerySchema, {
        state:
          'unconfirmed (waiting for a decision, newest commit first) or decided (newest decision first).',
        cursor: 'The `nextCursor` of the page before; the first page without it.',
      }),
    },
    responses: { '200': jsonResponse('A page of sends.', unconfirmedSendListSchema) },
    errors: ['BadRequest'],
    fuzz: 'reads',
    handle: async ({ query, res }, { sends }) => {
      res.json(await sends.list(query.state, query.cursor));
    },
  }),
  decision(
    'send-again',
    'adminSendAgainUnconfirmed',
    'Send an unconfirmed email again, once',
    'For an email the customer did not get. A transactional email’s job runs again (the email ' +
      'is written from the records as they are now, and not sent if it no longer applies); a ' +
      'newsletter’s copy is queued to its subscriber. Recorded with the admin and the time.',
  ),
  decision(
    'mark-delivered',
    'adminMarkUnconfirmedDelivered',
    'Mark an unconfirmed email as delivered',
    'The customer has it: it reads as delivered and leaves the list. Recorded with the admin and ' +
      'the time.',
  ),
]);

export function adminUnconfirmedRoutes(deps: UnconfirmedRouteDependencies): Router {
  const sends = new UnconfirmedSends({
    emails: new UnconfirmedEmails({ jobs: deps.jobs }),
    deliveries: new UnconfirmedDeliveries({
      jobs: deps.jobs,
      links: new NewsletterLinks(deps.config.LINK_SECRET, deps.config.SITE_URL),
    }),
  });
  return mountEndpoints(express.Router(), adminUnconfirmedEndpoints, { sends }, deps);
}
