import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The API server listens on 3001 in development (scripts/dev.mjs); Vite proxies
// everything that is not the client to it, so the browser sees one origin.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;
const proxied = { target: apiTarget, changeOrigin: false };

export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': proxied, '/oidc': proxied, '/healthz': proxied },
  },
});
