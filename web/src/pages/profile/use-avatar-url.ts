import { useEffect, useState } from 'react';
import { fetchAvatar, isSessionEnded } from '../../api/account-api';

export type AvatarImage =
  | { readonly status: 'none' }
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly url: string };

/**
 * The picture at `path` ('' for none) as a blob: URL, since only a request carrying the Bearer
 * token may read it. Each URL is revoked once another path is shown or the page is left.
 */
export function useAvatarUrl(token: string, path: string, onSessionEnded: () => void): AvatarImage {
  const [shown, setShown] = useState<{ path: string; url: string | null } | null>(null);

  useEffect(() => {
    if (path === '') return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchAvatar(token, path, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setShown({ path, url });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isSessionEnded(error)) onSessionEnded();
        else setShown({ path, url: null });
      },
    );
    return () => {
      controller.abort();
      if (url !== null) URL.revokeObjectURL(url);
    };
  }, [token, path, onSessionEnded]);

  if (path === '') return { status: 'none' };
  if (shown?.path !== path) return { status: 'loading' };
  return shown.url === null ? { status: 'failed' } : { status: 'ready', url: shown.url };
}
