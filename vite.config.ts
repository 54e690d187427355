import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { SRC_ALIAS } from './alias.config';
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

/**
 * The first screen's code in a few chunks instead of about 40 (docs/performance.md, client round 3).
 * Left to itself the bundler splits every module that a lazy page shares with another into a chunk of
 * its own: the entry came with 14 small chunks and the signed-in app plus My Items with about 40 more,
 * which the browser fetched a few at a time over HTTP/1.1's six connections, one round trip each.
 * Here each chunk is made of whole static import trees, so every module still runs after the modules
 * it imports (the module order an earlier attempt broke by grouping modules without their imports):
 *   - `vendor` and `app`: everything main.tsx imports statically (what every visitor runs first) and
 *     what both first screens need (the signed-in tree and the landing page share), its libraries
 *     (node_modules) in `vendor`, our own code in `app`; index.html runs both directly, each in a
 *     task of its own (`appFirstInHtml`: one task of about 150 ms in Lighthouse's 4× CPU slowdown
 *     became two);
 *   - `signed-in`: the signed-in app with its two usual first pages, My Items and Available Items;
 *   - `page-shared`: what the signed-in tree shares with the other signed-out pages (invite, privacy
 *     policy...), so those never download `signed-in`, and the landing page never downloads either;
 *   - `landing`: the landing page, for signed-out visitors.
 * A module goes to the first of these that holds it. Other lazy pages (Contacts, Messages, dialogs...)
 * keep their own chunks and import from these.
 */
const FIRST_PATH_ROOTS = {
  app: ['src/client/main.tsx'],
  signedIn: [
    'src/client/app/signed-in-app.tsx',
    'src/client/app/routes/my-items.tsx',
    'src/client/app/routes/available-items.tsx',
  ],
  landing: ['src/client/app/routes/landing.tsx'],
  // Not a chunk: the other pages a signed-out visitor can open (signed-out-routes.tsx).
  signedOutPages: [
    'src/client/app/routes/invite.tsx',
    'src/client/app/routes/auth-debug.tsx',
    'src/client/app/routes/login-required.tsx',
    'src/client/app/routes/gdpr.tsx',
  ],
} satisfies Record<string, string[]>;
type TreeName = keyof typeof FIRST_PATH_ROOTS;

const LUCIDE_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const LUCIDE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g;

/**
 * The icons a module imports from lucide-react's index. The index re-exports every icon, so following
 * all its imports would put every icon any page uses into the first tree that reaches the index;
 * the bundler drops the unused ones, but not from the chunk they were assigned to.
 */
function lucideIconsImported(code: string, iconFiles: Map<string, string>): string[] {
  const files: string[] = [];
  for (const match of code.matchAll(LUCIDE_IMPORT)) {
    for (const specifier of (match[1] ?? '').split(',')) {
      const file = iconFiles.get(specifier.trim().split(/\s+as\s+/)[0] ?? '');
      if (file) files.push(file);
    }
  }
  return files;
}

