import path from 'node:path';
import type { HaTopology } from '../../local/ha-topology';
import type { LoadProduct } from '../../load/load-product';
import type { SmtpSink } from '../../load/smtp-sink';
import type { HaResult } from '../bench-types';
import { productProcesses } from '../cpu-time';
import { runHttpLoad, type AnswerHeaders } from '../http-load';
import { BOOKING_CONNECTIONS, bookingRequest } from '../scenarios/booking-upload';
import { waitUntilQuiet } from '../settle';
import { HA_TARGETS, ratioOf, TargetCheck } from '../targets';
import { storedAt } from './durable-counts';
import { linesMentioning, linesSince, sizeOf, warningsByKind } from './log-lines';
import { PrimaryWatch, type ObservedElection } from './primary-watch';

/** 60 s of bookings, the primary stepped down every 20 s (--step-down-for, --step-down-every). */
export const STEP_DOWN_DEFAULTS = { runSeconds: 60, everySeconds: 20 } as const;

/** From a stepped-down member's being free to stand to its being primary again, measured 4-5 s. */
const TAKEOVER_SECONDS = 6;

/**
 * When the step-downs come. Each member stepped down may not stand again for half the period, after
 * which member 1 (priority 2) takes the primary back: two elections per step-down, both counted.
 * The first comes a tenth of the period in (after the 2 s warm-up), and none so late that its
 * takeover (the member's wait, its catch-up, then an election: about the wait plus 5 s here)
 * would fall outside the run. The period is not scaled by --seconds: an election takes the
 * seconds it takes, and below about 10 s the next step-down meets the last takeover under way.
 */
export function stepDownPlan(runSeconds: number, everySeconds: number) {
  const stepDownSeconds = Math.max(1, Math.round(everySeconds / 2));
  const latest = runSeconds - stepDownSeconds - TAKEOVER_SECONDS;
  const at: number[] = [];
  for (let t = everySeconds / 10; t <= latest; t += everySeconds) at.push(t);
  return { runSeconds, everySeconds, stepDownSeconds, at };
}

export type StepDownPlan = ReturnType<typeof stepDownPlan>;

/**
 * A booking that takes longer than this has a customer looking at a spinner, but an answer it
 * gets: autocannon's 10 s would count a slow election as a failure the product never made.
 */
const TIMEOUT_SECONDS = 30;
const DOMAIN = 'step-down.ha.bench.test';
const TARGET = HA_TARGETS.stepDown;
/** A second below this share of the run's median rate is one the customers felt. */
const SLOW_SHARE = 0.5;
/** An answer slower than this many times the run's median latency is one the customer felt. */
const SLOW_FACTOR = 2;
/**
 * A takeover's election begins before the old primary notices it lost (a heartbeat or two, 500 ms
 * each): its window opens this much earlier, so its first slow answers are not the previous one's.
 */
const TAKEOVER_LEAD_MS = 1_000;

interface Second {
  ok: number;
  unavailable: number;
  other: number;
  maxMs: number;
}

interface Failure {
  at: number;
  /** A 503 with Retry-After is the product saying "not now"; anything else is a bug to report. */
  unavailable: boolean;
  /** False for a request that got no answer (a timeout, a connection cut). */
  answered: boolean;
  what: string;
  requestId?: string;
  body?: string;
}

interface Answer {
  at: number;
  latencyMs: number;
  ok: boolean;
}

interface StepDown {
  at: number;
  member?: string;
  resolvedAt?: number;
  error?: string;
}

export interface ElectionRow {
  election: number;
  /** Seconds into the recorded run at which the old primary stopped taking writes. */
  atSeconds: number;
  change: string;
  cause: 'step-down' | 'takeover by the preferred member' | 'primary re-elected' | 'unplanned';
  withoutPrimaryMs: number;
  unavailable: number;
  otherFailures: number;
  /** Answers in its window slower than twice the run's median, and requests that got none. */
  slowAnswers: number;
  /** From the window's opening to the last slow answer or failure in it; 0 for none. */
  hurtSeconds: number;
  /** Whole seconds in its window below half the run's median rate. */
  slowSeconds: number;
  slowestMs: number;
}

