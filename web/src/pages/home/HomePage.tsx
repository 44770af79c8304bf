import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { screens } from '../../content/site-content';

export function HomePage() {
  return <ScreenPlaceholder screen={screens.home} keepDefaultTitle />;
}
