import type {
  AdminClosureList,
  AdminClosurePreview,
  AdminClosureResult,
} from '@hs/api/domain/admin/admin-views';
import { apiRequest } from './api-client';

/** The operators' business calendar calls (closed days), behind an admin's Bearer token. */

/** What an operator closes: `to` left out is the one day `from`. */
export interface ClosureRequest {
  from: string;
  to?: string;
  reason: string;
}

const CLOSURES_PATH = '/api/admin/closures';

/** The closures not yet over, soonest first, and the holidays of the next twelve months. */
export function fetchClosures(token: string, signal?: AbortSignal): Promise<AdminClosureList> {
  return apiRequest<AdminClosureList>(CLOSURES_PATH, { token, signal });
}

/** What closing these days would touch (their visits, the days closed already); changes nothing. */
export function previewClosure(
  token: string,
  closure: ClosureRequest,
  signal?: AbortSignal,
): Promise<AdminClosurePreview> {
  return apiRequest<AdminClosurePreview>(`${CLOSURES_PATH}/preview`, {
    method: 'POST',
    token,
    body: closure,
    signal,
  });
}

/** Closes the days: plan visits move by their plan's rule, other customers are asked to choose. */
export function closeDays(token: string, closure: ClosureRequest): Promise<AdminClosureResult> {
  return apiRequest<AdminClosureResult>(CLOSURES_PATH, { method: 'POST', token, body: closure });
}

/** Opens a closure's days again (409 once it has begun); answers what the API did, in words. */
export async function reopenClosure(token: string, closureId: string): Promise<string> {
  const body = await apiRequest<{ message: string }>(
    `${CLOSURES_PATH}/${encodeURIComponent(closureId)}`,
    { method: 'DELETE', token },
  );
  return body.message;
}
