import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, for the server's passkey tests: it
 * makes a P-256 key per credential and answers registration and sign-in
 * options the way a platform authenticator does (packed as "none"
 * attestation, a real ES256 signature over authenticatorData ‖
 * SHA-256(clientDataJSON)). It is not our code under test: the server checks
 * its answers with @simplewebauthn/server, as it checks a browser's. The
 * browser tests use Chromium's own virtual authenticator.
 */
export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  signCount: number;
}

export interface SoftAuthenticator {
  credentials: SoftCredential[];
  /** Answers navigator.credentials.create() options (PublicKeyCredentialCreationOptionsJSON). */
  register(options: Record<string, unknown>, origin: string): Record<string, unknown>;
  /** Answers navigator.credentials.get() options with the credential given, or the first one for the RP. */
  signIn(options: Record<string, unknown>, origin: string, credential?: SoftCredential): Record<string, unknown>;
}

const b64u = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

export function createSoftAuthenticator(): SoftAuthenticator {
  const credentials: SoftCredential[] = [];
  return {
    credentials,
    register(options, origin) {
      const rp = options.rp as { id: string };
      const user = options.user as { id: string };
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
      const id = randomBytes(16);
      const coseKey = cborMap([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x, 'base64url')],
        [-3, Buffer.from(jwk.y, 'base64url')],
      ]);
      const authData = Buffer.concat([
        sha256(rp.id),
        Buffer.from([0x01 | 0x04 | 0x40]), // user present, user verified, attested credential data
        uint32(0),
        Buffer.alloc(16), // AAGUID: none
        uint16(id.length),
        id,
        coseKey.bytes,
      ]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
      );
      const attestationObject = cborMap([
        ['fmt', 'none'],
        ['attStmt', cborMap([])],
        ['authData', authData],
      ]);
      credentials.push({ id: b64u(id), privateKey, userHandle: user.id, signCount: 0 });
      return {
        id: b64u(id),
        rawId: b64u(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientDataJSON),
          attestationObject: b64u(attestationObject.bytes),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
    signIn(options, origin, chosen) {
      const rpId = options.rpId as string;
      const credential = chosen ?? credentials[0];
      if (!credential) throw new Error('the soft authenticator holds no passkey');
      credential.signCount += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x01 | 0x04]), uint32(credential.signCount)]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
      );
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
      return {
        id: credential.id,
        rawId: credential.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientDataJSON),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
          userHandle: credential.userHandle,
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
}

function uint16(n: number): Buffer {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16BE(n);
  return buffer;
}

function uint32(n: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(n);
  return buffer;
}

/** An item already encoded (a nested map), written as it is. */
class Encoded {
  constructor(readonly bytes: Buffer) {}
}

type CborValue = number | string | Buffer | Encoded;

/** The little of CBOR (RFC 8949) WebAuthn needs: maps of ints, text and byte strings, in the order given. */
function cborMap(entries: readonly (readonly [CborValue, CborValue])[]): Encoded {
  return new Encoded(
    Buffer.concat([head(5, entries.length), ...entries.flatMap(([key, value]) => [cbor(key), cbor(value)])]),
  );
}

function cbor(value: CborValue): Buffer {
  if (value instanceof Encoded) return value.bytes;
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  return value >= 0 ? head(0, value) : head(1, -1 - value);
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.concat([Buffer.from([(major << 5) | 25]), uint16(length)]);
}
