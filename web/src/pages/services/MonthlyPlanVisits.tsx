import { timeLabel } from '@hs/api/domain/booking/booking-schema';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import type { VisitSlot } from '@hs/api/domain/subscription/visit-schedule';
import { closedDayCopy, monthlyVisitsCopy as copy } from '../../content/services-content';
import type { VisitChoices } from './booking-draft';
import type { FieldIds } from './booking-form-fields';
import { slotValue, visitRows, type VisitRow } from './monthly-plan-visits';
import type { MonthlyPlanPreviewState } from './use-monthly-plan-preview';

const visitText = (slot: VisitSlot) => copy.visit(longDate(slot.date), timeLabel(slot.time));

interface MonthlyPlanVisitsProps {
  readonly ids: FieldIds;
  readonly state: MonthlyPlanPreviewState;
  readonly choices: VisitChoices;
  /** The `visits` field's error: a full window left without another chosen, or the server's. */
  readonly error: string | undefined;
  readonly onRetry: () => void;
  /** `choice` is the slot's form value ('2026-12-16:afternoon'), or '' for none. */
  readonly onChoose: (plannedDate: string, choice: string) => void;
}

function statusText(state: MonthlyPlanPreviewState, rows: readonly VisitRow[]): string {
  if (state.kind === 'waiting') return copy.waiting;
  if (state.kind === 'loading') return copy.loading;
  if (state.kind === 'failed') return `${state.message} ${copy.failedNext}`;
  if (state.kind === 'refused') return state.message;
  const full = rows.filter((row) => row.kind !== 'free').length;
  const moved = rows.filter((row) => row.visit.movedFrom !== undefined).length;
  const places = full === 0 ? copy.allFree : copy.someFull(full);
  return moved === 0 ? places : `${places} ${copy.someMoved(moved)}`;
}

/**
 * The Monthly Visit plan's first month in the booking form: its rule, its renewal and its four
 * visits, each full one with what the visitor can do about it. Shown before anything is paid, so
 * that a full week is never a surprise after.
 */
export function MonthlyPlanVisits({
  ids,
  state,
  choices,
  error,
  onRetry,
  onChoose,
}: MonthlyPlanVisitsProps) {
  const rows = state.kind === 'ready' ? visitRows(state.preview, choices) : [];
  // The error moves focus to the first visit still waiting for a choice (useFieldErrors.show).
  const firstUnchosen = rows.find((row) => row.kind === 'choose' && row.chosen === null);
  const errorId = error === undefined ? undefined : `${ids.of('visits')}-error`;

  return (
    <fieldset className="booking-form__visits" aria-describedby={errorId}>
      <legend>{copy.heading}</legend>
      <p className="booking-form__hint" aria-live="polite">
        {statusText(state, rows)}
      </p>
      {state.kind === 'failed' && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {copy.retry}
        </button>
      )}
      {state.kind === 'ready' && (
        <>
          <p className="booking-form__visits-rule">{state.preview.rule}</p>
          <p className="booking-form__visits-renewal">
            {copy.renewsOn(longDate(state.preview.renewsOn))}
          </p>
          <ol className="booking-form__visit-list" aria-label={copy.listLabel}>
            {rows.map((row) => (
              <PlanVisitItem
                key={row.visit.date}
                row={row}
                selectId={
                  row === firstUnchosen ? ids.of('visits') : `${ids.of('visits')}-${row.visit.date}`
                }
                errorId={errorId}
                onChoose={onChoose}
              />
            ))}
          </ol>
        </>
      )}
      {error !== undefined && (
        <p id={errorId} className="booking-form__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface PlanVisitItemProps {
  readonly row: VisitRow;
  readonly selectId: string;
  readonly errorId: string | undefined;
  readonly onChoose: (plannedDate: string, choice: string) => void;
}

/** One visit: when it is, and for a full one, the way out. */
function PlanVisitItem({ row, selectId, errorId, onChoose }: PlanVisitItemProps) {
  const { visit } = row;
  const full = row.kind !== 'free';
  return (
    <li className={`booking-form__visit${full ? ' booking-form__visit--full' : ''}`}>
      <span className="booking-form__visit-when">
        {visitText(visit)}
        {full && <strong className="booking-form__visit-full">{` ${copy.full}`}</strong>}
        {visit.movedFrom && (
          <>
            {' — '}
            {closedDayCopy.movedFrom(longDate(visit.movedFrom.date), visit.movedFrom.reason)}
          </>
        )}
      </span>
      {row.kind === 'first-full' && <p className="booking-form__error">{copy.firstFull}</p>}
      {row.kind === 'week-full' && (
        <p className="booking-form__error">{copy.weekFull(longDate(visit.date))}</p>
      )}
      {row.kind === 'choose' && (
        <VisitChoiceField
          id={selectId}
          visit={visit}
          alternatives={visit.alternatives}
          chosen={row.chosen}
          errorId={row.chosen === null ? errorId : undefined}
          onChoose={(choice) => {
            onChoose(visit.date, choice);
          }}
        />
      )}
    </li>
  );
}

interface VisitChoiceFieldProps {
  readonly id: string;
  readonly visit: VisitSlot;
  /** Nearest day first, as the API orders them. */
  readonly alternatives: readonly VisitSlot[];
  readonly chosen: VisitSlot | null;
  /** Set while this choice is missing and the form has said so. */
  readonly errorId: string | undefined;
  readonly onChoose: (choice: string) => void;
}

function VisitChoiceField({
  id,
  visit,
  alternatives,
  chosen,
  errorId,
  onChoose,
}: VisitChoiceFieldProps) {
  const invalid = errorId !== undefined;
  return (
    <div className={`booking-form__field${invalid ? ' booking-form__field--invalid' : ''}`}>
      <label htmlFor={id}>{copy.chooseWindow(longDate(visit.date))}</label>
      <select
        id={id}
        required
        aria-invalid={invalid}
        aria-describedby={errorId}
        value={chosen === null ? '' : slotValue(chosen)}
        onChange={(event) => {
          onChoose(event.target.value);
        }}
      >
        <option value="">{copy.choosePlaceholder}</option>
        {alternatives.map((slot) => (
          <option key={slotValue(slot)} value={slotValue(slot)}>
            {visitText(slot)}
          </option>
        ))}
      </select>
    </div>
  );
}
