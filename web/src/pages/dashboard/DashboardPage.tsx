import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { screens } from '../../content/site-content';

export function DashboardPage() {
  return <ScreenPlaceholder screen={screens.dashboard} />;
}
