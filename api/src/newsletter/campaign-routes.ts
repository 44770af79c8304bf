import express, { type Router } from 'express';
import { z } from 'zod';
import { signedInUser } from '../accounts/require-auth';
import type { ApiConfig } from '../config/api-config';
import { DomainError } from '../domain/domain-error';
import { CampaignMessages } from '../domain/newsletter/campaign-messages';
import { campaignSchema } from '../domain/newsletter/newsletter-schema';
import {
  endpoint,
  endpointGroup,
  mountEndpoints,
  type Endpoint,
  type Guards,
} from '../http/endpoint';
import { noStore } from '../http/no-store';
import { errorResponse, jsonResponse, messageBodySchema } from '../http/openapi/shared-responses';
import { jsonBody, pathParams } from '../http/request-schemas';
import type { JobProducer } from '../jobs/job-producer';
import {
  campaignPreviewSchema,
  campaignViewSchema,
  failedDeliverySchema,
} from './campaign-answers';
import { CampaignProofs } from './campaign-proofs';
import type { CampaignService } from './campaign-service';
import { NewsletterLinks } from './newsletter-links';

export interface CampaignRouteDependencies {
  config: Pick<ApiConfig, 'LINK_SECRET' | 'SITE_URL'>;
  campaigns: CampaignService;
  jobs: JobProducer;
  guards: Guards;
}

interface CampaignContext extends CampaignRouteDependencies {
  proofs: CampaignProofs;
}

/**
 * The preview page's own policy: a frame of the console (frame-ancestors 'self') that runs
 * nothing (no script source at all), showing the email as a mail client would: its inline styles
 * and its https images. Its sandbox gives it an origin of its own, so it could reach neither the
 * console nor its storage even if a script ran. Scripting is not switched off by the sandbox
 * itself: a frame without any scripting cannot be inspected by a browser's tools (the
 * accessibility audit among them), and the policy already refuses every script. Only this page
 * gets it; the console keeps the site's.
 */
const PREVIEW_PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src https: data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-scripts',
].join('; ');

const campaignId = pathParams({ id: 'The campaign id.' });
const campaignAnswer = jsonResponse('The campaign.', z.object({ campaign: campaignViewSchema }));

/** send, pause and resume: one move of a campaign each. */
function campaignMove(
  move: 'send' | 'pause' | 'resume',
  operationId: string,
  summary: string,
  refused: string,
  act: (campaigns: CampaignService, id: string) => Promise<unknown>,
): Endpoint<CampaignContext> {
  return endpoint({
    method: 'post',
    path: `/api/admin/campaigns/{id}/${move}`,
    operationId,
    summary,
    access: 'admin',
    request: { params: campaignId },
    responses: { '200': campaignAnswer, '409': errorResponse(refused) },
    errors: ['NotFound'],
    fuzz: 'credential',
    handle: async ({ params, res }, { campaigns }) => {
      res.json({ campaign: await act(campaigns, params.id) });
    },
  });
}

/**
 * The operators' newsletter API, under /admin: every route needs an admin, but for the preview's
 * page, whose signed address is its credential.
 */
