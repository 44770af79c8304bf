import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { screens } from '../../content/site-content';

export function PrivacyPage() {
  return <ScreenPlaceholder screen={screens.privacy} />;
}
