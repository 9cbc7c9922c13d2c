import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const bff = process.env.BFF_URL ?? 'http://127.0.0.1:4000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/trpc': { target: bff, ws: true, changeOrigin: false }, '/media': { target: bff, changeOrigin: false } },
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
});
