import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from './vapid-keys';

describe('generateVapidKeys', () => {
  it('makes a pair web-push takes: a 65-byte uncompressed point and its 32-byte private scalar', () => {
    for (let i = 0; i < 20; i++) {
      const keys = generateVapidKeys();
      const publicKey = Buffer.from(keys.publicKey, 'base64url');
      const privateKey = Buffer.from(keys.privateKey, 'base64url');
      expect(publicKey).toHaveLength(65);
      expect(publicKey[0]).toBe(0x04);
      expect(privateKey).toHaveLength(32);
      // The public key is the private key's point, as web-push's own generator makes it.
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(privateKey);
      expect(ecdh.getPublicKey().toString('base64url')).toBe(keys.publicKey);
      // web-push validates both when it signs with them.
      expect(() => webpush.setVapidDetails('mailto:admin@example.com', keys.publicKey, keys.privateKey)).not.toThrow();
      const headers = webpush.getVapidHeaders(
        'https://push.example.com',
        'mailto:admin@example.com',
        keys.publicKey,
        keys.privateKey,
        'aes128gcm',
      );
      expect(headers.Authorization).toContain(`k=${keys.publicKey}`);
    }
  });

  it('makes a new pair each time', () => {
    expect(generateVapidKeys().privateKey).not.toBe(generateVapidKeys().privateKey);
  });
});
