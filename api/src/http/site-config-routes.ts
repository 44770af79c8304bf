import express, { type Router } from 'express';
import { z } from 'zod';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from './endpoint';
import { jsonResponse } from './openapi/shared-responses';

export interface SiteConfig {
  /** A Leaflet tile URL template ({z}/{x}/{y}). */
  mapTileUrl: string;
  /** HTML for the map's attribution control, as the tiles' licence requires. */
  mapAttribution: string;
  /**
   * The postal-code areas served (SERVICE_AREA_FSAS): the booking form checks a postal code
   * against them before sending, with the API's own rule (domain/booking/service-area.ts).
   */
  serviceAreas: string[];
}

/**
 * Every tile server we would point at serves OpenStreetMap data, whose licence asks for this
 * credit whoever renders the tiles.
 */
export const MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const siteConfigSchema = z.object({
  mapTileUrl: z.string().describe('A Leaflet tile URL template ({z}/{x}/{y}).'),
  mapAttribution: z
    .string()
    .describe("HTML for the map's attribution, as the tiles' licence asks."),
  serviceAreas: z
    .array(z.string())
    .describe(
      'The postal-code areas served: forward sortation areas (M4W) or prefixes of them (M). ' +
        'A booking whose postal code starts with none of them is refused.',
    ),
}) satisfies z.ZodType<SiteConfig>;

/** GET /site-config: deployment settings the site needs at run time rather than at build time. */
export const siteConfigEndpoints = endpointGroup<{ body: SiteConfig }>('site', [
  endpoint({
    method: 'get',
    path: '/api/site-config',
    operationId: 'getSiteConfig',
    summary: "The deployment's settings for the site (map tiles, service area)",
    access: 'public',
    responses: { '200': jsonResponse('The settings.', siteConfigSchema) },
    fuzz: 'reads',
    handle: ({ res }, { body }) => {
      // Changes only with a deployment; a short cache spares a request per visit to the page.
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.json(body);
    },
  }),
]);

export function siteConfigRoutes(
  config: { MAP_TILE_URL: string; SERVICE_AREA_FSAS: readonly string[] },
  guards: Guards,
): Router {
  const body: SiteConfig = {
    mapTileUrl: config.MAP_TILE_URL,
    mapAttribution: MAP_ATTRIBUTION,
    serviceAreas: [...config.SERVICE_AREA_FSAS],
  };
  return mountEndpoints(express.Router(), siteConfigEndpoints, { body }, { guards });
}
