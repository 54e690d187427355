import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, type Language } from '../../contract/enums';
import { unvalidatedItemImage } from '../../contract/items';
import { pickLanguage } from './preferred-language';

/** Written by the build beside index.html (vite.config.ts, firstPathChunks). */
const FIRST_PATH_MANIFEST = 'first-path-chunks.json';

interface FirstPathManifest {
  signedIn: string[];
  /** Classic scripts a signed-in first screen runs `async` (vite.config.ts, FIRST_FORMATTER). */
  signedInScripts: string[];
  landing: string[];
}

/** Signed-out paths that show their own page rather than the landing page (client: app/signed-out-routes.tsx). */
const SIGNED_OUT_OWN_PAGES = ['/invite', '/auth-debug', '/groups', '/gdpr'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Signed-in pages whose first screen waits for one API answer (client: app/first-page-preload.ts), and
 * where the first card (the largest paint) is in it.
 */
const FIRST_PAGES: Record<string, { api: string; firstItem: (body: unknown) => unknown }> = {
  '/': { api: '/api/items/my', firstItem: (body) => (Array.isArray(body) ? (body as unknown[])[0] : undefined) },
  '/available-items': {
    api: '/api/items/available',
    firstItem: (body) => (isRecord(body) && Array.isArray(body.items) ? (body.items as unknown[])[0] : undefined),
  },
};

/** The client reads the block by this id (client: lib/server-answers.ts). */
const SERVER_ANSWERS_ID = 'lendloop-server-answers';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside <script type="application/json">: nothing in it may close the element or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const ASSET_PATH = /^\/assets\/[\w.-]+\.js$/;

function readManifest(clientDir: string): FirstPathManifest {
  const file = path.join(clientDir, FIRST_PATH_MANIFEST);
  const empty = { signedIn: [], signedInScripts: [], landing: [] };
  if (!existsSync(file)) return empty;
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) return empty;
  // Only our own asset paths go into the HTML.
  const paths = (value: unknown) =>
    Array.isArray(value)
      ? value.filter((entry): entry is string => typeof entry === 'string' && ASSET_PATH.test(entry))
      : [];
  return {
    signedIn: paths(Reflect.get(parsed, 'signedIn')),
    signedInScripts: paths(Reflect.get(parsed, 'signedInScripts')),
    landing: paths(Reflect.get(parsed, 'landing')),
  };
}

/** The session check's address; index.html preloads it for every visitor. */
const AUTH_USER_API = '/api/auth/user';
/**
 * Asked before the first signed-in render wherever one lands (client: app/first-page-preload.ts): the
 * feedback banner pushes the layout down, so the page waits for it rather than shifting later.
 */
const SIGNED_IN_FIRST_ANSWERS = ['/api/banner/should-show'];
const AUTH_USER_PRELOAD = /<link rel="preload" href="\/api\/auth\/user"[^>]*>\s*/;

/**
 * An API answer for the visitor, fetched through the app itself (`inject`, with the visitor's cookie
 * and address): the same session check, authorization, rate limit and response schema as the
 * browser's own request, which this answer replaces. Null for anything but 200.
 */
async function answerFor(app: FastifyInstance, request: FastifyRequest, api: string): Promise<unknown> {
  try {
    const answer = await app.inject({
      method: 'GET',
      url: api,
      headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
      remoteAddress: request.ip,
    });
    return answer.statusCode === 200 ? answer.json<unknown>() : null;
  } catch (error) {
    // inject refuses once the server is closing (a deploy); the page then comes without the answer.
    request.log.debug({ err: error, api }, 'first screen: no answer to embed');
    return null;
  }
}

/**
 * How long the page waits for the answers it embeds. Past it the visitor gets the page without them
 * and the client asks as before: a slow database must not turn an instant spinner into a blank page.
 */
export const FIRST_SCREEN_BUDGET_MS = 400;

/** `work`'s result, or `timedOut` when it takes longer than the budget (the work itself carries on). */
async function withinBudget<T, F>(work: Promise<T>, budgetMs: number, timedOut: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), budgetMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Pages without personal data repeat (a few languages × landing or own page): compressed once each. */
const SHARED_PAGE_CACHE_SIZE = 32;

