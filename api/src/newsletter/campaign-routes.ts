import express, { type Router } from 'express';
import type { AuthTokens } from '../accounts/auth-tokens';
import { requireAdmin, requireAuth, signedInUser } from '../accounts/require-auth';
import { campaignSchema } from '../domain/newsletter/newsletter-schema';
import { parseBody } from '../http/parse-body';
import type { CampaignService } from './campaign-service';
import { noStore } from '../http/no-store';

export interface CampaignRouteDependencies {
  campaigns: CampaignService;
  tokens: AuthTokens;
}

/** The operators' newsletter API, under /admin: every route needs an admin. */
export function campaignRoutes(deps: CampaignRouteDependencies): Router {
  const router = express.Router();
  const admin = [noStore, requireAuth(deps.tokens), requireAdmin];

  router.get('/admin/campaigns', ...admin, async (_req, res) => {
    res.json({ campaigns: await deps.campaigns.list() });
  });

  router.post('/admin/campaigns', ...admin, async (req, res) => {
    const input = parseBody(campaignSchema, req.body);
    const campaign = await deps.campaigns.create(input, signedInUser(req.user).email);
    res.status(201).json({ campaign });
  });

  router.get('/admin/campaigns/:id', ...admin, async (req, res) => {
    res.json({ campaign: await deps.campaigns.get(String(req.params.id)) });
  });

  router.get('/admin/campaigns/:id/failures', ...admin, async (req, res) => {
    res.json({ failures: await deps.campaigns.failures(String(req.params.id)) });
  });

  router.post('/admin/campaigns/:id/send', ...admin, async (req, res) => {
    res.json({ campaign: await deps.campaigns.start(String(req.params.id)) });
  });

  router.post('/admin/campaigns/:id/pause', ...admin, async (req, res) => {
    res.json({ campaign: await deps.campaigns.pause(String(req.params.id)) });
  });

  router.post('/admin/campaigns/:id/resume', ...admin, async (req, res) => {
    res.json({ campaign: await deps.campaigns.resume(String(req.params.id)) });
  });

  return router;
}
