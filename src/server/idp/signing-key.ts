import { generateKeyPairSync, type JsonWebKey } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The built-in provider's ID-token signing key: an RSA key generated once and
 * kept in DATA_DIR, so tokens stay verifiable across restarts and instances
 * sharing the folder.
 */
export function loadOrCreateSigningKey(dataDir: string): JsonWebKey {
  const file = path.join(dataDir, 'idp-signing-key.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as JsonWebKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: `builtin-${Date.now()}` };
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' });
    return jwk;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return JSON.parse(readFileSync(file, 'utf8')) as JsonWebKey;
  }
}
