import { createHash } from 'node:crypto';
import express, { type RequestHandler, type Router } from 'express';
import swaggerUi, { type SwaggerUiOptions } from 'swagger-ui-express';
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

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The site's strict policy, narrowed to what this page uses, plus the page's own inline `<style>`
 * blocks and its one `style` attribute, each allowed by its hash and nothing else. The hashes are
 * taken from the page as generated, so they always match it; scripts get no hash at all, so an
 * inline script a swagger-ui-express update might add would be refused (the browser test sees it).
 */
function apiDocsPolicy(html: string): string {
  const blocks = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
  const attributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((match) => match[1] ?? '');
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    `style-src 'self' ${blocks.map(sha256).join(' ')}`,
    `style-src-attr 'unsafe-hashes' ${attributes.map(sha256).join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
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
