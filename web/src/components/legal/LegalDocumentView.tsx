import './LegalDocumentView.css';
import { useDocumentTitle } from '../../app/use-document-title';
import { lastUpdatedLabel, type LegalDocument } from '../../content/legal-content';

interface LegalDocumentViewProps {
  readonly title: string;
  readonly document: LegalDocument;
}

/** A policy page: its title, when it last changed, and its sections. */
export function LegalDocumentView({ title, document: doc }: LegalDocumentViewProps) {
  useDocumentTitle(title);
  return (
    <article className="legal" aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      <p className="legal__updated">
        {lastUpdatedLabel} {doc.updated}
      </p>
      {doc.intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {doc.sections.map((section) => (
        <section key={section.heading} className="legal__section">
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          {section.items && (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {section.after?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
