import { Notice } from '../../components/Notice';
import { adminContent as copy } from './admin-content';

/** A signed-in customer at /admin: the API refuses them (403), and the page says why. */
export function NotAllowedNotice() {
  return <Notice tone="error">{copy.notAllowed}</Notice>;
}