function imagePreload(item: unknown): string | null {
  const picture = unvalidatedItemImage(item);
  if (!picture) return null;
  const choice = picture.srcSet
    ? ` imagesrcset="${escapeAttribute(picture.srcSet)}" imagesizes="${escapeAttribute(picture.sizes ?? '')}"`
    : '';
  // As the card's <img> asks for it (ItemImage): same address choice, no referrer, first in line.
  return `<link rel="preload" as="image" href="${escapeAttribute(picture.src)}"${choice} fetchpriority="high" referrerpolicy="no-referrer">`;
}

/** Answers by URL as the client takes them over (client: lib/server-answers.ts): `{ status, body }`. */
const answersBlock = (answers: Record<string, { status: number; body?: unknown }>) =>
  `<script type="application/json" id="${SERVER_ANSWERS_ID}">${scriptJson(answers)}</script>`;
/**
 * Without a session cookie the session check can only answer 401: the page says so, and the client
 * does not ask (one request fewer in the first wave, and no refused request in the console).
 */
const SIGNED_OUT_ANSWERS = answersBlock({ '/api/auth/user': { status: 401 } });

/**
 * The translations the client will load first on a signed-in page (client: main.tsx,
 * features/auth/profile-language.ts). The first load after a sign-in takes the profile language
 * before anything the browser says; the client keeps that choice in local storage and a session
 * cookie. So with the cookie the client takes the cookie's language (`language`); without it, this is
 * most likely such a first load (or a browser restarted since, whose storage holds the profile
 * language unless the person picked another in the header), unless it is the account's very first
 * sign-in, which keeps the interface language.
 */
function signedInLanguage(request: FastifyRequest, user: Record<string, unknown>, language: Language): Language {
  if (request.cookies[LANGUAGE_COOKIE] !== undefined) return language;
  if (typeof user.lastLogin !== 'string' || user.createdAt === user.lastLogin) return language;
  return pickLanguage([typeof user.language === 'string' ? user.language : undefined]);
}

const translationPreload = (language: string) =>
  `<link rel="preload" href="/locales/${language}/translation.json" as="fetch" crossorigin>`;
