import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isKnownTimeZone } from '../dates/zoned-time';
import { booleanFlag, optionalText, optionalUrl } from './env-fields';
import { checkPhotoBucketEnv, photoBucketConfig, photoBucketEnv, type PhotoBucketConfig } from './photo-bucket-config';
import { readOrCreateVapidKeys, type VapidKeys } from './vapid-keys';

/**
 * The one place that reads the environment. Everything else receives a typed
 * `AppConfig`. Bad configuration stops start-up with a message naming the
 * variable (see `ConfigError`).
 */

/** `someone@example.org` or `Lendloop <someone@example.org>`: no line breaks, one address. */
const MAIL_FROM_FORMAT = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: optionalUrl,
    OIDC_ISSUER_URL: optionalUrl,
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_SCOPES: z.string().min(1).default('openid profile email'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** The key of the private calendar feeds' links (docs/decisions/0047); unset, one is generated once into DATA_DIR. */
    CALENDAR_FEED_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ALLOW_BUILTIN_IDP: booleanFlag,
    TRUST_PROXY: booleanFlag,
    /** A Nominatim-compatible reverse geocoder; unset uses the embedded offline place data. */
    GEOCODER_URL: optionalUrl,
    /** An Open Library-compatible book API (e.g. https://openlibrary.org); unset: ISBNs are not looked up. */
    ISBN_LOOKUP_URL: optionalUrl,
    /** Open Library's cover service (e.g. https://covers.openlibrary.org); unset: books get no cover photo. */
    ISBN_COVER_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Requests per minute and client address on /api and /oidc (load tests from one address raise it). */
    RATE_LIMIT_PER_MINUTE: z.coerce
      .number({ message: 'must be a whole number of at least 1' })
      .int('must be a whole number of at least 1')
      .min(1, 'must be a whole number of at least 1')
      .default(600),
    /** The IANA time zone whose morning loan reminders go out in (docs/decisions/0026). */
    REMINDER_TIME_ZONE: z
      .string()
      .default('Europe/Zurich')
      .refine(isKnownTimeZone, 'must be an IANA time zone such as Europe/Zurich'),
    /** Who runs this instance: the data controller the privacy policy names (GET /api/legal/operator). */
    OPERATOR_NAME: optionalText(200),
    /** Postal address; lines separated by a newline or the two characters \n. */
    OPERATOR_ADDRESS: optionalText(500),
    OPERATOR_EMAIL: optionalText(254).pipe(z.email('must be an email address').nullable()),
    /** An OpenAI-compatible API (…/v1) with a vision model; with AI_API_KEY and AI_MODEL it replaces the offline detector. */
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: optionalText(1000),
    AI_MODEL: optionalText(200),
    /** How long one photo analysis may take once it runs; the wait before is bounded by the queue's length (docs/decisions/0041). */
    AI_TIMEOUT_MS: z.coerce
      .number({ message: 'must be a whole number of milliseconds (1000–300000)' })
      .int('must be a whole number of milliseconds (1000–300000)')
      .min(1000, 'must be a whole number of milliseconds (1000–300000)')
      .max(300_000, 'must be a whole number of milliseconds (1000–300000)')
      .default(30_000),
    /** Analyses running at once in this instance; more wait in a bounded, fair queue. Unset: 1 offline, 4 with an endpoint. */
    AI_CONCURRENCY: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(
        z
          .string()
          .regex(/^([1-9]|1[0-6])$/, 'must be a whole number from 1 to 16')
          .transform(Number)
          .optional(),
      ),
    /** Web Push (docs/decisions/0024): the VAPID key pair; unset, one is generated once into DATA_DIR. */
    VAPID_PUBLIC_KEY: optionalText(200),
    VAPID_PRIVATE_KEY: optionalText(200),
    /** The contact push services may use about our traffic: a mailto: or https: URL (default: PUBLIC_URL). */
    VAPID_SUBJECT: optionalText(300).pipe(
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
        .nullable(),
    ),
    /**
     * Push-service hosts besides the known browser vendors' that may receive
     * push requests (comma-separated; a leading "*." allows subdomains). The
     * server POSTs to whatever endpoint a browser hands it, so only these are accepted.
     */
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Outgoing mail (email digests, docs/decisions/0025): smtp://user:pass@host:587 or smtps://…:465; unset: no email. */
    SMTP_URL: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(
        z
          .url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL with a host' })
          .refine((v) => new URL(v).hostname !== '', 'must be an smtp:// or smtps:// URL with a host')
          .optional(),
      ),
    /** The sender of our mail: an address or `Name <address>`; required with SMTP_URL. */
    MAIL_FROM: optionalText(300).pipe(
      z.string().regex(MAIL_FROM_FORMAT, 'must be an email address or Name <address>').nullable(),
    ),
    ...photoBucketEnv,
  })
  .superRefine((env, ctx) => {
    checkPhotoBucketEnv(env, ctx);
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'is required when SMTP_URL is set' });
    }
    if (env.OIDC_ISSUER_URL && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required when OIDC_ISSUER_URL is set' });
    }
    if (env.OIDC_ISSUER_URL && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required with an external issuer (the redirect URI derives from it)',
      });
    }
    if (env.OIDC_ISSUER_URL?.startsWith('http:') && !isLoopbackUrl(new URL(env.OIDC_ISSUER_URL))) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER_URL'], message: 'must use https (http only on loopback)' });
    }
    const builtinProvider = !env.OIDC_ISSUER_URL;
    if (
      builtinProvider &&
      !env.ALLOW_BUILTIN_IDP &&
      !passkeysOnly(env.PUBLIC_URL) &&
      env.HOST &&
      !isLoopbackHost(env.HOST)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOST'],
        message:
          'must be a loopback address while the password-less built-in sign-in runs (use an https:// PUBLIC_URL for passkeys, configure OIDC_ISSUER_URL, or set ALLOW_BUILTIN_IDP=true)',
      });
    }
    if (env.ISBN_COVER_URL && !env.ISBN_LOOKUP_URL) {
      ctx.addIssue({ code: 'custom', path: ['ISBN_LOOKUP_URL'], message: 'is required when ISBN_COVER_URL is set' });
    }
    const aiVariables = { AI_BASE_URL: env.AI_BASE_URL, AI_API_KEY: env.AI_API_KEY, AI_MODEL: env.AI_MODEL };
    if (Object.values(aiVariables).some(Boolean)) {
      for (const [name, value] of Object.entries(aiVariables)) {
        if (!value) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message:
              'is required when any of AI_BASE_URL, AI_API_KEY, AI_MODEL is set (a local engine accepts any key)',
          });
        }
      }
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'is required when the other VAPID key is set (both or neither)',
      });
    }
    if (!env.OIDC_ISSUER_URL && (env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER_URL'],
        message: 'is required when OIDC_CLIENT_ID or OIDC_CLIENT_SECRET is set',
      });
    }
  });

