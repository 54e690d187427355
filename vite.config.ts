import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
