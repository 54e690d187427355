import { UNSUBSCRIBE_PATH } from './notifications/email/unsubscribe-url';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { barcodeItemRoutes } from './barcodes/routes';
import { createConfiguredIsbnLookup } from './barcodes/configured-isbn-lookup';
import { blockRoutes } from './blocks/routes';
import { CALENDAR_FEED_PATH_PREFIX } from './calendar-feed/feed-url';
import { calendarFeedRoutes } from './calendar-feed/routes';
import { contactRoutes } from './contacts/routes';
import { INVITATION_LINK_KEY_PURPOSE } from './contacts/invitation-link';
import { createOidcClient, type OidcClient } from './auth/oidc-client';
import { authRoutes } from './auth/routes';
import { isLoopbackUrl, type AppConfig } from './config/config';
import { derivedSecret } from './config/derived-secret';
import { createInProcessEventBus, type LiveEventBus } from './events/live-event-bus';
import { liveEventRoutes } from './live-stream/routes';
import type { Database } from './db/client';
import { createEmbeddedGeocoder } from './geocoding/embedded-geocoder';
import { createNominatimGeocoder } from './geocoding/nominatim-geocoder';
import type { ReverseGeocoder } from './geocoding/reverse-geocoder';
import { geocodingRoutes } from './geocoding/routes';
import { gdprRoutes } from './gdpr/routes';
import { groupRoutes } from './groups/routes';
import { healthRoutes } from './health/routes';
import { itemPermissionRoutes } from './items/permission-routes';
import { LOAN_LINK_API_PREFIX, LOAN_LINK_PAGE_PREFIX } from './lending/loan-links/link-token';
import { lendingRoutes } from './lending/routes';
import { itemRoutes } from './items/routes';
import { notifyWaitlist } from './lending/reservations/waitlist/notify-waitlist';
import { createItemAnalyzer } from './item-analysis/create-item-analyzer';
import { itemAnalysisRoutes } from './item-analysis/routes';
import { createPhotoStorage, type PhotoStorage } from './photos/photo-storage';
import { photoRoutes } from './photos/routes';
import { registerErrorHandler } from './http/error-handler';
import { registerSecurity } from './http/security';
import { SESSION_CACHE_TTL_MS } from './auth/session-cache';
import { registerNulGuard } from './http/nul-characters';
import { requestLogSerializer } from './http/request-log';
import { registerSessionGuard, sessionCacheFor } from './auth/session-guard';
import { sessionCookieSettings } from './http/session-cookie';
import { registerStaticClient } from './http/static-client';
import { answerClientError, answerFrameworkError } from './http/unreadable-requests';
import { createBuiltinProvider } from './idp/provider';
import { registerBuiltinProvider } from './idp/routes';
import { builtinIssuerFor } from './idp/builtin-issuer';
import { idpAccountRoutes } from './idp/passkeys/account-routes';
import { ownPasskeyRoutes } from './idp/passkeys/own-passkey-routes';
import { passkeysWorkAt, relyingPartyFor } from './idp/passkeys/relying-party';
import { legalRoutes } from './legal/routes';
import { messageRoutes } from './messages/routes';
import { unreadCountRoute } from './messages/unread-count-route';
import { networkRequestRoutes } from './network-requests/routes';
import { unsubscribeRoutes } from './notifications/email/unsubscribe-routes';
import { UNSUBSCRIBE_KEY_PURPOSE } from './notifications/email/unsubscribe-token';
import { notificationRoutes } from './notifications/routes';
import { registerApiReference } from './openapi/api-reference';
import { referralRoutes } from './referral/routes';
import { feedbackRoutes } from './feedback/routes';
import { profilePhotoRoutes } from './users/profile-photo-routes';
import { registrationCheckRoute } from './users/registration-check-route';
import { userRoutes } from './users/routes';

export interface AppDependencies {
  config: AppConfig;
  db: Database;
  /** Pino options or false (tests keep logs quiet; a test reading the log passes a stream). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Folder of the built client; defaults to dist/client next to the bundle. */
  clientDir?: string;
  /** Requests per minute and client on /api and /oidc; defaults to RATE_LIMIT_PER_MINUTE. */
  rateLimitMax?: number;
  /** Reverse geocoder; defaults to GEOCODER_URL's service or the embedded offline one. */
  geocoder?: ReverseGeocoder;
  /** Live events; defaults to one that stays inside this process (main.ts passes the PostgreSQL one). */
  liveEvents?: LiveEventBus;
  /** Ping (and session re-check) interval of the live event streams; tests shorten it. */
  liveStreamPingMs?: number;
  /** How long a cached session may serve (docs/decisions/0031); tests shorten it. */
  sessionCacheTtlMs?: number;
  /** How long index.html waits for the answers it embeds (FIRST_SCREEN_BUDGET_MS); tests shorten it. */
  firstScreenBudgetMs?: number;
  /**
   * Called for every route as it registers (Fastify's `onRoute` hook, added before any route). For tests
   * and inspection, e.g. the check that every route with a body declares a response schema.
   */
  onRoute?: (route: RouteOptions) => void;
  /** Where photo bytes live; defaults to the configured bucket or PostgreSQL (closed with the app either way). */
  photoStorage?: PhotoStorage;
}

