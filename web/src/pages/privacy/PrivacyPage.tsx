import { LegalDocumentView } from '../../components/legal/LegalDocumentView';
import { privacyPolicy } from '../../content/legal-content';
import { screens } from '../../content/site-content';

export function PrivacyPage() {
  return <LegalDocumentView title={screens.privacy.title} document={privacyPolicy} />;
}