export interface AppConfig {
  port: number;
  host: string;
  /** External PostgreSQL; when absent the server runs an embedded one in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where browsers reach the app; redirect URIs and the origin check derive from it. */
  publicUrl: URL;
  oidc: ExternalOidcConfig | undefined;
  oidcScopes: string;
  sessionSecret: string;
  /**
   * The key a calendar feed's link is made with (an HMAC of the feed's link id,
   * docs/decisions/0047). Its own secret, not one derived from SESSION_SECRET:
   * a calendar subscribed once lives for years, and signing everyone out must
   * not silently stop every feed. Changing it stops them all.
   */
  calendarFeedSecret: string;
  allowBuiltinIdp: boolean;
  trustProxy: boolean;
  /** External reverse geocoder (Nominatim API); undefined: the embedded offline one. */
  geocoderUrl: URL | undefined;
  /** Book lookup for scanned ISBNs (an Open Library-compatible API and its cover service); undefined: none. */
  isbnLookup: { url: URL; coverUrl: URL | undefined } | undefined;
  logLevel: string;
  /** Requests per minute and client address on /api and /oidc. */
  rateLimitPerMinute: number;
  /** The data controller named in the privacy policy; null fields are not configured. */
  operator: OperatorConfig;
  /** Photo analysis for "create an item from a photo" (docs/decisions/0020). */
  itemAnalysis: ItemAnalysisConfig;
  /** When loan reminders go out: this hour in this time zone (docs/decisions/0026). */
  reminders: { timeZone: string; hour: number };
  /** Outgoing mail for the email digests (docs/decisions/0025); undefined: no email is sent. */
  mail: MailConfig | undefined;
  /** Web Push (docs/decisions/0024). */
  push: PushConfig;
  /** An S3-compatible bucket for photo bytes (docs/decisions/0050); undefined: they stay in PostgreSQL. */
  photoBucket: PhotoBucketConfig | undefined;
}

export interface PushConfig {
  vapid: VapidKeys & { subject: string };
  /** Extra push-service hosts allowed besides the browser vendors' (tests and self-hosted push services). */
  extraEndpointHosts: string[];
}