export const BUILTIN_CLIENT_ID = 'lendloop';

/**
 * Builds the whole application without listening (fastify/demo style), so
 * tests drive it through `app.inject` or a real port.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db } = deps;
  const secure = config.publicUrl.protocol === 'https:';
  const app = Fastify({
    logger: loggerOptions(deps.logger ?? { level: config.logLevel }),
    trustProxy: config.trustProxy,
    // Big enough for the forms; image routes raise it for themselves.
    bodyLimit: 1024 * 1024,
    // Unreadable URLs and requests answer in our error shape too (http/unreadable-requests.ts).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  registerErrorHandler(app);
  const photos = deps.photoStorage ?? createPhotoStorage(db, config.photoBucket);
  app.addHook('onClose', async () => photos.close());
  const liveEvents = deps.liveEvents ?? createInProcessEventBus();
  app.decorate('liveEvents', liveEvents);
  await app.register(cookie, { secret: config.sessionSecret });
  await registerSecurity(app, {
    publicOrigin: config.publicUrl.origin,
    secureCookies: secure,
    rateLimitMax: deps.rateLimitMax ?? config.rateLimitPerMinute,
  });
  const sessionCookie = sessionCookieSettings(secure);
  const sessionCache = sessionCacheFor(liveEvents, { ttlMs: deps.sessionCacheTtlMs ?? SESSION_CACHE_TTL_MS });
  if (sessionCache) app.addHook('onClose', async () => sessionCache.close());
  registerSessionGuard(app, db, sessionCookie, sessionCache?.cache);
  // After the session guard: an anonymous request is a 401 first.
  registerNulGuard(app);
  // Before any route: it records the routes as they register, for the API reference.
  await registerApiReference(app, { sessionCookieName: sessionCookie.name, publicUrl: config.publicUrl });

  const oidc = await setUpSignIn(app, deps);
  await app.register(authRoutes, {
    db,
    oidc,
    publicUrl: config.publicUrl,
    sessionCookie,
    loginMethod: config.oidc ? 'oidc' : 'builtin-oidc',
  });
  await app.register(userRoutes, { db });
  await app.register(gdprRoutes, {
    db,
    sessionCookie,
    photoStore: photos.store,
    builtinIssuer: config.oidc ? null : builtinIssuerFor(config.publicUrl),
  });
  await app.register(profilePhotoRoutes, { db });
  await app.register(feedbackRoutes, { db });
  await app.register(registrationCheckRoute, { db });
  // Links sent before short tokens were signed with this key; the referral
  // routes verify them until they expire (contacts/invitation-link.ts).
  const invitationTokenKey = legacyInvitationKey(config);
  await app.register(contactRoutes, {
    db,
    invitations: {
      publicUrl: config.publicUrl,
      linkKey: derivedSecret(config.sessionSecret, INVITATION_LINK_KEY_PURPOSE),
    },
  });
  await app.register(referralRoutes, { db, tokenKey: invitationTokenKey });
  await app.register(groupRoutes, { db });
  // An owner's save may free days (personal use ended early, back from "in use"): the waiting list hears of it.
  await app.register(itemRoutes, { db, afterItemSaved: (tx, itemId) => notifyWaitlist(tx, itemId) });
  await app.register(itemPermissionRoutes, { db });
  await app.register(photoRoutes, { db, store: photos.store });
  await app.register(itemAnalysisRoutes, {
    db,
    analyzer: createItemAnalyzer(config.itemAnalysis),
    store: photos.store,
  });
  await app.register(barcodeItemRoutes, { db, isbnLookup: createConfiguredIsbnLookup(config), store: photos.store });
  await app.register(lendingRoutes, {
    db,
    timeZone: config.reminders.timeZone,
    publicUrl: config.publicUrl,
    // A loan link's "Join" hands out the owner's invitation for the entry (docs/decisions/0049).
    invitationKey: derivedSecret(config.sessionSecret, INVITATION_LINK_KEY_PURPOSE),
    photoStore: photos.store,
  });
  await app.register(geocodingRoutes, { db, geocoder: deps.geocoder ?? defaultGeocoder(config) });
  await app.register(unreadCountRoute, { db });
  await app.register(messageRoutes, { db });
  await app.register(networkRequestRoutes, { db });
  await app.register(blockRoutes, { db });
  // The feed's link is its own credential, under its own key (config.calendarFeedSecret, docs/decisions/0047).
  await app.register(calendarFeedRoutes, { db, publicUrl: config.publicUrl, feedKey: config.calendarFeedSecret });
  await app.register(notificationRoutes, { db, push: config.push, emailAvailable: config.mail !== undefined });
  await app.register(liveEventRoutes, { db, pingIntervalMs: deps.liveStreamPingMs });
  await app.register(legalRoutes, { operator: config.operator, photoBucket: config.photoBucket });
  // Public: the email digests' unsubscribe links, signed with their own key (docs/decisions/0025).
  await app.register(unsubscribeRoutes, { db, tokenKey: derivedSecret(config.sessionSecret, UNSUBSCRIBE_KEY_PURPOSE) });
  await app.register(healthRoutes, { db, photoBucket: photos.bucket });

  const clientDir = deps.clientDir ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');
  const served = await registerStaticClient(app, clientDir, sessionCookie.name, deps.firstScreenBudgetMs);
  if (!served) app.log.info({ clientDir }, 'no built client found: serving the API only');
  return app;
}

/**
 * The log's options: the level (and a test's stream) as given, with the
 * request serializer that keeps the calendar feeds' and the unsubscribe
 * links' tokens out of it (http/request-log.ts).
 */
