import './PaymentsSection.css';
import {
  type BooksPeriod,
  periodProblem,
  previousQuarterPeriod,
  quarterPeriod,
  yearPeriod,
} from '@hs/api/domain/admin/books-period';
import type { AdminBooks, BooksDocument, BooksWeek } from '@hs/api/domain/admin/books-schema';
import { formatCad, SERVICES } from '@hs/api/domain/booking/catalogue';
import { isCalendarDate, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { BOOKS_KINDS, type BooksKind } from '@hs/api/domain/admin/books-schema';
import { type MouseEvent, type ReactNode, useId, useMemo, useState } from 'react';
import {
  booksCsvFileName,
  booksCsvUrl,
  type BooksFilter,
  fetchAdminBooks,
  fetchBooksCsv,
} from '../../api/admin-books-api';
import { queryKeys } from '../../api/query-keys';
import { Notice } from '../../components/Notice';
import { BarChart, type BarSeries } from './BarChart';
import { LoadStatus } from './LoadStatus';
import { paymentsContent as copy } from './payments-content';
import { AdminFilters } from './StatusFilter';
import {
  type AdminMessage,
  type AdminSession,
  failureText,
  reportDenial,
  useAdminData,
} from './use-admin-data';

/** Cents as the site shows money; a credit note's amounts with a minus sign before the dollar. */
export function formatMoney(cents: number): string {
  return cents < 0 ? `\u2212${formatCad(-cents)}` : formatCad(cents);
}

/** A colour per catalogue service, the same on every chart; 4.5:1 or more on white. */
const SERVICE_COLOURS = [
  '#1f6f50',
  '#2b6cb0',
  '#b7410e',
  '#6b46c1',
  '#b83280',
  '#2c7a7b',
  '#8a5a12',
  '#4a5568',
  '#c53030',
  '#276749',
  '#1a4e8a',
  '#7b341e',
];

const serviceTitle = (id: string) => SERVICES.find((entry) => entry.id === id)?.title ?? id;

function serviceColour(id: string): string {
  const index = SERVICES.findIndex((entry) => entry.id === id);
  return SERVICE_COLOURS[(index < 0 ? SERVICES.length : index) % SERVICE_COLOURS.length] ?? '#000';
}

const dayMonth = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dayMonthYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date (YYYY-MM-DD) read as itself, whatever the browser's zone. */
function calendarDay(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/** 'Oct 5, 2026' inside a <time> a machine can read. */
function DateText({ date }: { readonly date: string }) {
  return <time dateTime={date}>{dayMonthYear.format(calendarDay(date))}</time>;
}

/** The services the weeks have revenue of, in the catalogue's order (others after them). */
function servicesOf(weeks: readonly BooksWeek[]): string[] {
  const present = new Set(weeks.flatMap((week) => Object.keys(week.byService)));
  const rank = (id: string) => {
    const index = SERVICES.findIndex((entry) => entry.id === id);
    return index < 0 ? SERVICES.length : index;
  };
  return [...present].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

const weekTotal = (week: BooksWeek) =>
  Object.values(week.byService).reduce((total, cents) => total + cents, 0);

type Quick = keyof typeof copy.quick;

function quickPeriod(quick: Quick, today: string): BooksPeriod {
  if (quick === 'lastQuarter') return previousQuarterPeriod(today);
  if (quick === 'thisYear') return yearPeriod(today);
  return quarterPeriod(today);
}

const QUICKS = Object.keys(copy.quick) as Quick[];

/** Why the dates typed cannot be read yet, or null when they can. */
function draftProblem(draft: BooksPeriod): string | null {
  if (!isCalendarDate(draft.from) || !isCalendarDate(draft.to)) return copy.periodDates;
  if (draft.to < draft.from) return copy.periodOrder;
  return periodProblem(draft)?.message ?? null;
}

/**
 * The books: the invoices and credit notes of a period (this quarter at first), of one service or
 * kind if asked, their totals, revenue per week by service and HST per quarter as charts with the
 * same numbers in tables beside them, the documents, and the CSV of them for the accountant.
 * Its own chunk (chart.js rides in it): the console loads it when the tab opens.
 */
export default function PaymentsSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const errorId = useId();
  const [today] = useState(todayInToronto);
  const [draft, setDraft] = useState<BooksPeriod>(() => quarterPeriod(today));
  // The period last read: the dates as typed once they make one.
  const [period, setPeriod] = useState<BooksPeriod>(draft);
  const [service, setService] = useState('');
  const [kind, setKind] = useState<BooksKind | ''>('');
  const [message, setMessage] = useState<AdminMessage>(null);
  const [downloading, setDownloading] = useState(false);

  const filter = useMemo<BooksFilter>(
    () => ({ from: period.from, to: period.to, service, kind }),
    [period, service, kind],
  );
  const { state, retry } = useAdminData(
    session,
    queryKeys.admin.books(session.token, filter),
    (signal) => fetchAdminBooks(session.token, filter, signal),
  );
  const problem = draftProblem(draft);

  const choose = (next: BooksPeriod) => {
    setDraft(next);
    setMessage(null);
    if (draftProblem(next) === null) setPeriod(next);
  };

  const download = async () => {
    setDownloading(true);
    setMessage(null);
    try {
      const file = await fetchBooksCsv(session.token, filter);
      const address = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = address;
      link.download = booksCsvFileName(filter);
      document.body.append(link);
      link.click();
      link.remove();
      // Once the click has handed the file to the browser's download.
      setTimeout(() => {
        URL.revokeObjectURL(address);
      }, 0);
    } catch (error) {
      if (!reportDenial(session, error)) setMessage({ tone: 'error', text: failureText(error) });
    } finally {
      setDownloading(false);
    }
  };

  const onDownload = (event: MouseEvent<HTMLAnchorElement>) => {
    // The link cannot send the Bearer token: the page fetches the file with it instead.
    event.preventDefault();
    if (!downloading) void download();
  };

  return (
    <section className="payments" aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      <AdminFilters label={copy.filtersLabel}>
        <DateField
          label={copy.from}
          value={draft.from}
          invalid={problem !== null}
          errorId={errorId}
          onChange={(from) => {
            choose({ ...draft, from });
          }}
        />
        <DateField
          label={copy.to}
          value={draft.to}
          invalid={problem !== null}
          errorId={errorId}
          onChange={(to) => {
            choose({ ...draft, to });
          }}
        />
        <div className="button-row payments-quick" role="group" aria-label={copy.quickLabel}>
          {QUICKS.map((quick) => {
            const quickDates = quickPeriod(quick, today);
            const current = draft.from === quickDates.from && draft.to === quickDates.to;
            return (
              <button
                key={quick}
                type="button"
                className="button button--secondary"
                aria-pressed={current}
                onClick={() => {
                  choose(quickDates);
                }}
              >
                {copy.quick[quick]}
              </button>
            );
          })}
        </div>
        <SelectField
          label={copy.service}
          value={service}
          onChange={(value) => {
            setService(SERVICES.find((entry) => entry.id === value)?.id ?? '');
          }}
        >
          <option value="">{copy.anyService}</option>
          {SERVICES.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={copy.kind}
          value={kind}
          onChange={(value) => {
            setKind(BOOKS_KINDS.find((entry) => entry === value) ?? '');
          }}
        >
          <option value="">{copy.anyKind}</option>
          {BOOKS_KINDS.map((entry) => (
            <option key={entry} value={entry}>
              {copy.kindChoices[entry]}
            </option>
          ))}
        </SelectField>
      </AdminFilters>
      {problem === null ? null : (
        <p id={errorId} className="admin-field__error" role="alert">
          {problem}
        </p>
      )}
      <p>
        <a
          className="button button--secondary"
          href={booksCsvUrl(filter)}
          download={booksCsvFileName(filter)}
          aria-disabled={downloading}
          onClick={onDownload}
        >
          {downloading ? copy.downloading : copy.download}
        </a>
      </p>
      {message === null ? null : <Notice tone={message.tone}>{message.text}</Notice>}
      <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
      {state.status === 'ready' ? <Books books={state.data} /> : null}
    </section>
  );
}

interface DateFieldProps {
  readonly label: string;
  readonly value: string;
  readonly invalid: boolean;
  readonly errorId: string;
  readonly onChange: (value: string) => void;
}

function DateField({ label, value, invalid, errorId, onChange }: DateFieldProps) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </div>
  );
}

interface SelectFieldProps {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly children: ReactNode;
}

function SelectField({ label, value, onChange, children }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {children}
      </select>
    </div>
  );
}

