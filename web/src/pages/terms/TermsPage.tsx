import { LegalDocumentView } from '../../components/legal/LegalDocumentView';
import { termsOfService } from '../../content/legal-content';
import { screens } from '../../content/site-content';

export function TermsPage() {
  return <LegalDocumentView title={screens.terms.title} document={termsOfService} />;
}
