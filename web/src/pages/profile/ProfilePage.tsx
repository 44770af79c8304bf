import './ProfilePage.css';
import { profileQuery, useAccountData } from '../../api/account-api';
import { useDocumentTitle } from '../../app/use-document-title';
import { profileContent as copy, signInContent } from '../../content/account-content';
import { screens } from '../../content/site-content';
import { ProfileEditor } from './ProfileEditor';
import { AccountDataStatus } from '../../components/AccountDataStatus';

/** /Profile (docs/product.md sections 2 to 5): the signed-in user's photo, details and About text. */
export function ProfilePage() {
  useDocumentTitle(screens.profile.title);
  const { state, retry, endSession } = useAccountData(profileQuery);

  return (
    <section className="screen profile-page" aria-labelledby="screen-title">
      <h1 id="screen-title">{screens.profile.title}</h1>
      <p className="screen__lead">{screens.profile.description}</p>
      <AccountDataStatus
        state={state}
        visitorReason={signInContent.profile}
        loadingLabel={copy.loading}
        retryLabel={copy.retry}
        onRetry={retry}
      />
      {state.status === 'ready' ? (
        <ProfileEditor
          key={state.token}
          initial={state.data}
          token={state.token}
          onSessionEnded={endSession}
        />
      ) : null}
    </section>
  );
}
