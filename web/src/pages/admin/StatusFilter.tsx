import { type ReactNode, useId } from 'react';

/** The words a status list needs: its field's label, the choice of every status, each status's. */
export interface StatusWords<S extends string> {
  readonly statusLabel: string;
  readonly anyStatus: string;
  readonly statuses: readonly S[];
  readonly label: (status: S) => string;
}

/** The words of a list whose content names its statuses and a label for each. */
export function statusWordsOf<S extends string>(copy: {
  readonly statusLabel: string;
  readonly anyStatus: string;
  readonly statuses: readonly S[];
  readonly statusLabels: Readonly<Record<S, string>>;
}): StatusWords<S> {
  return { ...copy, label: (status) => copy.statusLabels[status] };
}

/** The filters above an operators' list; they apply as they change, so nothing submits. */
export function AdminFilters({
  label,
  children,
}: {
  readonly label: string;
  readonly children: ReactNode;
}) {
  return (
    <form
      className="admin-filters"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      {children}
    </form>
  );
}

/**
 * A list's status filter: '' for every status. What the select holds is read back through the
 * list of statuses, so a value that is none of them is every status, never a cast.
 */
export function StatusSelect<S extends string>({
  words,
  value,
  onChange,
}: {
  readonly words: StatusWords<S>;
  readonly value: S | '';
  readonly onChange: (status: S | '') => void;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{words.statusLabel}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          onChange(words.statuses.find((status) => status === event.target.value) ?? '');
        }}
      >
        <option value="">{words.anyStatus}</option>
        {words.statuses.map((status) => (
          <option key={status} value={status}>
            {words.label(status)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** How many of a list stand in each status, whatever the filter shows. */
export function StatusCounts<S extends string>({
  heading,
  words,
  counts,
}: {
  readonly heading: string;
  readonly words: StatusWords<S>;
  readonly counts: Partial<Record<S, number>>;
}) {
  return (
    <>
      <h3>{heading}</h3>
      <dl className="admin-counts">
        {words.statuses.map((status) => (
          <div key={status} className="admin-counts__item">
            <dt>{words.label(status)}</dt>
            <dd>{counts[status] ?? 0}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