export interface MailConfig {
  /** nodemailer's connection URL: smtp:// (STARTTLS when offered) or smtps:// (TLS from the start). */
  smtpUrl: string;
  /** The From header: an address or `Name <address>`. */
  from: string;
}

export interface ItemAnalysisConfig {
  /** An OpenAI-compatible vision endpoint; undefined: the offline detector. */
  endpoint: { baseUrl: URL; apiKey: string; model: string } | undefined;
  timeoutMs: number;
  /** Analyses at once per instance; undefined: the analyzer's own default. */
  concurrency: number | undefined;
}

export interface OperatorConfig {
  name: string | null;
  /** The postal address, lines separated by "\n". */
  address: string | null;
  email: string | null;
}

export interface ExternalOidcConfig {
  issuerUrl: URL;
  clientId: string;
  clientSecret: string | undefined;
}

/** Reminders go out at 9 in the morning, local time: awake, before most people leave the house. */
const REMINDER_HOUR = 9;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses `env` (usually `process.env`). Throws `ConfigError` naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    port: e.PORT,
    // With the password-less built-in picker the server only listens on
    // loopback unless told otherwise: nobody else on the network may sign in.
    // With passkeys (an https:// PUBLIC_URL) it listens everywhere.
    host: e.HOST ?? (e.OIDC_ISSUER_URL || e.ALLOW_BUILTIN_IDP || passkeysOnly(e.PUBLIC_URL) ? '0.0.0.0' : '127.0.0.1'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl,
    oidc: e.OIDC_ISSUER_URL
      ? { issuerUrl: new URL(e.OIDC_ISSUER_URL), clientId: e.OIDC_CLIENT_ID ?? '', clientSecret: e.OIDC_CLIENT_SECRET }
      : undefined,
    oidcScopes: e.OIDC_SCOPES,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir, 'session-secret'),
    calendarFeedSecret: e.CALENDAR_FEED_SECRET ?? readOrCreateSecret(dataDir, 'calendar-feed-secret'),
    allowBuiltinIdp: e.ALLOW_BUILTIN_IDP,
    trustProxy: e.TRUST_PROXY,
    geocoderUrl: e.GEOCODER_URL ? new URL(e.GEOCODER_URL) : undefined,
    isbnLookup: e.ISBN_LOOKUP_URL
      ? { url: new URL(e.ISBN_LOOKUP_URL), coverUrl: e.ISBN_COVER_URL ? new URL(e.ISBN_COVER_URL) : undefined }
      : undefined,
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    operator: {
      name: e.OPERATOR_NAME,
      address: e.OPERATOR_ADDRESS && addressLines(e.OPERATOR_ADDRESS),
      email: e.OPERATOR_EMAIL,
    },
    push: {
      vapid: {
        ...(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : readOrCreateVapidKeys(dataDir)),
        // Push services want a contact; an http:// PUBLIC_URL (development) is not accepted by web-push.
        subject:
          e.VAPID_SUBJECT ?? (publicUrl.protocol === 'https:' ? publicUrl.origin : 'mailto:push@lendloop.invalid'),
      },
      extraEndpointHosts: e.PUSH_ENDPOINT_HOSTS,
    },
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    itemAnalysis: {
      endpoint:
        e.AI_BASE_URL && e.AI_API_KEY && e.AI_MODEL
          ? { baseUrl: new URL(e.AI_BASE_URL), apiKey: e.AI_API_KEY, model: e.AI_MODEL }
          : undefined,
      timeoutMs: e.AI_TIMEOUT_MS,
      concurrency: e.AI_CONCURRENCY,
    },
    reminders: { timeZone: e.REMINDER_TIME_ZONE, hour: REMINDER_HOUR },
    photoBucket: photoBucketConfig(e),
  };
}

/** A multi-line value is awkward in an environment file, so a literal "\n" also separates lines. */
function addressLines(address: string): string {
  return address
    .split(/\r?\n|\\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * A secret generated once and kept in DATA_DIR (mode 0600), so sessions and
 * signed links survive restarts without any manual step.
 */
export function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created it first; then read theirs.
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  }
}

/**
 * A public https:// PUBLIC_URL: the built-in provider then signs in with
 * passkeys only, and the password-less picker is off (docs/decisions/0051).
 */
function passkeysOnly(publicUrl: string | undefined): boolean {
  if (!publicUrl || !URL.canParse(publicUrl)) return false;
  const url = new URL(publicUrl);
  return url.protocol === 'https:' && !isLoopbackUrl(url);
}

/** True for localhost, 127.0.0.0/8 and ::1: where the password-less built-in provider may run. */
export function isLoopbackUrl(url: URL): boolean {
  return isLoopbackHost(url.hostname);
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
