import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the
 * build, at maximum compression, once, at build time. The server sends them
 * to browsers that accept the encoding (@fastify/static `preCompressed`):
 * JavaScript, CSS and the locale files travel at about a third of their size
 * without compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'lendloop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          // Tiny files gain nothing that outweighs the encoding header.
          if (bytes.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

// The API server listens on 3001 in development (scripts/dev.mjs); Vite proxies
// everything that is not the client to it, so the browser sees one origin.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;
const proxied = { target: apiTarget, changeOrigin: false };

/**
 * The installable app (issue 18, docs/decisions/0022-installable-app.md): a web app manifest and a
 * service worker that precaches the app shell, so the app starts and deep links open offline.
 * `prompt`: a new version waits until the person chooses to reload (features/installable-app).
 */
const installableApp = VitePWA({
  registerType: 'prompt',
  // The client registers the worker itself, lazily after the first render (features/installable-app).
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Lendloop',
    short_name: 'Lendloop',
    description: 'Lendloop: lend and borrow things among friends, family, neighbours and groups.',
    // brand-700, as <meta name="theme-color">; the page background is Tailwind's slate-50 (styles.css).
    theme_color: '#0f766e',
    background_color: '#f8fafc',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell: index.html, every JS and CSS chunk of this build (so a lazy page of the running
    // version still loads after the next deploy removed its chunk), the client's locale files
    // (i18next-http-backend fetches /locales/<lng>/<ns>.json; without them an offline start shows
    // no text), the logo and the icons. Not precached: the barcode reader's zxing .wasm (about
    // 1 MB, only used while adding an item from a barcode, which needs the server anyway), source
    // maps, the .br/.gz copies and idp.json (the server-rendered sign-in page reads it, not the client).
    // The manifest and its icons are added by the plugin (includeManifestIcons).
    globPatterns: ['index.html', 'assets/*.{js,css}', 'locales/*/{translation,privacy}.json', 'favicon.svg'],
    // One file instead of sw.js plus a workbox-<hash>.js beside it.
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    // Deep links (/groups/<id>) get the precached index.html, so the client router decides offline
    // too; but never paths the server answers itself: the API (sign-in, callback and sign-out
    // included), the built-in sign-in provider, the health check, an email's unsubscribe page
    // (server-rendered, docs/decisions/0025), and missing assets and locale files (real 404s, as in
    // http/static-client.ts).
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [
      /^\/api\//,
      /^\/oidc\//,
      /^\/healthz$/,
      // Workbox matches the path with its query string.
      /^\/unsubscribe(\?|$)/,
      /^\/assets\//,
      /^\/locales\//,
    ],
    // No runtimeCaching: API answers carry personal data and are sent with no-store; they are never cached.
    // Web Push: the push, notificationclick and pushsubscriptionchange handlers (docs/decisions/0024).
    importScripts: ['/push-handlers.js'],
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), installableApp, precompress()],
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
