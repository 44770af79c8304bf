import { z } from 'zod';

/**
 * In a browser, zod would probe once whether it may compile validators with `new Function`; our
 * CSP (script-src 'self') refuses, and the refusal is reported as a violation on every page that
 * builds a schema. Browsers validate small forms, so they go without: the API keeps the speed-up.
 * Every domain module that builds schemas imports this first.
 */
// `document` is not in the API's type library: look it up on the global object instead.
if ('document' in globalThis) z.config({ jitless: true });
