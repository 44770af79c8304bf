import type { Request } from 'autocannon';
import { addDays, todayInToronto } from '../../api/src/domain/calendar/toronto-date';

/**
 * What visitors do, in proportion: mostly reading pages and the catalogue, some checking dates,
 * and a share of form posts that each queue emails (newsletter sign-up, contact, estimate
 * request). Every post carries a fresh address, as real visitors' do.
 */

let sequence = 0;
const runId = Date.now().toString(36);
const nextEmail = (kind: string) => `${kind}-${runId}-${String((sequence += 1))}@load.test`;

const json = { 'content-type': 'application/json' };
const BOUNDARY = '----hsLoadBoundary7MA4YWxkTrZu0gW';

function multipart(fields: Record<string, string>): string {
  return (
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${BOUNDARY}--\r\n`
  );
}

function estimateRequest(): string {
  return multipart({
    name: 'Load Visitor',
    phone: '416-555-0100',
    email: nextEmail('estimate'),
    address: '1 Yonge St, Toronto, ON',
    postalCode: 'M5E 1W7',
    date: addDays(todayInToronto(), 30),
    time: 'afternoon',
    service: 'Free Construction Estimate',
    plan: 'Custom Estimate',
  });
}

const get = (path: string): Request => ({ method: 'GET', path });

const subscribe: Request = {
  method: 'POST',
  path: '/api/subscribe',
  headers: json,
  setupRequest: (request) => ({
    ...request,
    body: JSON.stringify({ email: nextEmail('subscriber') }),
  }),
};

const contact: Request = {
  method: 'POST',
  path: '/api/contact',
  headers: json,
  setupRequest: (request) => ({
    ...request,
    body: JSON.stringify({
      fullName: 'Load Visitor',
      email: nextEmail('contact'),
      phone: '416-555-0100',
      subject: 'Gutter cleaning',
      message: 'Could you quote for cleaning the eavestroughs of a semi-detached house?',
    }),
  }),
};

const estimate: Request = {
  method: 'POST',
  path: '/api/bookings',
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  setupRequest: (request) => ({ ...request, body: estimateRequest() }),
};

/** One round of the mix: 20 requests, 3 of which queue emails. */
export function trafficMix(withSite: boolean): Request[] {
  const page = withSite ? get('/') : get('/api/catalogue');
  const from = todayInToronto();
  const availability = get(`/api/availability?from=${from}&to=${addDays(from, 13)}`);
  return [
    page,
    get('/api/catalogue'),
    availability,
    get('/api/site-config'),
    page,
    subscribe,
    get('/api/catalogue'),
    get('/api/payments/config'),
    page,
    availability,
    contact,
    get('/api/catalogue'),
    page,
    get('/api/site-config'),
    availability,
    estimate,
    get('/api/catalogue'),
    page,
    get('/api/payments/config'),
    get('/api/catalogue'),
  ];
}
