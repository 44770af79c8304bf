import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { screens } from '../../content/site-content';

export function ServicesPage() {
  return <ScreenPlaceholder screen={screens.services} />;
}
