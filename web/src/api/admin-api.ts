import type {
  AdminBookingList,
  AdminBookingView,
  AdminContactMessageList,
  AdminPlanList,
  AdminPlanView,
  AdminScheduleWeek,
  AdminSubscriberList,
} from '@hs/api/domain/admin/admin-views';
import type { BookingSort } from '@hs/api/domain/admin/booking-search';
import type { BookingStatus } from '@hs/api/domain/booking/booking-status';
import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import type { CampaignInput, CampaignView } from '@hs/api/domain/newsletter/newsletter-schema';
import { apiRequest } from './api-client';

/** The operators' calls (the admin area), all behind an admin's Bearer token. */

/** bull-board, served by the API itself: the browser opens it with a full page load. */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

export interface BookingFilter {
  /** YYYY-MM-DD, or '' for every date. */
  date: string;
  /** A booking status, or '' for every status. */
  status: BookingStatus | '';
  /** A name, email, phone, reference or postal code, or '' for every booking. */
  q: string;
  sort: BookingSort;
  /** The place to list after (older, further down), from a list's `next`; '' from the top. */
  after: string;
  /** The place to list before (newer), from a list's `previous`; '' when not going back. */
  before: string;
}

/** Where a list read by key is read from: a place one of its answers gave, or the top. */
export interface ListPlace {
  /** The place to list after (older, further down), from a list's `next`; '' from the top. */
  after: string;
  /** The place to list before (newer), from a list's `previous`; '' when not going back. */
  before: string;
}

/** The top of a list read by key. */
export const LIST_TOP: ListPlace = { after: '', before: '' };

export interface PlanFilter extends ListPlace {
  /** A plan status, or '' for every status. */
  status: AdminPlanView['status'] | '';
}

export interface SubscriberFilter extends ListPlace {
  /** A subscriber status, or '' for every status. */
  status: string;
}

/** The query string of a list call, without the filters left empty. */
function query(params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The role the API holds for the signed-in user now. The token names the role it was issued with,
 * which is stale for a customer promoted since (the API reads the role afresh on every call).
 */
export async function fetchCurrentRole(token: string, signal?: AbortSignal): Promise<string> {
  const body = await apiRequest<{ user: { role: string } }>('/api/me', { token, signal });
  return body.user.role;
}

export function fetchAdminBookings(
  token: string,
  filter: BookingFilter,
  signal?: AbortSignal,
): Promise<AdminBookingList> {
  return apiRequest<AdminBookingList>(`/api/admin/bookings${query({ ...filter })}`, {
    token,
    signal,
  });
}

export interface BookingMove {
  booking: AdminBookingView;
  /** What the API did: a refund, for one, completes only when the provider confirms it. */
  message?: string;
}

export function changeBookingStatus(
  token: string,
  bookingId: string,
  status: BookingStatus,
): Promise<BookingMove> {
  return apiRequest<BookingMove>(`/api/admin/bookings/${encodeURIComponent(bookingId)}`, {
    method: 'PATCH',
    token,
    body: { status },
  });
}

/** The Monday-to-Sunday week holding `week` (YYYY-MM-DD), or this week for ''. */
export function fetchScheduleWeek(
  token: string,
  week: string,
  signal?: AbortSignal,
): Promise<AdminScheduleWeek> {
  return apiRequest<AdminScheduleWeek>(`/api/admin/schedule${query({ week })}`, { token, signal });
}

/** A move of the schedule board: the booking as it is now and what the API did, in words. */
export type ScheduleMove = Required<BookingMove>;

/** Sends a crew to a visit, or takes it off (null); 409 when the crew is busy in that window. */
export function assignCrew(
  token: string,
  bookingId: string,
  crewId: string | null,
): Promise<ScheduleMove> {
  return apiRequest<ScheduleMove>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/crew`, {
    method: 'PUT',
    token,
    body: { crewId },
  });
}

/** Books an estimate's site visit at a date and window, or moves a visit (a no-show) there. */
export function scheduleVisit(
  token: string,
  bookingId: string,
  date: string,
  time: TimeWindowId,
): Promise<ScheduleMove> {
  return apiRequest<ScheduleMove>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/schedule`, {
    method: 'POST',
    token,
    body: { date, time },
  });
}

export function fetchAdminPlans(
  token: string,
  filter: PlanFilter,
  signal?: AbortSignal,
): Promise<AdminPlanList> {
  return apiRequest<AdminPlanList>(`/api/admin/plans${query({ ...filter })}`, { token, signal });
}

export interface PlanEnd {
  plan: AdminPlanView;
  message: string;
}

/** Ends a plan now: billing stops and its visits still to come are called off. */
export function endPlan(token: string, planId: string): Promise<PlanEnd> {
  return apiRequest<PlanEnd>(`/api/admin/plans/${encodeURIComponent(planId)}/cancel`, {
    method: 'POST',
    token,
  });
}

/** 'declined' makes the renewal fail as a refused card would; none bills the card on file. */
export type RenewalCard = 'declined';

/** The next renewal now (local test provider only); answers what it did, in words. */
export async function renewPlanNow(
  token: string,
  planId: string,
  card?: RenewalCard,
): Promise<string> {
  const body = await apiRequest<{ outcome: string }>(
    `/api/admin/plans/${encodeURIComponent(planId)}/renew`,
    { method: 'POST', token, body: card === undefined ? {} : { card } },
  );
  return body.outcome;
}

export function fetchContactMessages(
  token: string,
  place: ListPlace,
  signal?: AbortSignal,
): Promise<AdminContactMessageList> {
  return apiRequest<AdminContactMessageList>(`/api/admin/contact-messages${query({ ...place })}`, {
    token,
    signal,
  });
}

export function fetchSubscribers(
  token: string,
  filter: SubscriberFilter,
  signal?: AbortSignal,
): Promise<AdminSubscriberList> {
  return apiRequest<AdminSubscriberList>(`/api/admin/subscribers${query({ ...filter })}`, {
    token,
    signal,
  });
}

export async function fetchCampaigns(token: string, signal?: AbortSignal): Promise<CampaignView[]> {
  const body = await apiRequest<{ campaigns: CampaignView[] }>('/api/admin/campaigns', {
    token,
    signal,
  });
  return body.campaigns;
}

export async function createCampaign(token: string, input: CampaignInput): Promise<CampaignView> {
  const body = await apiRequest<{ campaign: CampaignView }>('/api/admin/campaigns', {
    method: 'POST',
    token,
    body: input,
  });
  return body.campaign;
}

export type CampaignAction = 'send' | 'pause' | 'resume';

export async function runCampaignAction(
  token: string,
  campaignId: string,
  action: CampaignAction,
): Promise<CampaignView> {
  const body = await apiRequest<{ campaign: CampaignView }>(
    `/api/admin/campaigns/${encodeURIComponent(campaignId)}/${action}`,
    { method: 'POST', token },
  );
  return body.campaign;
}

/**
 * bull-board cannot read our Bearer token, so the API trades it for an HttpOnly cookie scoped to
 * the dashboard's path; the browser then loads the dashboard with that cookie.
 */
export async function openQueueSession(token: string): Promise<void> {
  await apiRequest<unknown>('/api/admin/queue-session', { method: 'POST', token });
}
