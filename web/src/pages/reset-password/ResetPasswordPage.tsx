import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { screens } from '../../content/site-content';

export function ResetPasswordPage() {
  return <ScreenPlaceholder screen={screens.resetPassword} />;
}
