import express, { type Router } from 'express';

export interface SiteConfig {
  /** A Leaflet tile URL template ({z}/{x}/{y}). */
  mapTileUrl: string;
  /** HTML for the map's attribution control, as the tiles' licence requires. */
  mapAttribution: string;
}

/**
 * Every tile server we would point at serves OpenStreetMap data, whose licence asks for this
 * credit whoever renders the tiles.
 */
export const MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** GET /site-config: deployment settings the site needs at run time rather than at build time. */
export function siteConfigRoutes(config: { MAP_TILE_URL: string }): Router {
  const router = express.Router();
  const body: SiteConfig = { mapTileUrl: config.MAP_TILE_URL, mapAttribution: MAP_ATTRIBUTION };
  router.get('/site-config', (_req, res) => {
    // Changes only with a deployment; a short cache spares a request per visit to the page.
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(body);
  });
  return router;
}
