import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const bff = process.env.BFF_URL ?? 'http://127.0.0.1:4000';

export default defineConfig({
  // Brotli and gzip beside each file at build time (issue 36): the BFF sends the smaller one the
  // browser accepts (@fastify/static `preCompressed`) without compressing on each request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' })],
  server: {
    port: 5173,
    proxy: { '/trpc': { target: bff, ws: true, changeOrigin: false }, '/media': { target: bff, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // No preload lists for lazy chunks (decision 148): with ~65 screens and Chakra in many small
    // shared chunks, the lists were ~22 KB of the sheet's first load (7 KB gzip, past its 150 KB
    // bar). A screen's chunks are fetched as its imports are read instead, a few levels deep.
    modulePreload: false,
    // Chakra's theme is written with identity functions (`defineSlotRecipe({...})`, `(v) => v`) the
    // bundler cannot see through: every recipe stayed in the first load although the system holds
    // only the ones the panel uses (decision 139). Declared pure, an unused one is dropped.
    rolldownOptions: {
      treeshake: {
        manualPureFunctions: [
          'defineConfig', 'defineRecipe', 'defineSlotRecipe', 'defineTokens', 'defineSemanticTokens', 'defineKeyframes',
          'defineTextStyles', 'defineLayerStyles', 'defineAnimationStyles', 'defineGlobalStyles', 'defineConditions', 'defineStyle',
        ],
      },
    },
  },
});
