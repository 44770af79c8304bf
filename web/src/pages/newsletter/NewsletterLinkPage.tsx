import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { followNewsletterLink } from '../../api/newsletter-api';
import { useDocumentTitle } from '../../app/use-document-title';
import { Notice } from '../../components/Notice';
import { newsletterPageContent as copy } from '../../content/site-content';

interface NewsletterLinkPageProps {
  readonly action: 'confirm' | 'unsubscribe';
}

type Result = { tone: 'success' | 'error'; text: string } | null;

/**
 * Where the links of the newsletter emails lead: the page follows the link as it opens (the
 * click in the email is the person's answer) and says how it went.
 */
export function NewsletterLinkPage({ action }: NewsletterLinkPageProps) {
  const title = action === 'confirm' ? copy.confirmTitle : copy.unsubscribeTitle;
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const subscriber = params.get('subscriber') ?? '';
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<Result>(null);

  useEffect(() => {
    let current = true;
    followNewsletterLink(action, { subscriber, token }).then(
      ({ message }) => {
        if (current) setResult({ tone: 'success', text: message });
      },
      (error: unknown) => {
        if (current) {
          setResult({ tone: 'error', text: error instanceof Error ? error.message : copy.failed });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [action, subscriber, token]);

  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      {result ? (
        <Notice tone={result.tone}>{result.text}</Notice>
      ) : (
        <p className="loading">{copy.working}</p>
      )}
      <p>
        <Link to="/">{copy.home}</Link>
      </p>
    </section>
  );
}