export const campaignEndpoints = endpointGroup<CampaignContext>('admin', [
  endpoint({
    method: 'get',
    path: '/api/admin/campaigns',
    operationId: 'adminListCampaigns',
    summary: 'Newsletter campaigns and their progress',
    access: 'admin',
    responses: {
      '200': jsonResponse('The campaigns.', z.object({ campaigns: z.array(campaignViewSchema) })),
    },
    fuzz: 'reads',
    handle: async ({ res }, { campaigns }) => {
      res.json({ campaigns: await campaigns.list() });
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/admin/campaigns',
    operationId: 'adminCreateCampaign',
    summary: 'Write a campaign (a draft)',
    description: 'HTML bodies are sanitised; Markdown is rendered to HTML.',
    access: 'admin',
    request: { body: jsonBody(campaignSchema) },
    responses: { '201': campaignAnswer },
    errors: ['BadRequest'],
    fuzz: 'body',
    handle: async ({ body, req, res }, { campaigns }) => {
      const campaign = await campaigns.create(body, signedInUser(req.user).email);
      res.status(201).json({ campaign });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/admin/campaigns/{id}',
    operationId: 'adminGetCampaign',
    summary: 'One campaign and its progress',
    access: 'admin',
    request: { params: campaignId },
    responses: { '200': campaignAnswer },
    errors: ['NotFound'],
    fuzz: 'reads',
    handle: async ({ params, res }, { campaigns }) => {
      res.json({ campaign: await campaigns.get(params.id) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/admin/campaigns/{id}/failures',
    operationId: 'adminListCampaignFailures',
    summary: 'Deliveries of a campaign that failed',
    access: 'admin',
    request: { params: campaignId },
    responses: {
      '200': jsonResponse(
        'The failed deliveries, latest first (at most 500).',
        z.object({ failures: z.array(failedDeliverySchema) }),
      ),
    },
    errors: ['NotFound'],
    fuzz: 'reads',
    handle: async ({ params, res }, { campaigns }) => {
      res.json({ failures: await campaigns.failures(params.id) });
    },
  }),
  endpoint({
    method: 'put',
    path: '/api/admin/campaigns/{id}',
    operationId: 'adminEditCampaign',
    summary: 'Write a draft again',
    description: 'Only a draft: a campaign that went out, even in part, keeps what was sent (409).',
    access: 'admin',
    request: { params: campaignId, body: jsonBody(campaignSchema) },
    responses: { '200': campaignAnswer, '409': errorResponse('The campaign is not a draft.') },
    errors: ['BadRequest', 'NotFound'],
    fuzz: 'body',
    handle: async ({ params, body, res }, { campaigns }) => {
      res.json({ campaign: await campaigns.update(params.id, body) });
    },
  }),
  endpoint({
    method: 'delete',
    path: '/api/admin/campaigns/{id}',
    operationId: 'adminDeleteCampaign',
    summary: 'Delete a draft',
    description: 'Only a draft: a campaign that went out is the record of what was sent (409).',
    access: 'admin',
    request: { params: campaignId },
    responses: {
      '204': { description: 'Deleted.' },
      '409': errorResponse('The campaign is not a draft.'),
    },
    errors: ['NotFound'],
    fuzz: 'credential',
    handle: async ({ params, res }, { campaigns }) => {
      await campaigns.remove(params.id);
      res.status(204).end();
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/admin/campaigns/{id}/preview',
    operationId: 'adminPreviewCampaign',
    summary: 'A campaign as it will go out: subject, HTML and text part',
    access: 'admin',
    request: { params: campaignId },
    responses: { '200': jsonResponse('The preview.', campaignPreviewSchema) },
    errors: ['NotFound'],
    fuzz: 'reads',
    handle: async ({ params, req, res }, { proofs }) => {
      const operator = signedInUser(req.user).email;
      res.json(await proofs.preview(params.id, operator));
    },
  }),
  endpoint({
    method: 'post',
    path: '/api/admin/campaigns/{id}/test',
    operationId: 'adminTestCampaign',
    summary: 'Send a test to the signed-in operator',
    description:
      'The campaign as subscribers will get it, its subject marked `[Test]`, to the address of ' +
      'the signed-in admin only, through the mail queue. Nothing of the campaign changes: no ' +
      'delivery, no progress, a draft stays a draft.',
    access: 'admin',
    request: { params: campaignId },
    responses: { '202': jsonResponse('The test is queued.', messageBodySchema) },
    errors: ['NotFound'],
    fuzz: 'credential',
    handle: async ({ params, req, res }, { proofs }) => {
      const operator = signedInUser(req.user).email;
      res.status(202).json({ message: await proofs.sendTest(params.id, operator) });
    },
  }),
  endpoint({
    method: 'get',
    path: '/api/admin/campaign-previews/{id}',
    operationId: 'adminCampaignPreviewPage',
    summary: "A campaign's email as a page, from the signed address of its preview",
    description:
      'No login token: a frame cannot send one, so the short-lived signed address is the ' +
      'credential. The page runs nothing (no script source), is sandboxed in an origin of its ' +
      'own, and may be framed by the console only.',
    access: 'signedLink',
    request: {
      params: campaignId,
      rawQuery: [
        {
          name: 'expires',
          in: 'query',
          required: true,
          description: 'When the address stops working (Unix seconds).',
          schema: { type: 'string', pattern: '^\\d{1,12}$' },
        },
        {
          name: 'sig',
          in: 'query',
          required: true,
          description: 'The signature of the campaign id and expiry.',
          schema: { type: 'string' },
        },
      ],
    },
    responses: {
      '200': {
        description: 'The email’s HTML.',
        content: { 'text/html': { schema: { type: 'string' } } },
      },
      '403': errorResponse('The address is invalid or has expired.'),
    },
    errors: ['NotFound'],
    fuzz: 'reads',
    // No login: a frame sends no Bearer token. The signed, short-lived address is the check.
    before: () => [noStore],
    handle: async ({ params, req, res }, { proofs }) => {
      const html = await proofs.previewPage(params.id, req.query.expires, req.query.sig);
      if (html === null) throw new DomainError('link.invalid', CampaignMessages.previewLinkInvalid);
      res.setHeader('Content-Security-Policy', PREVIEW_PAGE_POLICY);
      res.type('html').send(html);
    },
  }),
  campaignMove(
    'send',
    'adminSendCampaign',
    'Start sending a draft',
    'Only a draft can be sent.',
    (campaigns, id) => campaigns.start(id),
  ),
  campaignMove(
    'pause',
    'adminPauseCampaign',
    'Pause sending',
    'Only a campaign being sent can be paused.',
    (campaigns, id) => campaigns.pause(id),
  ),
  campaignMove(
    'resume',
    'adminResumeCampaign',
    'Resume sending',
    'Only a paused campaign can be resumed.',
    (campaigns, id) => campaigns.resume(id),
  ),
]);

export function campaignRoutes(deps: CampaignRouteDependencies): Router {
  return mountEndpoints(
    express.Router(),
    campaignEndpoints,
    {
      ...deps,
      proofs: new CampaignProofs({
        campaigns: deps.campaigns,
        jobs: deps.jobs,
        links: new NewsletterLinks(deps.config.LINK_SECRET, deps.config.SITE_URL),
        linkSecret: deps.config.LINK_SECRET,
      }),
    },
    { guards: deps.guards },
  );
}
