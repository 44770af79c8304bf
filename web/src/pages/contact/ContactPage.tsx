import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { screens } from '../../content/site-content';

export function ContactPage() {
  return <ScreenPlaceholder screen={screens.contact} />;
}
