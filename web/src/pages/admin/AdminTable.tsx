import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';

/** The words of a table, as each section's content object holds them. */
interface AdminTableContent {
  /** Names both the table and the scrolling region around it. */
  readonly caption: string;
  /**
   * The column headings, in the order the cells come: the object as it is written. The keys only
   * tell the headings apart.
   */
  readonly columns: Readonly<Record<string, string>>;
  /** Shown instead of a table without rows, which would only be headings. */
  readonly empty: string;
}

interface AdminTableProps<Row extends { readonly id: string }> {
  readonly content: AdminTableContent;
  readonly rows: readonly Row[];
  /**
   * The first cell: it names the row, so a screen reader can say which row a cell is in and
   * tests can find a row by it.
   */
  readonly rowHeader: (row: Row) => ReactNode;
  /** The other cells of the row, `<td>` elements in the order of the remaining columns. */
  readonly cells: (row: Row) => ReactNode;
}

/**
 * A list of an admin section as a captioned table, or a line saying there is nothing in it. On a
 * narrow screen each row is a card of its own, every cell under its column's name (the CSS reads
 * `data-label`), so the operator sees and reaches every column without scrolling sideways. The
 * roles are written out because a table laid out as blocks loses them in some browsers.
 */
export function AdminTable<Row extends { readonly id: string }>({
  content: { caption, columns, empty },
  rows,
  rowHeader,
  cells,
}: AdminTableProps<Row>) {
  const captionId = useId();
  const body = useRef<HTMLTableSectionElement>(null);
  const headings = Object.values(columns);

  // The sections write their own cells; each is given its column's name here, after every
  // render, rather than every section repeating the headings it already declared.
  useLayoutEffect(() => {
    for (const row of body.current?.rows ?? []) {
      [...row.cells].forEach((cell, index) => {
        const heading = headings[index] ?? '';
        if (cell.getAttribute('data-label') !== heading) cell.setAttribute('data-label', heading);
        if (cell.tagName === 'TD' && !cell.hasAttribute('role')) cell.setAttribute('role', 'cell');
      });
    }
  });

  if (rows.length === 0) return <p>{empty}</p>;
  return (
    // On a wide screen the table scrolls on its own if it must, and a keyboard can scroll it too.
    <div
      className="admin-table admin-table--cards"
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table role="table">
        <caption id={captionId}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {Object.entries(columns).map(([key, heading]) => (
              <th key={key} scope="col" role="columnheader">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body} role="rowgroup">
          {rows.map((row) => (
            <tr key={row.id} role="row">
              <th scope="row" role="rowheader">
                {rowHeader(row)}
              </th>
              {cells(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