const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="${file}">`;
/** `fetchpriority="high"`: an async script is otherwise fetched at low priority, after the first wave, and ran after the app. */
const asyncScript = (file: string) => `<script async fetchpriority="high" src="${file}"></script>`;

/**
 * index.html with what its first screen needs next (docs/decisions/0030, docs/performance.md client
 * round 3), so it travels with the HTML instead of waiting for the app's code to run and ask:
 *   - the translations in the language the client will pick (`?lng=`, the `i18next` cookie,
 *     Accept-Language, as the client detects it; a guess the client may overrule at the cost of one
 *     unused download);
 *   - signed out (no session cookie, or one that no longer holds): the landing page's code and,
 *     without a session cookie, the session check's answer (401) in a JSON block the client takes
 *     over (lib/server-answers.ts);
 *   - signed in: the session check's and the feedback banner's answers and, on My Items and Available
 *     Items, the page's API answer in that block, the signed-in app's code, a preload of the first
 *     card's picture (the largest paint), the translations in the profile's language while this
 *     browser has no language cookie (`signedInLanguage`), and the script that builds the page's
 *     first date formatter while the app's code downloads (`signedInScripts`). Only answers the same cookie gets from
 *     the API; that HTML is `no-store`, as API answers are.
 * The answer varies with those headers, so it says so (`Vary`); it is compressed off the event loop,
 * a page without personal data once per variant. The answers wait at most `budgetMs`
 * (FIRST_SCREEN_BUDGET_MS); a failed or late answer only leaves the hint out. The service worker
 * precaches /index.html, the plain file, never this.
 */
export function firstScreenHtml(
  app: FastifyInstance,
  clientDir: string,
  sessionCookieName: string,
  budgetMs = FIRST_SCREEN_BUDGET_MS,
) {
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const manifest = readManifest(clientDir);
  const compressedSharedPages = new Map<string, Buffer>();

  async function signedInHead(request: FastifyRequest, pathname: string, language: Language): Promise<string | null> {
    const user = await answerFor(app, request, AUTH_USER_API);
    if (!isRecord(user)) return null;
    const answers: Record<string, { status: number; body: unknown }> = { [AUTH_USER_API]: { status: 200, body: user } };
    const page = FIRST_PAGES[pathname];
    // After the session's answer (which says whether there is a session at all), the others at once.
    const [firstAnswers, body] = await Promise.all([
      Promise.all(SIGNED_IN_FIRST_ANSWERS.map((api) => answerFor(app, request, api))),
      page ? answerFor(app, request, page.api) : null,
    ]);
    SIGNED_IN_FIRST_ANSWERS.forEach((api, i) => {
      if (firstAnswers[i] !== null) answers[api] = { status: 200, body: firstAnswers[i] };
    });
    const tags = [
      ...manifest.signedInScripts.map(asyncScript),
      translationPreload(signedInLanguage(request, user, language)),
    ];
    tags.push(...manifest.signedIn.map(modulePreload));
    if (page && body !== null) {
      answers[page.api] = { status: 200, body };
      const picture = imagePreload(page.firstItem(body));
      if (picture) tags.push(picture);
    }
    tags.push(answersBlock(answers));
    return tags.join('');
  }

  async function head(
    request: FastifyRequest,
    pathname: string,
  ): Promise<{ html: string; personal: boolean; knownSession: boolean }> {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    const language = pickLanguage([
      query.get('lng') ?? undefined,
      request.cookies[LANGUAGE_COOKIE],
      request.headers['accept-language'],
    ]);
    const TOO_SLOW = Symbol('too slow');
    const hasSessionCookie = Boolean(request.cookies[sessionCookieName]);
    const signedIn = hasSessionCookie
      ? await withinBudget(signedInHead(request, pathname, language), budgetMs, TOO_SLOW)
      : null;
    // Too slow to tell: the translations only; the client checks the session itself, as without hints.
    if (signedIn === TOO_SLOW) return { html: translationPreload(language), personal: false, knownSession: false };
    if (signedIn !== null) return { html: signedIn, personal: true, knownSession: true };
    const ownPage = SIGNED_OUT_OWN_PAGES.some((own) => pathname === own || pathname.startsWith(`${own}/`));
    const code = ownPage ? [] : manifest.landing;
    // With a cookie that no longer holds, the client asks, as without hints.
    const tags = [
      translationPreload(language),
      ...code.map(modulePreload),
      ...(hasSessionCookie ? [] : [SIGNED_OUT_ANSWERS]),
    ];
    return { html: tags.join(''), personal: false, knownSession: !hasSessionCookie };
  }

  return async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    const { html: tags, personal, knownSession } = await head(request, pathname);
    // With the session's answer in the page, its preload would only ask a second time.
    const page = knownSession ? template.replace(AUTH_USER_PRELOAD, '') : template;
    // Before the inlined stylesheet (vite.config.ts, inlineStylesheet), so the browser finds them
    // without reading its ~40 kB first; after the app's own script and module preloads.
    const at = page.includes('<style>') ? '<style>' : '</head>';
    // A function, not a string: in a replacement string `$&`, `$\`` and `$'` are patterns, and the
    // tags hold people's item names.
    const html = page.replace(at, () => `${tags}${at}`);
    const accepted = String(request.headers['accept-encoding'] ?? '');
    void reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', personal ? 'no-store' : 'no-cache')
      .header('Vary', 'Cookie, Accept-Language, Accept-Encoding');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return reply.send(html);
    return reply.header('Content-Encoding', encoding).send(await compressed(html, encoding, !personal));
  };

  /** Compressed off the event loop; a page without personal data once per variant. */
  async function compressed(html: string, encoding: 'br' | 'gzip', shared: boolean): Promise<Buffer> {
    const key = `${encoding}:${html}`;
    const cached = shared ? compressedSharedPages.get(key) : undefined;
    if (cached) return cached;
    const body =
      encoding === 'br'
        ? await brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : await gzipAsync(html);
    if (shared) {
      if (compressedSharedPages.size >= SHARED_PAGE_CACHE_SIZE) compressedSharedPages.clear();
      compressedSharedPages.set(key, body);
    }
    return body;
  }
}
