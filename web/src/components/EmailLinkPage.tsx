import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
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
  /** What following the link changes that the site may have read (an account's address). */
  readonly changes?: QueryKey;
}

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
export function EmailLinkPage({
  title,
  follow,
  working,
  failed,
  children,
  changes,
}: EmailLinkPageProps) {
  useDocumentTitle(title);
  const { pathname, search } = useLocation();
  const link = `${pathname}${search}`;
  const client = useQueryClient();
  const { mutate, data, error } = useMutation({
    mutationFn: () => followOnce(link, follow),
    onSuccess: () => {
      if (changes !== undefined) void client.invalidateQueries({ queryKey: changes });
    },
  });

  useEffect(() => {
    // Once per link: `follow` is built from the same address.
    mutate();
  }, [link, mutate]);

  const result =
    data !== undefined
      ? { tone: 'success' as const, text: data.message }
      : error !== null
        ? { tone: 'error' as const, text: error instanceof Error ? error.message : failed }
        : null;

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