const headerOf = (headers: AnswerHeaders, name: string): string | undefined => {
  const key = Object.keys(headers).find((one) => one.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

function requestIdOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'requestId' in parsed) {
      const id = parsed.requestId;
      return typeof id === 'string' ? id : undefined;
    }
  } catch {
    // Not the API's JSON: a proxy's page, say. The body itself is kept instead.
  }
  return undefined;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * Bookings with a photo against the HA topology while its MongoDB primary is stepped down on a
 * schedule, without retries, so every failure shows. Each election is placed in time by watching
 * the members (primary-watch.ts) and gets the failures and slow answers of its window: from its
 * cause (the step-down command, or a takeover's start) to the next election's.
 */
export async function runStepDown(context: {
  product: LoadProduct;
  topology: HaTopology;
  sink: SmtpSink;
  photo: Buffer;
  plan: StepDownPlan;
  /** The HA side's booking numbers without step-downs, to say what the elections cost. */
  steady?: { perSecond: number; p99Ms: number };
  log: (line: string) => void;
}): Promise<{ result: HaResult; elections: ElectionRow[] }> {
  const { product, topology, sink, photo, plan, steady, log } = context;
  const preferred = topology.mongo.members[0]?.name;
  await waitUntilQuiet({ product, sink, log });
  await topology.mongo.waitForPrimary();
  const watch = new PrimaryWatch(topology.mongo.members);
  await watch.ready();
  const apiLog = path.join(product.logDir, 'api.log');
  const workersLog = path.join(product.logDir, 'workers.log');
  const logFrom = { api: sizeOf(apiLog), workers: sizeOf(workersLog) };

  const seconds: Second[] = Array.from({ length: plan.runSeconds }, () => ({
    ok: 0,
    unavailable: 0,
    other: 0,
    maxMs: 0,
  }));
  const failures: Failure[] = [];
  const answers: Answer[] = [];
  const stepDowns: StepDown[] = [];
  let start = 0;
  let steppingDown: Promise<void> = Promise.resolve();
  const secondOf = (at: number) =>
    seconds[Math.min(seconds.length - 1, Math.max(0, Math.floor((at - start) / 1000)))];
  const fail = (failure: Failure) => {
    failures.push(failure);
    const second = secondOf(failure.at);
    if (second && failure.unavailable) second.unavailable += 1;
    else if (second) second.other += 1;
  };
  const schedule = async () => {
    for (const offset of plan.at) {
      const due = start + offset * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      const stepDown: StepDown = { at: Date.now() };
      stepDowns.push(stepDown);
      log(
        `  ${offset.toFixed(1)} s: stepping the primary (${watch.primary ?? 'none now'}) down for ${String(plan.stepDownSeconds)} s`,
      );
      try {
        stepDown.member = (await topology.mongo.stepDown(plan.stepDownSeconds)).name;
        stepDown.resolvedAt = Date.now();
      } catch (error) {
        stepDown.error = error instanceof Error ? error.message : String(error);
        log(`  the step-down failed: ${stepDown.error}`);
      }
    }
  };

  const shape = `${String(BOOKING_CONNECTIONS)} connections, ${String(plan.runSeconds)} s, the primary stepped down at ${plan.at.map((t) => `${String(t)} s`).join(', ')} for ${String(plan.stepDownSeconds)} s each`;
  log(`bookings while the primary steps down: ${shape}...`);
  let result;
  try {
    result = await runHttpLoad(
      {
        url: product.url,
        connections: BOOKING_CONNECTIONS,
        seconds: plan.runSeconds,
        request: bookingRequest(photo, DOMAIN),
        server: productProcesses(product),
        timeoutSeconds: TIMEOUT_SECONDS,
        watch: {
          started: () => {
            start = Date.now();
            steppingDown = schedule();
          },
          answered: (status, headers, body) => {
            const at = Date.now();
            if (status >= 200 && status < 300) {
              const second = secondOf(at);
              if (second) second.ok += 1;
              return;
            }
            const retryAfter = headerOf(headers, 'retry-after');
            const requestId = requestIdOf(body) ?? headerOf(headers, 'x-request-id');
            const unavailable = status === 503 && retryAfter !== undefined;
            fail({
              at,
              unavailable,
              answered: true,
              what:
                status === 503 && !unavailable
                  ? 'HTTP 503 without Retry-After'
                  : `HTTP ${String(status)}`,
              ...(requestId === undefined ? {} : { requestId }),
              ...(unavailable ? {} : { body: body.slice(0, 500) }),
            });
          },
          timed: (status, latencyMs) => {
            const at = Date.now();
            answers.push({ at, latencyMs, ok: status >= 200 && status < 300 });
            const second = secondOf(at);
            if (second) second.maxMs = Math.max(second.maxMs, Math.round(latencyMs));
          },
          failed: (error) => {
            fail({
              at: Date.now(),
              unavailable: false,
              answered: false,
              what: `no answer: ${error.message}`,
            });
          },
        },
      },
      log,
    );
  } finally {
    await steppingDown;
    await topology.mongo.waitForPrimary().catch(() => undefined);
    await watch.stop();
  }
  const end = start + plan.runSeconds * 1000;

  // Requests cut off when the time is up may still finish on the server: let them settle.
  await waitUntilQuiet({ product, sink, log });
  const stored = await storedAt(product, 'bookings', DOMAIN);
  const accepted = result.warmUpSucceeded + result.succeeded;
  const apiLines = linesSince(apiLog, logFrom.api);
  const workersLines = linesSince(workersLog, logFrom.workers);
  const others = failures.filter((failure) => !failure.unavailable);
  const otherIds = others.flatMap((failure) => failure.requestId ?? []);

  // Elections seen during the recorded run; each step-down belongs to the first one completed
  // after it was sent (usually its own, or a takeover it cut short).
  const observed = watch.elections.filter(
    (election) => election.at >= start && election.lostAt < start + plan.runSeconds * 1000,
  );
  const causeOf = (election: ObservedElection, index: number): ElectionRow['cause'] => {
    const after = observed[index - 1]?.at ?? start;
    if (stepDowns.some((stepDown) => stepDown.at > after && stepDown.at <= election.at)) {
      return 'step-down';
    }
    if (election.to === preferred) return 'takeover by the preferred member';
    // Another member started an election it did not win (a takeover under way, usually): the
    // primary stepped down on seeing the newer term, then won the next one itself.
    return election.to === election.from ? 'primary re-elected' : 'unplanned';
  };
  const windows = observed.map((election, index) => {
    const cause = causeOf(election, index);
    const after = observed[index - 1]?.at ?? start;
    const sent = stepDowns.find((one) => one.at > after && one.at <= election.at)?.at;
    const from =
      cause === 'step-down' && sent !== undefined
        ? Math.min(sent, election.lostAt)
        : Math.min(election.lostAt, election.at) - TAKEOVER_LEAD_MS;
    return { election, cause, from };
  });
  const usual = median(seconds.map((second) => second.ok));
  // The run's own median, not the steady run's p99: this machine's load drifts between the two
  // runs, and an election holds every booking in flight for seconds, far past twice the median.
  const slowMs = SLOW_FACTOR * result.p50Ms;
  const rows: ElectionRow[] = windows.map((window, index) => {
    const until = windows[index + 1]?.from ?? end;
    const within = (at: number) => at >= window.from && at < until;
    const inWindow = failures.filter((failure) => within(failure.at));
    const slow = answers.filter((answer) => within(answer.at) && answer.latencyMs > slowMs);
    const lastHurt = Math.max(
      window.from,
      ...slow.map((answer) => answer.at),
      ...inWindow.map((failure) => failure.at),
    );
    const own = seconds.slice(
      Math.max(0, Math.floor((window.from - start) / 1000)),
      Math.min(seconds.length, Math.ceil((until - start) / 1000)),
    );
    return {
      election: index + 1,
      atSeconds: oneDecimal((window.election.lostAt - start) / 1000),
      change: `${window.election.from} -> ${window.election.to}`,
      cause: window.cause,
      withoutPrimaryMs: window.election.withoutPrimaryMs,
      unavailable: inWindow.filter((failure) => failure.unavailable).length,
      otherFailures: inWindow.filter((failure) => !failure.unavailable).length,
      slowAnswers: slow.length + inWindow.filter((failure) => !failure.answered).length,
      hurtSeconds: oneDecimal((lastHurt - window.from) / 1000),
      slowSeconds: own.filter((second) => second.ok < usual * SLOW_SHARE).length,
      slowestMs: Math.max(0, ...own.map((second) => second.maxMs)),
    };
  });
  const beforeAny = failures.filter((failure) => failure.at < (windows[0]?.from ?? end)).length;

  const elections = rows.length;
  const unavailable = failures.length - others.length;
  const perElection = (total: number) => (elections > 0 ? total / elections : total);
  const sum = (pick: (row: ElectionRow) => number) => rows.reduce((all, row) => all + pick(row), 0);
  const unavailablePerElection = perElection(unavailable);
  const hurtPerElection = perElection(sum((row) => row.hurtSeconds));
  const withoutPrimaryMs = Math.round(perElection(sum((row) => row.withoutPrimaryMs)));
  const steppedDown = stepDowns.filter((stepDown) => stepDown.member !== undefined).length;
  const followingStepDown = rows.filter((row) => row.cause === 'step-down').length;
  const check = new TargetCheck()
    .expect(
      others.length <= TARGET.maxOtherFailures,
      `${String(others.length)} failures other than a 503 with Retry-After`,
    )
    .expect(
      stored.rows >= accepted,
      `${String(accepted - stored.rows)} accepted bookings not in the database`,
    )
    .expect(
      stored.complete === stored.rows,
      `${String(stored.rows - stored.complete)} bookings without a photo`,
    )
    .expect(
      steppedDown === plan.at.length,
      `${String(plan.at.length - steppedDown)} step-downs failed`,
    )
    .expect(
      followingStepDown === steppedDown,
      `${String(steppedDown)} step-downs but ${String(followingStepDown)} elections seen to follow one`,
    )
    .expect(
      unavailablePerElection <= TARGET.maxUnavailablePerElection,
      `${unavailablePerElection.toFixed(1)} 503s per election > ${String(TARGET.maxUnavailablePerElection)}`,
    )
    .expect(
      hurtPerElection <= TARGET.maxHurtSecondsPerElection,
      `hurt for ${hurtPerElection.toFixed(1)} s per election > ${String(TARGET.maxHurtSecondsPerElection)} s`,
    );
  const ofSteady = steady ? ratioOf(result.perSecond, steady.perSecond) : null;
  const apiWarnings = warningsByKind(apiLines);
  const workersWarnings = warningsByKind(workersLines);
  log(
    `  ${String(elections)} elections seen as a new writable primary, ${String(watch.termsStarted)} terms started`,
  );
  for (const kind of apiWarnings.slice(0, 8)) log(`  api.log ${String(kind.count)} x ${kind.kind}`);
  for (const kind of workersWarnings.slice(0, 8)) {
    log(`  workers.log ${String(kind.count)} x ${kind.kind}`);
  }
  for (const failure of others.slice(0, 10)) {
    log(
      `  other failure at ${((failure.at - start) / 1000).toFixed(1)} s: ${failure.what} ${failure.body ?? ''}`,
    );
  }
  const ofCause = (cause: ElectionRow['cause']) => rows.filter((row) => row.cause === cause).length;
  const some = (count: number, what: string) =>
    count === 0 ? [] : [`${String(count)} ${what}${count === 1 ? '' : 's'}`];
  const causes = [
    `${String(followingStepDown)} after a step-down`,
    ...some(ofCause('takeover by the preferred member'), 'takeover'),
    ...some(ofCause('primary re-elected'), 're-election'),
    ...some(ofCause('unplanned'), 'unplanned election'),
  ];
  return {
    elections: rows,
    result: {
      scenario: `POST /api/bookings, 1 MB JPEG, primary stepped down every ${String(plan.everySeconds)} s (${String(BOOKING_CONNECTIONS)} conn, ${String(plan.runSeconds)} s, no retries)`,
      single: '-',
      ha: `${String(result.perSecond)} req/s${ofSteady === null ? '' : ` (${ofSteady.toFixed(2)} of steady HA)`}, p99 ${String(result.p99Ms)} ms, max ${String(result.maxMs)} ms; ${String(elections)} elections (${causes.join(', ')}; ${String(watch.termsStarted)} terms); per election ${unavailablePerElection.toFixed(1)} 503 + Retry-After, ${perElection(others.length).toFixed(1)} other failures, ${String(withoutPrimaryMs)} ms without a primary, hurt for ${hurtPerElection.toFixed(1)} s; ${String(stored.rows)} stored of ${String(accepted)} accepted`,
      throughputRatio: null,
      p99Ratio: null,
      target: `no failure but 503 + Retry-After, every accepted booking stored, an election per step-down, per election <= ${String(TARGET.maxUnavailablePerElection)} 503s and hurt for <= ${String(TARGET.maxHurtSecondsPerElection)} s`,
      met: check.met,
      missed: check.missed,
      measured: {
        connections: BOOKING_CONNECTIONS,
        plan,
        timeoutSeconds: TIMEOUT_SECONDS,
        product: result,
        steady,
        slowAnswerMs: slowMs,
        usualPerSecond: usual,
        elections: rows,
        termsStarted: watch.termsStarted,
        terms: watch.terms.map((term) => ({ ...term, at: term.at - start })),
        observedElections: observed.map((election) => ({
          ...election,
          at: election.at - start,
          lostAt: election.lostAt - start,
        })),
        stepDowns: stepDowns.map((stepDown) => ({
          ...stepDown,
          at: stepDown.at - start,
          ...(stepDown.resolvedAt === undefined ? {} : { resolvedAt: stepDown.resolvedAt - start }),
        })),
        failures: { unavailable, other: others.length, beforeAnyElection: beforeAny },
        otherFailures: others
          .slice(0, 50)
          .map((failure) => ({ ...failure, at: failure.at - start })),
        otherFailureLogLines: linesMentioning(apiLines, otherIds),
        stored: { accepted, ...stored },
        apiWarnings: apiWarnings.slice(0, 20),
        workersWarnings: workersWarnings.slice(0, 20),
        perSecond: seconds,
      },
    },
  };
}
