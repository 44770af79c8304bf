import type {
  SendDecision,
  SendDecisionAnswer,
  UnconfirmedListState,
  UnconfirmedSendList,
  UnconfirmedSendView,
} from '@hs/api/domain/admin/unconfirmed-sends';
import { apiRequest } from './api-client';

/** The operators' calls on unconfirmed sends, behind an admin's Bearer token. */

const UNCONFIRMED_PATH = '/api/admin/unconfirmed-sends';

export interface UnconfirmedFilter {
  state: UnconfirmedListState;
  /** The `nextCursor` of the page before; null for the first page. */
  cursor: string | null;
}

export function fetchUnconfirmedSends(
  token: string,
  filter: UnconfirmedFilter,
  signal?: AbortSignal,
): Promise<UnconfirmedSendList> {
  const query = new URLSearchParams({ state: filter.state });
  if (filter.cursor !== null) query.set('cursor', filter.cursor);
  return apiRequest<UnconfirmedSendList>(`${UNCONFIRMED_PATH}?${query.toString()}`, {
    token,
    signal,
  });
}

/** Send again, or Mark as delivered: answers the send as it stands and what the API did. */
export function decideUnconfirmedSend(
  token: string,
  send: Pick<UnconfirmedSendView, 'kind' | 'id'>,
  decision: SendDecision,
): Promise<SendDecisionAnswer> {
  const path = `${UNCONFIRMED_PATH}/${send.kind}/${encodeURIComponent(send.id)}/${decision}`;
  return apiRequest<SendDecisionAnswer>(path, { method: 'POST', token });
}
