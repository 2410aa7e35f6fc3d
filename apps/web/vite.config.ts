import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The server of apps/server: the API lives under /api on the same origin. */
const apiTarget = process.env.PAGEWRIGHT_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/web-size.mjs reads it to weigh what the home page loads.
    manifest: true,
    // Gzip sizes in the build log are the budget we watch (home route at most 200 KB gzipped).
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Libraries every route needs get stable, named chunks; the rest splits by route.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
            { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
      treeshake: {
        // The contracts package has no import-time effects; saying so lets a page that only
        // reads the tool table leave the zod schemas (and zod) to the pages that call the API.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contracts[\\/]/.test(id),
      },
    },
  },
});
