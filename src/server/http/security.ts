import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { registerNoStoreDefault } from './cache-policy';
import { isApiRequest, routePath } from './route-path';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Security headers (with `Cache-Control: no-store` on API and error answers),
 * rate limiting and the cross-origin guard.
 * CSP: scripts only from our origin (no inline script anywhere, including the
 * built-in sign-in page); inline *styles* are allowed because Radix positions
 * popovers with style attributes.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicOrigin: string; secureCookies: boolean; rateLimitMax: number },
): Promise<void> {
  registerNoStoreDefault(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets our own WebAssembly compile (the barcode reader's zxing-wasm,
        // issue 16); it allows no JavaScript eval and no inline script.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The installable app (ADR 0022): our own service worker (sw.js) and web app manifest only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // The built-in provider's sign-in form posts to our origin only.
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(options.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense (and is only honoured) over https.
    strictTransportSecurity: options.secureCookies ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitMax,
    timeWindow: '1 minute',
    // Static assets and locale files are cheap and cached; do not count them.
    allowList: (request) => !isApiRequest(request) && !routePath(request).startsWith('/oidc/'),
    errorResponseBuilder: (_request, context) => {
      const error = new AppError('too_many_requests', `Too many requests, retry in ${context.after}`);
      return Object.assign(error, { statusCode: 429 });
    },
  });

  // State-changing API calls must come from our own origin (OWASP ASVS 3.5).
  // Browsers send Origin on cross-origin and on same-origin POST/PUT/DELETE;
  // Sec-Fetch-Site covers browsers that omit Origin.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isApiRequest(request)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const crossOrigin =
      (origin !== undefined && origin !== options.publicOrigin) ||
      (origin === undefined && (fetchSite === 'cross-site' || fetchSite === 'same-site'));
    if (crossOrigin) {
      throw new AppError('cross_origin_refused', 'Cross-origin request refused', 'errors.cross_origin_refused');
    }
  });
}
