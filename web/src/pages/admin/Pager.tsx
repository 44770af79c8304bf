import { adminContent as copy } from './admin-content';

/** Where a paged list stands: the admin API's paged answers carry these beside their items. */
interface ListPage {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
}

interface PagerProps {
  readonly list: ListPage;
  /** What is counted, in the singular: 'booking'. */
  readonly noun: string;
  readonly onPage: (page: number) => void;
}

/** How many there are, and Previous/Next once they fill more than one page. */
export function Pager({ list: { page, pageSize, total }, noun, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="admin-pager">
      <p className="admin-pager__count">
        {copy.count(total, noun)}
        {pages > 1 ? `, ${copy.pageOf(page, pages).toLowerCase()}` : ''}
      </p>
      {pages > 1 ? (
        <div className="button-row">
          <button
            type="button"
            className="button button--secondary"
            disabled={page <= 1}
            onClick={() => {
              onPage(page - 1);
            }}
          >
            {copy.previous}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={page >= pages}
            onClick={() => {
              onPage(page + 1);
            }}
          >
            {copy.next}
          </button>
        </div>
      ) : null}
    </div>
  );
}
