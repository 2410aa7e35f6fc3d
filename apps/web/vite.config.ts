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
    // Gzip sizes in the build log are the budget we watch (home route at most 200 KB gzipped).
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
  },
});
