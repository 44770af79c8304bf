import express, { type RequestHandler, type Router } from 'express';
import swaggerUi, { type SwaggerUiOptions } from 'swagger-ui-express';
import { endpoint, endpointGroup, mountEndpoints, type Guards } from '../endpoint';
import { toolPagePolicy } from '../page-policy';
import type { OpenApiDocument } from './openapi-types';

/** Where the reference itself is served; the Swagger UI page reads it from here. */
const OPENAPI_PATH = '/api/openapi.json';

export const openApiEndpoints = endpointGroup<{ body: string }>('site', [
  endpoint({
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
    fuzz: 'reads',
    // Sent as the text it was serialised to once, not through res.json for every request.
    handle: ({ res }, { body }) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.type('json').send(body);
    },
  }),
]);

/**
 * GET /openapi.json under /api. The document is handed in, built once, rather than built here:
 * it describes this route too, so building it here would make the two modules need each other.
 */
export function openApiRoutes(document: OpenApiDocument, guards: Guards): Router {
  return mountEndpoints(
    express.Router(),
    openApiEndpoints,
    { body: JSON.stringify(document) },
    { guards },
  );
}

const UI_OPTIONS: SwaggerUiOptions = {
  customSiteTitle: 'Home Services API reference',
  // Without it swagger-ui-express writes the word "undefined" into the page's style block.
  customCss: '',
  swaggerUrl: OPENAPI_PATH,
  swaggerOptions: {
    // No calls to validator.swagger.io or any other host: the page talks to this origin only.
    validatorUrl: null,
    // Without the top bar: its Swagger logo is an SVG with an inline <style> the policy refuses,
    // and its box for loading another document's URL has no use here.
    layout: 'BaseLayout',
  },
};

/** What the page loads; anything else in swagger-ui-dist (its petstore demo page) stays unserved. */
const UI_FILES = new Set([
  '/swagger-ui.css',
  '/swagger-ui-bundle.js',
  '/swagger-ui-standalone-preset.js',
  '/swagger-ui-init.js',
  '/favicon-32x32.png',
  '/favicon-16x16.png',
]);

/**
 * The page's own inline `<style>` blocks and its one `style` attribute, taken from the page as
 * generated, so the hashes always match it.
 */
function apiDocsPolicy(html: string): string {
  return toolPagePolicy({
    elements: [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? ''),
    attributes: [...html.matchAll(/\sstyle="([^"]*)"/g)].map((match) => match[1] ?? ''),
  });
}

/** Swagger UI at /api-docs/, reading GET /api/openapi.json; mount it after the legacy aliases. */
export function apiDocsRoutes(): Router {
  const html = swaggerUi.generateHTML(undefined, UI_OPTIONS);
  const policy = apiDocsPolicy(html);
  const router = express.Router();

  const page: RequestHandler = (req, res) => {
    // The page loads its files by relative paths: without the slash they would miss /api-docs/.
    if (!req.originalUrl.split('?')[0]?.endsWith('/')) {
      res.redirect(301, `${req.baseUrl}/`);
      return;
    }
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };
  router.get('/', page);
  router.use((req, res, next) => {
    if (UI_FILES.has(req.path)) next();
    else next('router');
  });
  router.use(swaggerUi.serveFiles(undefined, UI_OPTIONS));
  return router;
}
