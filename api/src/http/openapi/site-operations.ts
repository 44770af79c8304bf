import { z } from 'zod';
import type { SiteConfig } from '../site-config-routes';
import type { ApiArea } from './api-operation';
import { jsonResponse } from './shared-responses';

const siteConfigSchema = z.object({
  mapTileUrl: z.string().describe('A Leaflet tile URL template ({z}/{x}/{y}).'),
  mapAttribution: z
    .string()
    .describe("HTML for the map's attribution, as the tiles' licence asks."),
}) satisfies z.ZodType<SiteConfig>;

/** Where the reference itself is served; the Swagger UI page reads it from here. */
export const OPENAPI_PATH = '/api/openapi.json';

export const siteArea: ApiArea = {
  tag: 'site',
  description: 'Settings the site reads at run time, and this reference.',
  operations: [
    {
      method: 'get',
      path: '/api/site-config',
      operationId: 'getSiteConfig',
      summary: "The deployment's settings for the site (map tiles)",
      access: 'public',
      responses: { '200': jsonResponse('The settings.', siteConfigSchema) },
    },
    {
      method: 'get',
      path: OPENAPI_PATH,
      operationId: 'getOpenApiDocument',
      summary: 'This API reference, as an OpenAPI 3.1 document',
      description: 'Built at start-up from the zod schemas the routes validate with.',
      access: 'public',
      responses: {
        '200': {
          description: 'The document.',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
      },
    },
  ],
};
