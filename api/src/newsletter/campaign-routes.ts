import express, { type RequestHandler, type Router } from 'express';
import { z } from 'zod';
import type { AuthTokens } from '../accounts/auth-tokens';
import { requireAdmin, requireAuth, signedInUser } from '../accounts/require-auth';
import { campaignSchema } from '../domain/newsletter/newsletter-schema';
import { endpointGroup, mountEndpoints, type Endpoint } from '../http/endpoint';
import { errorResponse, jsonResponse } from '../http/openapi/shared-responses';
import { jsonBody } from '../http/openapi/zod-to-openapi';
import { parseBody } from '../http/parse-body';
import { campaignViewSchema, failedDeliverySchema } from './campaign-answers';
import type { CampaignService } from './campaign-service';
import { noStore } from '../http/no-store';

export interface CampaignRouteDependencies {
  campaigns: CampaignService;
  tokens: AuthTokens;
}

interface CampaignContext extends CampaignRouteDependencies {
  /** In front of every route: no cache, a signed-in admin. */
  admin: RequestHandler[];
}

const campaignId = { id: 'The campaign id.' };
const campaignAnswer = jsonResponse('The campaign.', z.object({ campaign: campaignViewSchema }));

/** send, pause and resume: one move of a campaign each. */
function campaignMove(
  move: 'send' | 'pause' | 'resume',
  operationId: string,
  summary: string,
  refused: string,
  act: (campaigns: CampaignService, id: string) => Promise<unknown>,
): Endpoint<CampaignContext> {
  return {
    method: 'post',
    path: `/api/admin/campaigns/{id}/${move}`,
    operationId,
    summary,
    access: 'admin',
    request: { params: campaignId },
    responses: { '200': campaignAnswer, '409': errorResponse(refused) },
    errors: ['NotFound'],
    fuzz: 'credential',
    handlers: ({ admin, campaigns }) => [
      ...admin,
      async (req, res) => {
        res.json({ campaign: await act(campaigns, String(req.params.id)) });
      },
    ],
  };
}

/** The operators' newsletter API, under /admin: every route needs an admin. */
export const campaignEndpoints = endpointGroup<CampaignContext>('admin', [
  {
    method: 'get',
    path: '/api/admin/campaigns',
    operationId: 'adminListCampaigns',
    summary: 'Newsletter campaigns and their progress',
    access: 'admin',
    responses: {
      '200': jsonResponse('The campaigns.', z.object({ campaigns: z.array(campaignViewSchema) })),
    },
    fuzz: 'reads',
    handlers: ({ admin, campaigns }) => [
      ...admin,
      async (_req, res) => {
        res.json({ campaigns: await campaigns.list() });
      },
    ],
  },
  {
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
    handlers: ({ admin, campaigns }) => [
      ...admin,
      async (req, res) => {
        const input = parseBody(campaignSchema, req.body);
        const campaign = await campaigns.create(input, signedInUser(req.user).email);
        res.status(201).json({ campaign });
      },
    ],
  },
  {
    method: 'get',
    path: '/api/admin/campaigns/{id}',
    operationId: 'adminGetCampaign',
    summary: 'One campaign and its progress',
    access: 'admin',
    request: { params: campaignId },
    responses: { '200': campaignAnswer },
    errors: ['NotFound'],
    fuzz: 'reads',
    handlers: ({ admin, campaigns }) => [
      ...admin,
      async (req, res) => {
        res.json({ campaign: await campaigns.get(String(req.params.id)) });
      },
    ],
  },
  {
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
    handlers: ({ admin, campaigns }) => [
      ...admin,
      async (req, res) => {
        res.json({ failures: await campaigns.failures(String(req.params.id)) });
      },
    ],
  },
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
  return mountEndpoints(express.Router(), campaignEndpoints, {
    ...deps,
    admin: [noStore, requireAuth(deps.tokens), requireAdmin],
  });
}
