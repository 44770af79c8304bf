import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { screens } from '../../content/site-content';

export function AboutPage() {
  return <ScreenPlaceholder screen={screens.about} />;
}