/** A captioned table that scrolls sideways inside its own box rather than widening the page. */
function DataTable({
  caption,
  headings,
  numericFrom,
  children,
}: {
  readonly caption: string;
  readonly headings: readonly string[];
  /** The first column of amounts: they and the ones after them line up on the right. */
  readonly numericFrom: number;
  readonly children: ReactNode;
}) {
  const captionId = useId();
  return (
    <div
      className="admin-table payments-table"
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading, index) => (
              <th
                key={heading}
                scope="col"
                className={index < numericFrom ? undefined : 'payments-num'}
              >
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function Books({ books }: { readonly books: AdminBooks }) {
  const totalsId = useId();
  const weeklyId = useId();
  const quartersId = useId();
  const documentsId = useId();
  const { totals } = books;
  const totalItems: [string, number][] = [
    [copy.totals.sales, totals.salesCents],
    [copy.totals.hstCollected, totals.hstCollectedCents],
    [copy.totals.refunds, totals.refundsCents],
    [copy.totals.net, totals.netCents],
  ];

  return (
    <>
      <section aria-labelledby={totalsId}>
        <h3 id={totalsId}>{copy.totalsHeading}</h3>
        <dl className="admin-counts payments-totals">
          {totalItems.map(([label, cents]) => (
            <div key={label} className="admin-counts__item">
              <dt>{label}</dt>
              <dd>{formatMoney(cents)}</dd>
            </div>
          ))}
        </dl>
        <p className="admin-muted">{copy.totalsNote}</p>
      </section>
      {books.documents.length === 0 ? (
        <p>{copy.empty}</p>
      ) : (
        <>
          <section aria-labelledby={weeklyId}>
            <h3 id={weeklyId}>{copy.weeklyHeading}</h3>
            <WeeklyRevenue weeks={books.weekly} />
          </section>
          <section aria-labelledby={quartersId}>
            <h3 id={quartersId}>{copy.quartersHeading}</h3>
            <QuarterHst books={books} />
          </section>
          <section aria-labelledby={documentsId}>
            <h3 id={documentsId}>{copy.documentsHeading}</h3>
            {books.truncated ? (
              <Notice tone="info">{copy.truncated(books.documents.length)}</Notice>
            ) : null}
            <Documents documents={books.documents} />
          </section>
        </>
      )}
    </>
  );
}

function WeeklyRevenue({ weeks }: { readonly weeks: readonly BooksWeek[] }) {
  const services = useMemo(() => servicesOf(weeks), [weeks]);
  const categories = useMemo(
    () => weeks.map((week) => dayMonth.format(calendarDay(week.weekStart))),
    [weeks],
  );
  const series = useMemo<BarSeries[]>(
    () =>
      services.map((id) => ({
        label: serviceTitle(id),
        values: weeks.map((week) => week.byService[id] ?? 0),
        color: serviceColour(id),
      })),
    [services, weeks],
  );
  return (
    <div className="payments-figure">
      <BarChart
        label={copy.weeklyChartLabel}
        categories={categories}
        series={series}
        stacked
        formatValue={formatMoney}
      />
      <DataTable
        caption={copy.weeklyCaption}
        headings={[copy.week, ...services.map(serviceTitle), copy.total]}
        numericFrom={1}
      >
        {weeks.map((week) => (
          <tr key={week.weekStart}>
            <th scope="row">
              <DateText date={week.weekStart} />
            </th>
            {services.map((id) => (
              <td key={id} className="payments-num">
                {formatMoney(week.byService[id] ?? 0)}
              </td>
            ))}
            <td className="payments-num">{formatMoney(weekTotal(week))}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function QuarterHst({ books }: { readonly books: AdminBooks }) {
  const { quarters } = books;
  const categories = useMemo(() => quarters.map((row) => row.quarter), [quarters]);
  const series = useMemo<BarSeries[]>(
    () => [{ label: copy.hst, values: quarters.map((row) => row.hstCents), color: '#1f6f50' }],
    [quarters],
  );
  return (
    <div className="payments-figure payments-figure--small">
      <BarChart
        label={copy.quartersChartLabel}
        categories={categories}
        series={series}
        formatValue={formatMoney}
        size="small"
      />
      <DataTable caption={copy.quartersCaption} headings={[copy.quarter, copy.hst]} numericFrom={1}>
        {quarters.map((row) => (
          <tr key={row.quarter}>
            <th scope="row">{row.quarter}</th>
            <td className="payments-num">{formatMoney(row.hstCents)}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function Documents({ documents }: { readonly documents: readonly BooksDocument[] }) {
  const { columns } = copy;
  return (
    <DataTable
      caption={copy.documentsCaption}
      headings={[
        columns.date,
        columns.number,
        columns.kind,
        columns.customer,
        columns.company,
        columns.subtotal,
        columns.hst,
        columns.total,
      ]}
      numericFrom={5}
    >
      {documents.map((document) => (
        <tr key={document.id}>
          <td>
            <DateText date={document.issueDate} />
          </td>
          {/* The number names the row: a screen reader says it with each cell of the row. */}
          <th scope="row">{document.number}</th>
          <td>{copy.kindLabels[document.kind]}</td>
          <td>{document.customer}</td>
          <td>{document.company ?? copy.noCompany}</td>
          <td className="payments-num">{formatMoney(document.subtotalCents)}</td>
          <td className="payments-num">{formatMoney(document.hstCents)}</td>
          <td className="payments-num">{formatMoney(document.totalCents)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
