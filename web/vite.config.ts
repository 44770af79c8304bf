import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Callers (the launcher, the e2e build) start Vite from different folders.
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  server: {
    // The API and the site share one origin in production; in dev Vite forwards the API's paths.
    // A regular expression so that a page such as /developers would not be forwarded by /dev.
    proxy: {
      '^/(api|api-docs|dev|healthz|readyz)(/|\\?|$)': { target: apiOrigin },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the site supports preloads modules natively; the polyfill cost every page 1 KB.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change far less often than the screens, so they get a chunk of
          // their own that browsers keep cached across deploys.
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