function firstPathChunks(): {
  plugin: Plugin;
  groups: { name: string; priority: number; test: (id: string) => boolean }[];
} {
  const members = new Map<TreeName, Set<string>>();
  const tree = (name: TreeName) => members.get(name) ?? new Set<string>();
  const plugin: Plugin = {
    name: 'lendloop-first-path-chunks',
    apply: 'build',
    // The module graph is complete here; chunking (which calls the groups' tests) comes after.
    buildEnd() {
      const barrelId = [...this.getModuleIds()].find((id) => LUCIDE_BARREL.test(id));
      const barrel = barrelId ? this.getModuleInfo(barrelId) : null;
      const iconFiles = new Map<string, string>();
      if (barrelId && barrel?.code) {
        for (const match of barrel.code.matchAll(LUCIDE_EXPORT)) {
          const file = path.resolve(path.dirname(barrelId), match[2] ?? '');
          for (const name of (match[1] ?? '').split(','))
            iconFiles.set(
              name
                .trim()
                .split(/\s+as\s+/)
                .pop() ?? '',
              file,
            );
        }
      }
      for (const [name, roots] of Object.entries(FIRST_PATH_ROOTS)) {
        const tree = new Set<string>();
        members.set(name as TreeName, tree);
        const pending = roots.map((root) => path.resolve(root));
        while (pending.length > 0) {
          const id = pending.pop();
          if (id === undefined || tree.has(id)) continue;
          const info = this.getModuleInfo(id);
          if (!info) continue;
          tree.add(id);
          if (id === barrelId) {
            // Its own helpers (createLucideIcon, Icon), not the icons: those come with their importers.
            pending.push(...info.importedIds.filter((imported) => !imported.includes(`${path.sep}icons${path.sep}`)));
            continue;
          }
          pending.push(...info.importedIds);
          if (barrelId && info.code && info.importedIds.includes(barrelId))
            pending.push(...lucideIconsImported(info.code, iconFiles));
        }
      }
    },
    generateBundle(_options, bundle) {
      const outputs = bundle as Record<string, OutputChunkLike>;
      const app = Object.values(outputs).find((output) => output.type === 'chunk' && output.name === 'app');
      // The service worker's own build has none of these chunks.
      if (!app) return;
      const entry = Object.values(outputs).find(
        (output) => output.type === 'chunk' && output.imports?.includes(app.fileName),
      );
      const inHtml = new Set([app.fileName, ...(app.imports ?? []), ...(entry ? [entry.fileName] : [])]);
      const formatterWarmUp = this.emitFile({ type: 'asset', name: 'first-formatter.js', source: FIRST_FORMATTER });
      const manifest: FirstPathManifest = {
        signedIn: chunkWithImports(outputs, 'signed-in', inHtml),
        signedInScripts: [`/${this.getFileName(formatterWarmUp)}`],
        landing: chunkWithImports(outputs, 'landing', inHtml),
      };
      this.emitFile({ type: 'asset', fileName: FIRST_PATH_MANIFEST, source: JSON.stringify(manifest) });
    },
  };
  return { plugin, groups: chunkGroups(tree) };
}

/**
 * Where the server finds the first screens' chunks (src/server/http/first-screen-hints.ts reads this file by its name): for a signed-in and a
 * signed-out first screen, the chunk files main.tsx loads next, so the HTML can start them at once;
 * `signedInScripts`: classic scripts a signed-in page runs `async` beside them (FIRST_FORMATTER).
 */
const FIRST_PATH_MANIFEST = 'first-path-chunks.json';

interface FirstPathManifest {
  signedIn: string[];
  signedInScripts: string[];
  landing: string[];
}

/**
 * A signed-in page's first Intl formatter, built while the app's code is still on its way
 * (docs/performance.md, client round 3). Every item card shows when it was added ("3 days ago"),
 * and a page's first Intl formatter costs far more than any after it, whatever the language: the
 * engine loads its formatting data (20–30 ms on this machine, about 100 ms in Lighthouse's 4× CPU
 * slowdown). main.tsx built it in the task before the first render, where the main thread waited
 * for nothing else; this tiny script runs as soon as it arrives (`async`), during the download of
 * the app's code, when the main thread is idle. main.tsx still builds one (then at almost no cost)
 * when the page came without this script.
 */
const FIRST_FORMATTER = "try{new Intl.RelativeTimeFormat('en',{numeric:'auto'}).format(-1,'day')}catch(e){}\n";

interface OutputChunkLike {
  type: 'chunk' | 'asset';
  name?: string;
  fileName: string;
  imports?: string[];
}

/** The named chunk and the chunks it imports statically, minus those index.html already loads. */
function chunkWithImports(bundle: Record<string, OutputChunkLike>, name: string, inHtml: Set<string>): string[] {
  const chunk = Object.values(bundle).find((output) => output.type === 'chunk' && output.name === name);
  if (!chunk) return [];
  return [chunk.fileName, ...(chunk.imports ?? [])].filter((file) => !inHtml.has(file)).map((file) => `/${file}`);
}

