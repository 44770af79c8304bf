import './ScheduleBoard.css';
import type { AdminScheduleDay } from '@hs/api/domain/admin/admin-views';
import { isCalendarDate, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fetchScheduleWeek, type ScheduleMove } from '../../../api/admin-api';
import { Notice } from '../../../components/Notice';
import { LoadStatus } from '../LoadStatus';
import {
  type AdminMessage,
  type AdminSession,
  failureText,
  reportDenial,
  useAdminData,
} from '../use-admin-data';
import {
  type BoardActions,
  cardTarget,
  SHEET_VIEW_TARGET,
  sheetButtonTarget,
} from './board-actions';
import { DayColumn } from './DayColumn';
import { DaySheetView } from './DaySheet';
import { scheduleContent as copy } from './schedule-content';
import { placeBooking } from './schedule-week';
import { WeekNav } from './WeekNav';
import { WeekSummary } from './WeekSummary';
import { queryKeys } from '../../../api/query-keys';

/** `seq` tells two messages apart, so that the same words said again are announced again. */
type Message = (NonNullable<AdminMessage> & { readonly seq: number }) | null;

/** The address keeps what the board shows (?week=, ?sheet=, ?crew=) beside the console's ?tab=. */
type Param = 'week' | 'sheet' | 'crew';

function dateParam(value: string | null): string | null {
  return value !== null && isCalendarDate(value) ? value : null;
}

/** The API's words name the visit in some answers and not in others: it is named once. */
function moveText({ booking, message }: ScheduleMove): string {
  return message.includes(booking.reference) ? message : `${booking.reference}: ${message}`;
}

/** The days of the week the business calendar closes, each with why. */
function closedDaysOf(days: readonly AdminScheduleDay[]): ReadonlyMap<string, string> {
  const closed = new Map<string, string>();
  for (const { date, closedReason } of days) {
    if (closedReason !== undefined) closed.set(date, closedReason);
  }
  return closed;
}

/**
 * The schedule board: a week by day and time window with the places used, every visit with what
 * an operator does to it (a crew, done or no-show, a move), the estimate requests to schedule,
 * and each day's sheets for the crews. Its own chunk: the console loads it when the tab opens.
 */
export default function ScheduleBoard({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  // Any day of the week to show; '' is this week, as the API reckons it in Toronto.
  const week = dateParam(params.get('week')) ?? '';
  const sheetDate = dateParam(params.get('sheet'));
  const [message, setMessage] = useState<Message>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const { state, retry, update, refresh } = useAdminData(
    session,
    queryKeys.admin.schedule(session.token, week),
    (signal) => fetchScheduleWeek(session.token, week, signal),
  );
  const ready = state.status === 'ready' ? state.data : null;
  const closedDays = useMemo(() => closedDaysOf(ready?.days ?? []), [ready]);

  const show = (changes: Partial<Record<Param, string | null>>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null) next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  const say = (tone: 'success' | 'error', text: string) => {
    setMessage((current) => ({ tone, text, seq: (current?.seq ?? 0) + 1 }));
  };

  const onFocused = useCallback(() => {
    setFocusTarget(null);
  }, [setFocusTarget]);

  const board: BoardActions = {
    session,
    crews: ready?.crews ?? [],
    closedDays,
    onMoved: (move, { reload, focusCard }) => {
      update((current) => placeBooking(current, move.booking));
      if (reload) refresh();
      const stays =
        ready !== null && move.booking.date >= ready.from && move.booking.date <= ready.to;
      if (focusCard && stays) setFocusTarget(cardTarget(move.booking.id));
      say('success', moveText(move));
    },
    onFailed: (error) => {
      if (!reportDenial(session, error)) say('error', failureText(error));
    },
    focusTarget,
    onFocused,
  };

  const sheetDay = ready?.days.find((day) => day.date === sheetDate);

  const body = () => {
    if (ready !== null && sheetDay !== undefined) {
      return (
        <DaySheetView
          day={sheetDay}
          crews={ready.crews}
          crewId={params.get('crew')}
          board={board}
          onCrew={(crewId) => {
            show({ crew: crewId });
          }}
          onBack={() => {
            show({ sheet: null, crew: null });
            setFocusTarget(sheetButtonTarget(sheetDay.date));
          }}
        />
      );
    }
    // A day sheet asked for by its address: nothing of the board flashes by before it.
    if (ready === null && sheetDate !== null) {
      return <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />;
    }
    return (
      <>
        <WeekNav
          week={week === '' ? (ready?.from ?? todayInToronto()) : week}
          range={ready}
          onWeek={(next) => {
            setMessage(null);
            setFocusTarget(null);
            show({ week: next, sheet: null, crew: null });
          }}
        />
        <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
        {ready === null ? null : (
          <>
            <WeekSummary week={ready} />
            {ready.days.map((day) => (
              <DayColumn
                key={day.date}
                day={day}
                board={board}
                onOpenSheet={(date) => {
                  // What the board said was about the board: it would sit over the sheet.
                  setMessage(null);
                  show({ sheet: date, crew: null });
                  setFocusTarget(SHEET_VIEW_TARGET);
                }}
              />
            ))}
          </>
        )}
      </>
    );
  };

  return (
    <section className="schedule" aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      {body()}
      {/* Kept in view at the foot of the board: the card acted on may be far down the week. The
          day sheets have nothing to say, and a note kept in view would cover their lines. */}
      <div className="schedule-message">
        {message === null || sheetDay !== undefined ? null : (
          <Notice key={message.seq} tone={message.tone}>
            {message.text}
          </Notice>
        )}
      </div>
    </section>
  );
}
