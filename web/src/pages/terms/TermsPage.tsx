import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { screens } from '../../content/site-content';

export function TermsPage() {
  return <ScreenPlaceholder screen={screens.terms} />;
}