function chunkGroups(tree: (name: TreeName) => Set<string>) {
  const inApp = (id: string) => tree('app').has(id) || (tree('signedIn').has(id) && tree('landing').has(id));
  const tests: [string, (id: string) => boolean][] = [
    ['vendor', (id) => inApp(id) && /[\\/]node_modules[\\/]/.test(id)],
    ['app', inApp],
    ['page-shared', (id) => tree('signedIn').has(id) && tree('signedOutPages').has(id)],
    ['signed-in', (id) => tree('signedIn').has(id)],
    ['landing', (id) => tree('landing').has(id)],
  ];
  // Earlier groups first: a module main.tsx imports stays in `app` (or `vendor`) even when a page imports it
  // too. `vendor` takes the libraries of `app`'s trees with their imports, which are libraries as well. A group
  // also takes the imports of what it captures (includeDependenciesRecursively), so `page-shared` comes
  // before `signed-in`, which would otherwise take it whole.
  return tests.map(([name, test], index) => ({ name, priority: tests.length - index, test }));
}
const firstPath = firstPathChunks();

/**
 * The stylesheet inside index.html instead of beside it (docs/performance.md, client round 3): it was
 * the one request that held back the first paint (the static spinner), one more round trip on a slow
 * connection before anything showed. About 9 kB compressed, in an HTML that the service worker
 * caches; the CSP allows inline styles (http/security.ts). The file itself stays in the build.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'lendloop-inline-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      html.source = html.source.replace(
        /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/,
        (link, file: string) => {
          const css = bundle[file];
          return css?.type === 'asset' && typeof css.source === 'string' ? `<style>${css.source}</style>` : link;
        },
      );
    },
  };
}

/**
 * index.html runs the `vendor` and `app` chunks first and only (docs/performance.md, client round 3).
 * The entry module (index.html's script) holds no code of its own once the module-preload polyfill is
 * off (every browser with module scripts but without modulepreload still runs the app, only without
 * the early fetch), so the bundler drops it and Vite writes a script tag for each chunk it imported:
 * the bundler's runtime helpers first, then `vendor` and `app`. On a slow phone connection each
 * first-wave request holds one of HTTP/1.1's six connections, and the app's code then waits for one:
 * here the app's two scripts come first and the runtime helpers are a modulepreload after them.
 * `vendor` (the libraries of `app`'s tree) stays a script of its own before `app`, which imports it:
 * the browser runs each module script in a task of its own, so the first screen's code runs as two
 * tasks (the libraries, then the app's start) instead of one long one (`firstPathChunks`).
 */
function appFirstInHtml(): Plugin {
  return {
    name: 'lendloop-app-first-in-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const app = Object.values(bundle).find((output) => output.type === 'chunk' && output.name === 'app');
      if (html?.type !== 'asset' || typeof html.source !== 'string' || app?.type !== 'chunk') return;
      const scriptOf = (file: string) => `<script type="module" crossorigin src="/${file}"></script>`;
      const appScript = scriptOf(app.fileName);
      const before = app.imports.filter((file) => (html.source as string).includes(scriptOf(file)));
      if (before.length === 0 || !html.source.includes(appScript)) return;
      const vendor = Object.values(bundle).find((output) => output.type === 'chunk' && output.name === 'vendor');
      const scriptsFirst = vendor && before.includes(vendor.fileName) ? [vendor.fileName] : [];
      let source = html.source;
      for (const file of before) source = source.replace(scriptOf(file), '');
      const preloads = before
        .filter((file) => !scriptsFirst.includes(file))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('');
      html.source = source.replace(appScript, () => `${scriptsFirst.map(scriptOf).join('')}${appScript}${preloads}`);
    },
  };
}

/**
 * The favicon inside index.html as a data: URL: a request of its own competed with the first screen's
 * code for the six connections of a slow connection. public/favicon.svg stays the one source (the
 * app icons are made from it, and other pages link to the file).
 */
function inlineFavicon(): Plugin {
  return {
    name: 'lendloop-inline-favicon',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string') return;
      const svg = (await readFile(path.resolve('public/favicon.svg'), 'utf8')).trim();
      html.source = html.source.replace(
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />',
        () => `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}" type="image/svg+xml" />`,
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
  plugins: [
    react(),
    tailwindcss(),
    installableApp,
    precompress(),
    firstPath.plugin,
    inlineStylesheet(),
    appFirstInHtml(),
    inlineFavicon(),
  ],
  publicDir: 'public',
  resolve: { alias: SRC_ALIAS },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the app supports runs it without the polyfill; see appFirstInHtml.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: firstPath.groups } } },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': proxied, '/oidc': proxied, '/healthz': proxied },
  },
});
