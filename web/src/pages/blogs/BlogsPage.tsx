import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { screens } from '../../content/site-content';

export function BlogsPage() {
  return <ScreenPlaceholder screen={screens.blogs} />;
}
