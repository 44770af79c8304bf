import { servicesGridContent as content } from '../../../content/home-content';

/** What the grid shows until its cards arrive, while their code or the catalogue loads. */
export function ServicesGridLoading() {
  return (
    <p className="loading services-grid__pending" role="status">
      {content.loading}
    </p>
  );
}
