import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { PhotoBucketConfig } from '@/server/config/photo-bucket-config';

/**
 * A real S3 protocol server on loopback (s3rver: the S3 REST API over HTTP,
 * objects in a temporary folder), so the photo bucket is tested through the
 * AWS SDK and the wire, never a mocked SDK (docs/decisions/0050). `stop()`
 * takes it down (a bucket that is down), `start()` brings it back on the
 * same port with the same objects.
 */
export interface S3Peer {
  bucket: string;
  /** The S3_* variables that point the app at it. */
  env: Record<string, string>;
  config: PhotoBucketConfig;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** s3rver accepts these keys (and checks the signature made with them). */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export async function startS3Peer(bucket = 'lendloop-photos'): Promise<S3Peer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'lendloop-s3-'));
  const make = (port: number) =>
    new S3rver({
      port,
      address: '127.0.0.1',
      directory,
      silent: true,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
  let server: S3rver | undefined = make(0);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const config: PhotoBucketConfig = {
    endpoint: new URL(endpoint),
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
    forcePathStyle: true,
  };
  return {
    bucket,
    env,
    config,
    async stop() {
      await server?.close();
      server = undefined;
    },
    async start() {
      if (server) return;
      server = make(port);
      await server.run();
    },
    async close() {
      await server?.close();
      server = undefined;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
