import type { AdminClosurePreview, AdminScheduleVisit } from '@hs/api/domain/admin/admin-views';
import { BOOKING_STATUS_LABELS } from '@hs/api/domain/booking/booking-status';
import { closedLabel } from '@hs/api/domain/calendar/business-calendar';
import { useEffect, useId, useRef } from 'react';
import { Notice } from '../../components/Notice';
import { formatVisitDate } from './admin-format';
import { AdminTable } from './AdminTable';
import { closuresContent as copy } from './closures-content';

/** An estimate request only prefers its day: it holds no place, and nobody is told of a closure. */
const isRequest = ({ kind, booking }: AdminScheduleVisit) =>
  kind === 'estimate' && booking.status === 'estimate_requested';

/** What closing the day does to a visit, by its kind (the API's rule, in the operator's words). */
function outcomeOf(visit: AdminScheduleVisit): string {
  if (visit.kind === 'plan') return copy.outcomes.plan;
  if (visit.kind === 'estimate')
    return isRequest(visit) ? copy.outcomes.request : copy.outcomes.siteVisit;
  return visit.booking.status === 'paid' ? copy.outcomes.paid : copy.outcomes.unpaid;
}

/** The customers the closure tells something: every visit's but an estimate request's, once each. */
export function customersToTell(visits: readonly AdminScheduleVisit[]): number {
  return new Set(
    visits.filter((visit) => !isRequest(visit)).map(({ booking }) => booking.email.toLowerCase()),
  ).size;
}

export function rangeText(from: string, to: string): string {
  return copy.range(formatVisitDate(from), formatVisitDate(to));
}

interface ClosurePreviewPanelProps {
  readonly preview: AdminClosurePreview;
  readonly closing: boolean;
  /** Why the API did not close the days, when it refused: the operator may try again. */
  readonly failure: string | null;
  readonly onClose: (preview: AdminClosurePreview) => void;
  readonly onChangeDays: () => void;
}

/**
 * What closing the days would touch, before anything changes: the visits first, each with what
 * will happen to it, then the days closed already, then the one button that closes them.
 */
export function ClosurePreviewPanel({
  preview,
  closing,
  failure,
  onClose,
  onChangeDays,
}: ClosurePreviewPanelProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { visits, days } = preview;
  const plans = visits.filter((visit) => visit.kind === 'plan').length;
  const requests = visits.filter(isRequest).length;
  const asked = visits.length - plans - requests;
  const customers = customersToTell(visits);
  const closedAlready = days.filter((day) => day.closedAlready !== null);

  // The operator asked for this list: they are taken to it, and read it from its top.
  useEffect(() => {
    heading.current?.focus();
  }, [preview]);

  // A refusal gives the focus back to the button, disabled while it waited: try again from there.
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (failure !== null) confirm.current?.focus();
  }, [failure]);

  return (
    <section className="admin-closure-preview" aria-labelledby={headingId}>
      <h4 id={headingId} ref={heading} tabIndex={-1}>
        {copy.previewHeading(rangeText(preview.from, preview.to))}
      </h4>
      <p>{copy.previewReason(closedLabel(preview.reason))}</p>
      {visits.length === 0 ? null : (
        <>
          <ul className="admin-closure-preview__summary">
            {plans === 0 ? null : <li>{copy.planSummary(plans)}</li>}
            {asked === 0 ? null : <li>{copy.askSummary(asked)}</li>}
            {requests === 0 ? null : <li>{copy.requestSummary(requests)}</li>}
          </ul>
          <AdminTable
            content={{
              caption: copy.visitsCaption,
              columns: copy.visitColumns,
              empty: copy.visitsEmpty,
            }}
            rows={visits.map((visit) => ({ ...visit, id: visit.booking.id }))}
            rowHeader={({ booking }) => booking.reference}
            cells={(visit) => (
              <>
                <td>
                  <span className="admin-customer">
                    <span>{visit.booking.name}</span>
                    <a href={`mailto:${visit.booking.email}`}>{visit.booking.email}</a>
                    <span>{visit.booking.phone}</span>
                  </span>
                </td>
                <td>{visit.booking.service}</td>
                <td>{formatVisitDate(visit.booking.date)}</td>
                <td>{visit.booking.timeLabel}</td>
                <td>{copy.kinds[visit.kind]}</td>
                <td>
                  <span className={`status status--${visit.booking.status}`}>
                    {BOOKING_STATUS_LABELS[visit.booking.status]}
                  </span>
                </td>
                <td>{outcomeOf(visit)}</td>
              </>
            )}
          />
        </>
      )}
      {closedAlready.length === 0 ? null : (
        <div className="admin-closure-preview__closed">
          <h5>{copy.alreadyClosedHeading}</h5>
          {closedAlready.length === days.length ? <p>{copy.allClosedAlready}</p> : null}
          <ul>
            {closedAlready.map((day) => (
              <li key={day.date}>
                {copy.alreadyClosed(formatVisitDate(day.date), day.closedAlready ?? '')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {failure === null ? null : <Notice tone="error">{failure}</Notice>}
      <div className="button-row">
        <button
          ref={confirm}
          type="button"
          className="button button--danger"
          disabled={closing}
          onClick={() => {
            onClose(preview);
          }}
        >
          {closing ? copy.closing : copy.confirm(days.length, customers)}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={closing}
          onClick={onChangeDays}
        >
          {copy.changeDays}
        </button>
      </div>
    </section>
  );
}
