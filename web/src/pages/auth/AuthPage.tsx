import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { screens } from '../../content/site-content';

export function AuthPage() {
  return <ScreenPlaceholder screen={screens.auth} />;
}
