import { lazy, Suspense } from 'react';
import { useDocumentTitle } from '../../app/use-document-title';
import { readAuthToken, useAuthState, useTokenRole } from '../../auth/auth-storage';
import { SignInNotice } from '../../components/SignInNotice';
import { signInContent } from '../../content/account-content';
import { adminContent as copy } from './admin-content';
import { NotAllowedNotice } from './NotAllowedNotice';
import { useAdminAccess } from './use-admin-access';

// The console is a chunk of its own behind this small gate: visitors and customers who open
// /admin are turned away without downloading it.
const AdminConsole = lazy(() =>
  import('./AdminConsole').then((m) => ({ default: m.AdminConsole })),
);

function Loading() {
  return (
    <p className="loading" role="status">
      {copy.loadingConsole}
    </p>
  );
}

/** /admin: the operators' area. The API checks every call; this page only says who may enter. */
export function AdminPage() {
  useDocumentTitle(copy.title);
  const { signedIn } = useAuthState();
  const token = signedIn ? readAuthToken() : null;
  const access = useAdminAccess(token, useTokenRole());

  const body = () => {
    if (token === null) return <SignInNotice reason={copy.signInReason} />;
    switch (access) {
      case 'checking':
        return <Loading />;
      case 'forbidden':
        return <NotAllowedNotice />;
      case 'session-ended':
        return <SignInNotice reason={signInContent.sessionEnded} />;
      case 'open':
        return (
          <Suspense fallback={<Loading />}>
            <AdminConsole token={token} />
          </Suspense>
        );
    }
  };

  return (
    <section className="screen admin" aria-labelledby="screen-title">
      <h1 id="screen-title">{copy.title}</h1>
      <p className="screen__lead">{copy.description}</p>
      {body()}
    </section>
  );
}
