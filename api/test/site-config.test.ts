import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../src/config/api-config';
import { ConfigError } from '../src/config/load-config';
import { MAP_ATTRIBUTION } from '../src/http/site-config-routes';
import { startApi, type ApiHarness } from '../../tests/support/api-harness';
import { testEnv } from '../../tests/support/test-env';

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

function imgSrcOf(csp: string | undefined): string[] {
  const directive = (csp ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('img-src '));
  return directive?.split(/\s+/).slice(1) ?? [];
}

describe('GET /api/site-config with the default tile server', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(testEnv());
  });
  afterAll(async () => {
    await api.close();
  });

  it('gives the map its tile template and attribution', async () => {
    const response = await request(api.app).get('/api/site-config');
    expect(response.status).toBe(200);
    expect(response.type).toBe('application/json');
    expect(response.body).toEqual({
      mapTileUrl: OSM_TILES,
      mapAttribution: MAP_ATTRIBUTION,
      serviceAreas: ['M'],
    });
    expect(response.body.mapAttribution).toContain('OpenStreetMap');
  });

  it('lets pages load images from the tile origin and nowhere else new', async () => {
    const response = await request(api.app).get('/contact').set('Accept', 'text/html');
    expect(imgSrcOf(response.headers['content-security-policy'])).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
  });
});

describe('GET /api/site-config with a tile server of our own', () => {
  const tiles = 'https://maps.example.test:8443/osm/{z}/{x}/{y}.png?key=abc';
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(testEnv({ MAP_TILE_URL: tiles }));
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers the configured template and allows its origin in img-src', async () => {
    const response = await request(api.app).get('/api/site-config');
    expect(response.body.mapTileUrl).toBe(tiles);
    const imgSrc = imgSrcOf(response.headers['content-security-policy']);
    expect(imgSrc).toContain('https://maps.example.test:8443');
    expect(imgSrc).not.toContain('https://tile.openstreetmap.org');
  });
});

describe('MAP_TILE_URL', () => {
  const problemsOf = (value: string): string[] => {
    try {
      loadApiConfig(testEnv({ MAP_TILE_URL: value }));
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it.each([
    ['not a URL', 'tiles'],
    ['not http(s)', 'ftp://tiles.example.test/{z}/{x}/{y}.png'],
    ['without {x}', 'https://tiles.example.test/{z}/{y}.png'],
    ['with a {s} subdomain', 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'],
  ])('refuses a template %s', (_reason, value) => {
    const problems = problemsOf(value);
    expect(problems).not.toEqual([]);
    for (const problem of problems) expect(problem).toMatch(/^MAP_TILE_URL: /);
  });
});
