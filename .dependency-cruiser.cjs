/**
 * Which way imports run between api/src's folders (`npm run lint` runs it). A folder may import
 * itself and the folders listed before it, never one after it: the toolkit at the bottom, the
 * features in the middle, the composition root (server/) on top. Since every import runs down
 * this one list, no two features can import each other, directly or around a loop.
 *
 * A new folder has no place until it is added here, where its imports allow.
 */
const LAYERS = [
  // Pure, browser-safe rules and words (the site bundles them).
  'domain',
  // Configuration, read once; the adapters to the outside world; the shared machinery.
  'config',
  'platform',
  'jobs',
  'mail',
  'links',
  'media',
  'health',
  'metrics',
  // The HTTP toolkit (endpoints, body parsing, errors, headers): it imports no feature.
  'http',
  // Features, each above those it uses.
  'calendar',
  'accounts',
  'dev-mailbox',
  'contact',
  'profile',
  'newsletter',
  'bookings',
  'payments',
  'subscriptions',
  // Invoices and credit notes: read bookings, plans and the payment provider's card details.
  'invoices',
  // Quotes for custom work: from an estimate request, deposit and balance invoiced.
  'quotes',
  // Applies the provider's stored payment events to bookings and plans: above both lifecycles.
  'settlement',
  'reviews',
  // The daily retention job: old newsletter delivery records and booking photos.
  'retention',
  'admin',
  // Above every feature: the commands and the composition root that wires them.
  'cli',
  'server',
];

const folder = (names) => `^api/src/(${names.join('|')})/`;

module.exports = {
  forbidden: [
    ...LAYERS.slice(0, -1).map((name, index) => ({
      name: `${name}-imports-upward`,
      comment: `api/src/${name}/ may import only the folders listed before it in .dependency-cruiser.cjs`,
      severity: 'error',
      from: { path: folder([name]) },
      to: { path: folder(LAYERS.slice(index + 1)) },
    })),
    {
      name: 'folder-without-a-layer',
      comment: 'every folder of api/src has a place in LAYERS (.dependency-cruiser.cjs)',
      severity: 'error',
      from: { path: `^api/src/(?!(${LAYERS.join('|')})/)[^/]+/` },
      to: {},
    },
  ],
  options: {
    includeOnly: '^api/src/',
    tsConfig: { fileName: 'api/tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
