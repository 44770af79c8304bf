import { Link } from 'react-router-dom';
import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';
import { notFoundHomeLink, screens } from '../../content/site-content';

export function NotFoundPage() {
  return (
    <ScreenPlaceholder screen={screens.notFound}>
      <p>
        <Link to="/">{notFoundHomeLink}</Link>
      </p>
    </ScreenPlaceholder>
  );
}
