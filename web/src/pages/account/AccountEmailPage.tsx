import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { confirmEmailChange, verifyEmail } from '../../api/auth-api';
import { queryKeys } from '../../api/query-keys';
import { EmailLinkPage } from '../../components/EmailLinkPage';
import { accountEmailPageContent as copy } from '../../content/account-content';

interface AccountEmailPageProps {
  /** `change`: the link mailed to a new address; `verify`: the welcome email's link. */
  readonly action: 'change' | 'verify';
}

/**
 * Where the links of the account emails lead. The API does the work from the link's token
 * alone, so a link opened in a browser that is not signed in works all the same.
 */
export function AccountEmailPage({ action }: AccountEmailPageProps) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const user = params.get('user') ?? '';
  const follow = useCallback(
    () => (action === 'change' ? confirmEmailChange(token) : verifyEmail(user, token)),
    [action, token, user],
  );
  return (
    <EmailLinkPage
      title={action === 'change' ? copy.confirmChangeTitle : copy.verifyTitle}
      follow={follow}
      working={copy.working}
      failed={copy.failed}
      // The signed-in account's address (or its proof) is read again.
      changes={queryKeys.account.every()}
    >
      <Link to="/Profile">{copy.profile}</Link> · <Link to="/">{copy.home}</Link>
    </EmailLinkPage>
  );
}
