// http_ece ships no types; the fake push service only decrypts.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  interface DecryptParams {
    version: 'aes128gcm';
    privateKey: ECDH;
    authSecret: Buffer | string;
  }
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
