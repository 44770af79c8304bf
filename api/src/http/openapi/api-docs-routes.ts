import express, { type RequestHandler, type Router } from 'express';
import swaggerUi, { type SwaggerUiOptions } from 'swagger-ui-express';
import { toolPagePolicy } from '../page-policy';
import { buildOpenApiDocument } from './openapi-document';
import { OPENAPI_PATH } from './site-operations';

/** GET /openapi.json under /api: the document, built once when the router is made. */
export function openApiRoutes(): Router {
  const body = JSON.stringify(buildOpenApiDocument());
  const router = express.Router();
  router.get(OPENAPI_PATH.replace(/^\/api/, ''), (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('json').send(body);
  });
  return router;
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
