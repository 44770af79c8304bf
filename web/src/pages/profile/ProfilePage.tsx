import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { screens } from '../../content/site-content';

export function ProfilePage() {
  return <ScreenPlaceholder screen={screens.profile} />;
}
