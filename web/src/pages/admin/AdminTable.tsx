import { type ReactNode, useId } from 'react';

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

/** A list of an admin section as a captioned table, or a line saying there is nothing in it. */
export function AdminTable<Row extends { readonly id: string }>({
  content: { caption, columns, empty },
  rows,
  rowHeader,
  cells,
}: AdminTableProps<Row>) {
  const captionId = useId();
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    // Wider than a phone: the table scrolls on its own, and a keyboard can scroll it too.
    <div className="admin-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {Object.entries(columns).map(([key, heading]) => (
              <th key={key} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{rowHeader(row)}</th>
              {cells(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
