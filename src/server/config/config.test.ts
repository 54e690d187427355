import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackUrl, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'lendloop-config-'));

describe('loadConfig', () => {
  it('has working defaults: port 3000, embedded database, built-in sign-in', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.oidc).toBeUndefined();
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.dataDir).toBe(dir);
    // The password-less built-in sign-in is only reachable from this machine.
    expect(config.host).toBe('127.0.0.1');
  });

  it('listens on every interface with an external issuer or when the built-in one is explicitly allowed', () => {
    const external = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://lendloop.example',
      OIDC_ISSUER_URL: 'https://id.example',
      OIDC_CLIENT_ID: 'lendloop',
    });
    expect(external.host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dataDir(), ALLOW_BUILTIN_IDP: 'true' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '::1' }).host).toBe('::1');
  });

  it('generates the session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(path.join(dir, 'session-secret')).mode & 0o077).toBe(0);
  });

  it('generates the calendar feeds’ own secret once into DATA_DIR, unless CALENDAR_FEED_SECRET gives one', () => {
    const dir = dataDir();
    const generated = loadConfig({ DATA_DIR: dir });
    expect(generated.calendarFeedSecret.length).toBeGreaterThanOrEqual(32);
    expect(generated.calendarFeedSecret).not.toBe(generated.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).calendarFeedSecret).toBe(generated.calendarFeedSecret);
    expect(readFileSync(path.join(dir, 'calendar-feed-secret'), 'utf8').trim()).toBe(generated.calendarFeedSecret);
    expect(statSync(path.join(dir, 'calendar-feed-secret')).mode & 0o077).toBe(0);

    const other = dataDir();
    const given = 'a-calendar-feed-secret-of-at-least-32-characters';
    expect(loadConfig({ DATA_DIR: other, CALENDAR_FEED_SECRET: given }).calendarFeedSecret).toBe(given);
    expect(existsSync(path.join(other, 'calendar-feed-secret'))).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ CALENDAR_FEED_SECRET: 'short' }, 'CALENDAR_FEED_SECRET'],
    [{ OIDC_ISSUER_URL: 'https://id.example' }, 'OIDC_CLIENT_ID'],
    [{ OIDC_ISSUER_URL: 'https://id.example', OIDC_CLIENT_ID: 'c' }, 'PUBLIC_URL'],
    [
      { OIDC_ISSUER_URL: 'http://id.example', OIDC_CLIENT_ID: 'c', PUBLIC_URL: 'https://app.example' },
      'OIDC_ISSUER_URL',
    ],
    [{ OIDC_CLIENT_ID: 'lendloop' }, 'OIDC_ISSUER_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ HOST: '0.0.0.0' }, 'HOST'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ RATE_LIMIT_PER_MINUTE: '2.5' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ RATE_LIMIT_PER_MINUTE: 'many' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ OPERATOR_EMAIL: 'not an address' }, 'OPERATOR_EMAIL'],
    [{ OPERATOR_NAME: 'x'.repeat(201) }, 'OPERATOR_NAME'],
    [{ OPERATOR_ADDRESS: 'x'.repeat(501) }, 'OPERATOR_ADDRESS'],
  ])('stops on %j naming %s', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`${variable}:`));
  });

  it('limits 600 requests per minute and client unless RATE_LIMIT_PER_MINUTE says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).rateLimitPerMinute).toBe(600);
    expect(loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_PER_MINUTE: '100000' }).rateLimitPerMinute).toBe(100_000);
  });

  it('uses the embedded geocoder unless GEOCODER_URL names a valid http(s) service', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).geocoderUrl).toBeUndefined();
    const external = loadConfig({ DATA_DIR: dataDir(), GEOCODER_URL: 'https://nominatim.example/reverse' });
    expect(external.geocoderUrl?.href).toBe('https://nominatim.example/reverse');
    expect(() => loadConfig({ DATA_DIR: dataDir(), GEOCODER_URL: 'ftp://x' })).toThrow(ConfigError);
  });

  it('leaves the operator details null when unset or blank', () => {
    const unset = { name: null, address: null, email: null };
    expect(loadConfig({ DATA_DIR: dataDir() }).operator).toEqual(unset);
    expect(
      loadConfig({ DATA_DIR: dataDir(), OPERATOR_NAME: '  ', OPERATOR_ADDRESS: '', OPERATOR_EMAIL: ' ' }).operator,
    ).toEqual(unset);
  });

  it('reads the operator details, splitting the address at newlines and at a written \\n', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      OPERATOR_NAME: ' Lendloop Verein ',
      OPERATOR_ADDRESS: 'Musterstrasse 1\\n 8000 Zürich\nSwitzerland',
      OPERATOR_EMAIL: 'privacy@lendloop.example',
    });
    expect(config.operator).toEqual({
      name: 'Lendloop Verein',
      address: 'Musterstrasse 1\n8000 Zürich\nSwitzerland',
      email: 'privacy@lendloop.example',
    });
  });

  it('sends no email without SMTP_URL, and needs a sender with it', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).mail).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), SMTP_URL: '', MAIL_FROM: '' }).mail).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        SMTP_URL: 'smtps://mailer:p%40ss@mail.example.org:465',
        MAIL_FROM: ' Lendloop <no-reply@lendloop.example> ',
      }).mail,
    ).toEqual({ smtpUrl: 'smtps://mailer:p%40ss@mail.example.org:465', from: 'Lendloop <no-reply@lendloop.example>' });
    expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://mail.example.org:587' })).toThrow(
      /MAIL_FROM: is required when SMTP_URL is set/,
    );
    for (const SMTP_URL of ['http://mail.example.org', 'smtp://', 'mail.example.org:25']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL, MAIL_FROM: 'a@b.example' }), SMTP_URL).toThrow(
        /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
      );
    }
    for (const MAIL_FROM of ['not an address', 'a@b.example, c@d.example', 'Evil <a@b.example>\r\nBcc: x@y.example']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://h.example', MAIL_FROM }), MAIL_FROM).toThrow(
        /MAIL_FROM: must be an email address/,
      );
    }
  });

  it('keeps photos in PostgreSQL without S3_*, and needs the bucket and both keys with any of them', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).photoBucket).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: '', S3_ENDPOINT: '' }).photoBucket).toBeUndefined();
    const bucket = { S3_BUCKET: 'lendloop-photos', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    // AWS S3 itself: no endpoint, AWS's default region, virtual-host addressing.
    expect(loadConfig({ DATA_DIR: dataDir(), ...bucket }).photoBucket).toEqual({
      endpoint: undefined,
      bucket: 'lendloop-photos',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    const minio = loadConfig({
      DATA_DIR: dataDir(),
      ...bucket,
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: 'true',
    }).photoBucket;
    expect(minio).toMatchObject({ region: 'auto', forcePathStyle: true });
    expect(minio?.endpoint?.href).toBe('http://minio.internal:9000/');

    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_ENDPOINT: 'https://s3.example.org' })).toThrow(
      /S3_BUCKET: is required when any S3_\* variable is set[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...bucket, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...bucket, S3_BUCKET: 'Photos_Bucket' })).toThrow(
      /S3_BUCKET: must be a bucket name/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...bucket, S3_ENDPOINT: 'ftp://files.example.org' })).toThrow(
      /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    );
  });

  describe('Web Push (VAPID)', () => {
    const given = { publicKey: 'BPublicKeyFromTheEnvironment', privateKey: 'privateKeyFromTheEnvironment' };

    it('needs both keys or neither', () => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: given.publicKey })).toThrow(
        /VAPID_PRIVATE_KEY: is required when the other VAPID key is set/,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PRIVATE_KEY: given.privateKey })).toThrow(
        /VAPID_PUBLIC_KEY: is required when the other VAPID key is set/,
      );
    });

    it('uses the keys it is given and writes no file', () => {
      const dir = dataDir();
      const config = loadConfig({
        DATA_DIR: dir,
        VAPID_PUBLIC_KEY: given.publicKey,
        VAPID_PRIVATE_KEY: given.privateKey,
      });
      expect(config.push.vapid).toMatchObject(given);
      expect(existsSync(path.join(dir, 'vapid-keys.json'))).toBe(false);
    });

    it('without keys, generates a pair once into DATA_DIR (0600) and reuses it', () => {
      const dir = dataDir();
      const first = loadConfig({ DATA_DIR: dir }).push.vapid;
      const second = loadConfig({ DATA_DIR: dir }).push.vapid;
      // An uncompressed P-256 point, as browsers want the applicationServerKey.
      expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
      expect(second.publicKey).toBe(first.publicKey);
      expect(second.privateKey).toBe(first.privateKey);
      const file = path.join(dir, 'vapid-keys.json');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
      });
      expect(statSync(file).mode & 0o077).toBe(0);
      // Another data folder is another server: its own pair.
      expect(loadConfig({ DATA_DIR: dataDir() }).push.vapid.publicKey).not.toBe(first.publicKey);
    });

    it('names a contact: VAPID_SUBJECT, else an https PUBLIC_URL, else a mailto: (web-push refuses http)', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).push.vapid.subject).toBe('mailto:push@lendloop.invalid');
      expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://lendloop.example/app' }).push.vapid.subject).toBe(
        'https://lendloop.example',
      );
      expect(
        loadConfig({
          DATA_DIR: dataDir(),
          PUBLIC_URL: 'https://lendloop.example',
          VAPID_SUBJECT: 'mailto:ops@lendloop.example',
        }).push.vapid.subject,
      ).toBe('mailto:ops@lendloop.example');
      expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_SUBJECT: 'http://lendloop.example' })).toThrow(
        /VAPID_SUBJECT: must be a mailto: or https:\/\/ URL/,
      );
    });
  });

  it('reads an external issuer', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://lendloop.example',
      OIDC_ISSUER_URL: 'https://id.example/realms/lendloop',
      OIDC_CLIENT_ID: 'lendloop',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    expect(config.oidc).toEqual({
      issuerUrl: new URL('https://id.example/realms/lendloop'),
      clientId: 'lendloop',
      clientSecret: 's3cret',
    });
  });
});

describe('isLoopbackUrl', () => {
  it.each([
    ['http://localhost:3000', true],
    ['http://127.0.0.1', true],
    ['http://127.8.9.10:80', true],
    ['http://[::1]:3000', true],
    ['http://app.localhost', true],
    ['https://lendloop.example', false],
    ['http://192.168.1.5:3000', false],
    ['http://localhost.evil.example', false],
  ])('%s → %s', (url, expected) => {
    expect(isLoopbackUrl(new URL(url))).toBe(expected);
  });
});
