import { apiRequest } from './api-client';

export interface SubscriberLink {
  subscriber: string;
  token: string;
}

/** The two signed links of the newsletter emails; each answers {message}. */
export function followNewsletterLink(
  action: 'confirm' | 'unsubscribe',
  link: SubscriberLink,
): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/api/newsletter/${action}`, {
    method: 'POST',
    body: link,
  });
}
