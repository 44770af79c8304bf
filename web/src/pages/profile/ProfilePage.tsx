import './ProfilePage.css';
import { fetchProfile, useAccountData } from '../../api/account-api';
import { useDocumentTitle } from '../../app/use-document-title';
import { Notice } from '../../components/Notice';
import { profileContent as copy, signInContent } from '../../content/account-content';
import { screens } from '../../content/site-content';
import { ProfileEditor } from './ProfileEditor';
import { SignInNotice } from '../../components/SignInNotice';

/** /Profile (SPEC.md sections 2 to 5): the signed-in user's photo, details and About text. */
export function ProfilePage() {
  useDocumentTitle(screens.profile.title);
  const { state, retry, endSession } = useAccountData(fetchProfile);

  return (
    <section className="screen profile-page" aria-labelledby="screen-title">
      <h1 id="screen-title">{screens.profile.title}</h1>
      <p className="screen__lead">{screens.profile.description}</p>
      {state.status === 'visitor' ? <SignInNotice reason={signInContent.profile} /> : null}
      {state.status === 'session-ended' ? (
        <SignInNotice reason={signInContent.sessionEnded} />
      ) : null}
      {state.status === 'loading' ? <p className="loading">{copy.loading}</p> : null}
      {state.status === 'failed' ? (
        <>
          <Notice tone="error">{state.message}</Notice>
          <button className="button button--secondary" type="button" onClick={retry}>
            {copy.retry}
          </button>
        </>
      ) : null}
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
