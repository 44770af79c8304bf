import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { followNewsletterLink } from '../../api/newsletter-api';
import { EmailLinkPage } from '../../components/EmailLinkPage';
import { newsletterPageContent as copy } from '../../content/site-content';

interface NewsletterLinkPageProps {
  readonly action: 'confirm' | 'unsubscribe';
}

/** Where the links of the newsletter emails lead: confirming an address, or leaving the list. */
export function NewsletterLinkPage({ action }: NewsletterLinkPageProps) {
  const [params] = useSearchParams();
  const subscriber = params.get('subscriber') ?? '';
  const token = params.get('token') ?? '';
  const follow = useCallback(
    () => followNewsletterLink(action, { subscriber, token }),
    [action, subscriber, token],
  );
  return (
    <EmailLinkPage
      title={action === 'confirm' ? copy.confirmTitle : copy.unsubscribeTitle}
      follow={follow}
      working={copy.working}
      failed={copy.failed}
    >
      <Link to="/">{copy.home}</Link>
    </EmailLinkPage>
  );
}
