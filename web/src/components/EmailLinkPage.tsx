import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../app/use-document-title';
import { Notice } from './Notice';

interface EmailLinkPageProps {
  readonly title: string;
  /** Follows the link: answers the server's message, or throws its refusal. Keep it stable. */
  readonly follow: () => Promise<{ message: string }>;
  readonly working: string;
  /** Said when the failure carries no message of its own. */
  readonly failed: string;
  /** Where to go next, under the result. */
  readonly children: ReactNode;
}

type Result = { tone: 'success' | 'error'; text: string } | null;

type Answer = Promise<{ message: string }>;

/**
 * The links being followed now, by address. React runs a new page's effects twice in development
 * (StrictMode), and the second run must join the first, not post again: the click in the email
 * is one answer. Once answered the entry goes, so opening the link again later asks again.
 */
const following = new Map<string, Answer>();

function followOnce(link: string, follow: () => Answer): Answer {
  const pending = following.get(link);
  if (pending !== undefined) return pending;
  const answer = follow();
  following.set(link, answer);
  const forget = () => {
    following.delete(link);
  };
  answer.then(forget, forget);
  return answer;
}

/**
 * A page that a link in one of our emails opens (newsletter, account). It follows the link as it
 * opens, since the click in the email is the person's answer, and says how it went.
 */
export function EmailLinkPage({ title, follow, working, failed, children }: EmailLinkPageProps) {
  useDocumentTitle(title);
  const { pathname, search } = useLocation();
  const link = `${pathname}${search}`;
  const [result, setResult] = useState<Result>(null);

  useEffect(() => {
    let current = true;
    followOnce(link, follow).then(
      ({ message }) => {
        if (current) setResult({ tone: 'success', text: message });
      },
      (error: unknown) => {
        if (current) {
          setResult({ tone: 'error', text: error instanceof Error ? error.message : failed });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [link, follow, failed]);

  return (
    <section className="screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      {result ? (
        <Notice tone={result.tone}>{result.text}</Notice>
      ) : (
        <p className="loading">{working}</p>
      )}
      <p>{children}</p>
    </section>
  );
}
