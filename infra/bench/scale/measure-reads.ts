import { todayInToronto } from '../../../api/src/domain/calendar/toronto-date';
import { BOOKING_FORM_TYPE, bookingUploadBody } from '../booking-upload-form';
import { sampleLatency, type LatencySample, type SampleOptions } from './latency-sample';
import type { ProductApi } from './product-api';
import { FIXTURE_DOMAIN, type ScaleFixtures } from './scale-fixtures';
import { fiftiethPageCursor, scaleReads, tokenFor } from './scale-reads';

/** A read or the booking, as measured on one database. */
export interface MeasuredRequest {
  name: string;
  path: string;
  latency: LatencySample;
}

export const BOOKING_POST_NAME = 'POST /api/bookings (estimate request, no photo)';

const describe = (sample: LatencySample) =>
  `p50 ${String(sample.p50Ms)} / p95 ${String(sample.p95Ms)} / p99 ${String(sample.p99Ms)} ms` +
  (sample.errors > 0 ? `, ${String(sample.errors)} errors (${sample.firstError ?? ''})` : '');

/**
 * Each read of the list, one request at a time, then a booking (last: it adds rows the
 * reads would see). `label` names the database in the bookings' addresses, so the two runs'
 * bookings never share one.
 */
export async function measureReads(
  api: ProductApi,
  fixtures: ScaleFixtures,
  options: SampleOptions & { label: string },
  log: (line: string) => void,
): Promise<MeasuredRequest[]> {
  const today = todayInToronto();
  const fiftieth = await fiftiethPageCursor(api, fixtures.operator.token);
  const measured: MeasuredRequest[] = [];
  for (const read of scaleReads(fixtures, today, fiftieth)) {
    const token = tokenFor(read, fixtures);
    const latency = await sampleLatency(() => api.get(read.path, token), options);
    log(`  ${read.name}: ${describe(latency)}`);
    measured.push({ name: read.name, path: read.path, latency });
  }
  const latency = await sampleLatency(
    (index) =>
      api.post(
        '/api/bookings',
        bookingUploadBody(`booking-${options.label}-${String(index)}@${FIXTURE_DOMAIN}`),
        BOOKING_FORM_TYPE,
      ),
    options,
  );
  log(`  ${BOOKING_POST_NAME}: ${describe(latency)}`);
  measured.push({ name: BOOKING_POST_NAME, path: '/api/bookings', latency });
  return measured;
}
