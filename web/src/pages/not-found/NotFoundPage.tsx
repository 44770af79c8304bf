import { Company } from '@hs/api/domain/company';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { notFoundHomeLink, screens } from '../../content/site-content';
import { notFoundContent } from '../../content/not-found-content';
import './NotFoundPage.css';

export function NotFoundPage() {
  useDocumentTitle(screens.notFound.title);
  return (
    <section className="not-found" aria-labelledby="screen-title">
      {/* Every path gets the same app shell: this tells search engines it is a miss. */}
      <meta name="robots" content="noindex" />
      <h1 id="screen-title">{screens.notFound.title}</h1>
      <p className="screen__lead">{screens.notFound.description}</p>
      <h2 className="not-found__subtitle">{notFoundContent.suggestionsTitle}</h2>
      <ul className="not-found__links">
        <li>
          <Link to="/">{notFoundHomeLink}</Link>
          <span className="not-found__hint">{notFoundContent.home.description}</span>
        </li>
        {notFoundContent.suggestions.map((suggestion) => (
          <li key={suggestion.to}>
            <Link to={suggestion.to}>{suggestion.label}</Link>
            <span className="not-found__hint">{suggestion.description}</span>
          </li>
        ))}
      </ul>
      <p>
        {notFoundContent.callPrefix} <a href={Company.phoneHref}>{Company.phone}</a>.
      </p>
    </section>
  );
}
