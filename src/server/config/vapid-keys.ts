import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The application server's VAPID identity for Web Push (RFC 8292): one P-256 key pair and a contact. */
export interface VapidKeys {
  /** base64url, uncompressed point: what browsers pass to pushManager.subscribe as applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

const FILE = 'vapid-keys.json';

/**
 * The key pair generated once and kept in DATA_DIR (mode 0600), like the
 * session secret: a new pair would orphan every subscription, because push
 * services refuse a token signed by a key other than the one the browser
 * subscribed with.
 */
export function readOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, FILE);
  const existing = readKeys(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  try {
    // 'wx' fails if another process created it first; then read theirs.
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const theirs = readKeys(file);
    if (!theirs) throw new Error(`${file} is not a VAPID key pair`, { cause: error });
    return theirs;
  }
}

/**
 * A new P-256 pair in web-push's format (the public key as an uncompressed
 * point, the private scalar; both base64url), made with node:crypto: the
 * configuration loads before the embedded PostgreSQL starts (main.ts),
 * and web-push would load there, ahead of it, instead of beside it with
 * the rest of the server. vapid-keys.test.ts checks
 * that web-push accepts the pair and that the public key is the private one's.
 */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y || !jwk.d) throw new Error('node:crypto returned an incomplete P-256 key');
  const point = Buffer.concat([Buffer.from([0x04]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
}

function readKeys(file: string): VapidKeys | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') {
    throw new Error(`${file} is not a VAPID key pair`);
  }
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
