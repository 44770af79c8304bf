import type { CampaignPreview } from '@hs/api/domain/newsletter/campaign-messages';
import type { CampaignInput, CampaignView } from '@hs/api/domain/newsletter/newsletter-schema';
import { apiRequest } from './api-client';

/** The operators' calls on one campaign before it goes out, behind an admin's Bearer token. */

const campaignPath = (campaignId: string) =>
  `/api/admin/campaigns/${encodeURIComponent(campaignId)}`;

/** The email as subscribers will get it, and what it was written as. */
export function fetchCampaignPreview(
  token: string,
  campaignId: string,
  signal?: AbortSignal,
): Promise<CampaignPreview> {
  return apiRequest<CampaignPreview>(`${campaignPath(campaignId)}/preview`, { token, signal });
}

/** A draft written again; 409 once it has gone out. */
export async function updateCampaign(
  token: string,
  campaignId: string,
  input: CampaignInput,
): Promise<CampaignView> {
  const body = await apiRequest<{ campaign: CampaignView }>(campaignPath(campaignId), {
    method: 'PUT',
    token,
    body: input,
  });
  return body.campaign;
}

/** A draft thrown away; 409 once it has gone out. */
export async function deleteCampaign(token: string, campaignId: string): Promise<void> {
  await apiRequest<unknown>(campaignPath(campaignId), { method: 'DELETE', token });
}

/** The campaign to the signed-in operator alone; answers what the API did, in words. */
export async function sendCampaignTest(token: string, campaignId: string): Promise<string> {
  const body = await apiRequest<{ message: string }>(`${campaignPath(campaignId)}/test`, {
    method: 'POST',
    token,
  });
  return body.message;
}
