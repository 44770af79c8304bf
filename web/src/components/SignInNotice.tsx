import { Link } from 'react-router-dom';
import { Notice } from './Notice';
import { signInContent as copy } from '../content/account-content';

interface SignInNoticeProps {
  /** Why the screen asks: what it would show, or that the session ended (a 401). */
  readonly reason: string;
}

/** Shown to a visitor, and after a 401, on the signed-in screens (Profile Settings, Dashboard). */
export function SignInNotice({ reason }: SignInNoticeProps) {
  return (
    <Notice tone="info">
      {reason} <Link to={copy.to}>{copy.link}</Link>
    </Notice>
  );
}