function loggerOptions(logger: NonNullable<AppDependencies['logger']>) {
  if (logger === false) return false;
  return {
    ...(logger === true ? {} : logger),
    // All are credentials: a calendar feed's token, an email's signed unsubscribe token (the form posts it too),
    // and a private loan link's token (docs/decisions/0049), on its page and its API.
    serializers: {
      req: requestLogSerializer([
        CALENDAR_FEED_PATH_PREFIX,
        `${UNSUBSCRIBE_PATH}?token=`,
        LOAN_LINK_PAGE_PREFIX,
        LOAN_LINK_API_PREFIX,
      ]),
    },
  };
}

/** External issuer when configured; otherwise the built-in provider at PUBLIC_URL/oidc. */
async function setUpSignIn(app: FastifyInstance, { config, db }: AppDependencies): Promise<OidcClient> {
  const redirectUri = new URL('/api/callback', config.publicUrl).href;
  if (config.oidc) {
    return createOidcClient({
      issuerUrl: config.oidc.issuerUrl,
      clientId: config.oidc.clientId,
      clientSecret: config.oidc.clientSecret,
      redirectUri,
      scopes: config.oidcScopes,
      allowInsecureHttp: isLoopbackUrl(config.oidc.issuerUrl),
    });
  }

  // The password-less picker: loopback development, or an explicit ALLOW_BUILTIN_IDP (docs/decisions/0002).
  const pickerAllowed = isLoopbackUrl(config.publicUrl) || config.allowBuiltinIdp;
  // Passkeys need https with a domain name, or localhost (docs/decisions/0051).
  const party = passkeysWorkAt(config.publicUrl) ? relyingPartyFor(config.publicUrl) : null;
  if (!pickerAllowed && !party) {
    throw new Error(
      `The built-in sign-in runs on a public address only with passkeys, which need https and a domain name ` +
        `(got ${config.publicUrl.origin}). Use an https:// PUBLIC_URL, or configure OIDC_ISSUER_URL, ` +
        'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or set ALLOW_BUILTIN_IDP=true to allow the password-less picker.',
    );
  }
  if (pickerAllowed) {
    app.log.warn(
      'Sign-in uses the BUILT-IN identity provider with its password-less account picker: for trying Lendloop ' +
        'and for tests only. On a public https:// address it offers passkeys instead.',
    );
  } else {
    app.log.info({ relyingParty: party?.id }, 'Sign-in uses the built-in identity provider with passkeys');
  }
  const issuer = builtinIssuerFor(config.publicUrl);
  const clientSecret = derivedSecret(config.sessionSecret, 'builtin-idp-client');
  const provider = createBuiltinProvider({
    issuer,
    db,
    dataDir: config.dataDir,
    clientId: BUILTIN_CLIENT_ID,
    clientSecret,
    redirectUri,
    postLogoutRedirectUri: new URL('/', config.publicUrl).href,
    cookieKeys: [derivedSecret(config.sessionSecret, 'builtin-idp-cookies')],
    trustProxy: config.trustProxy,
  });
  await registerBuiltinProvider(app, provider, db, {
    party,
    mailAvailable: config.mail !== undefined,
    pickerAllowed,
    invitationKey: legacyInvitationKey(config),
  });
  await app.register(idpAccountRoutes, { db, party, mailAvailable: config.mail !== undefined });
  await app.register(ownPasskeyRoutes, { db, party, builtinIssuer: issuer });
  return createOidcClient({
    issuerUrl: new URL(issuer),
    clientId: BUILTIN_CLIENT_ID,
    clientSecret,
    redirectUri,
    scopes: config.oidcScopes,
    allowInsecureHttp: config.publicUrl.protocol === 'http:',
    // The sign-in page shows on every sign-in, so switching test accounts is one click.
    extraAuthParams: { prompt: 'login' },
  });
}

/** The key of invitation links sent before short tokens (contacts/invitation-link.ts); referral and sign-up verify them. */
const legacyInvitationKey = (config: AppConfig) => derivedSecret(config.sessionSecret, 'invitation-token');

function defaultGeocoder(config: AppConfig): ReverseGeocoder {
  if (!config.geocoderUrl) return createEmbeddedGeocoder();
  return createNominatimGeocoder({ url: config.geocoderUrl, userAgent: `Lendloop (${config.publicUrl.origin})` });
}
