import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { PhotoBucketConfig } from '@/server/config/photo-bucket-config';
import { movePhotosToBucket } from '@/server/photos/bucket/move-photos';
import { createPhotoBucket } from '@/server/photos/bucket/photo-bucket';
import { createPostgresPhotoStore } from '@/server/photos/photo-store';
import { uploadPhoto } from '@/server/photos/upload-photo';
import type { BenchDatabase } from './database';
import type { BenchUser } from './fixtures';
import type { measure } from './measure';
import { root, startApp, type RunningProcess } from './processes';
import type { EndpointMeasurement } from './report';
import type { OutgoingRequest } from './scenarios';

/**
 * The photo read's own figure (issue 37): GET /api/photos/{id}?size=card,
 * the copy every item card loads, once with the bytes in PostgreSQL (the
 * bench's server) and once from an S3-compatible bucket (a second server on
 * the same database with S3_*, after `photos:move` moved the same photos).
 * The bucket is s3rver in a process of its own, so its CPU is neither the
 * server's nor the load generator's; on this machine it shares the two
 * cores, where a real bucket would be across a network.
 */
export const PHOTO_READ_SCENARIOS = {
  postgres: { name: 'photo-card-postgres', label: 'photo card (PostgreSQL)', kind: 'read' },
  bucket: { name: 'photo-card-bucket', label: 'photo card (bucket)', kind: 'read' },
} as const;

type Measure = (
  label: string,
  origin: string,
  pids: { server: number | undefined; postmaster: number | null },
  request: (i: number) => OutgoingRequest,
) => ReturnType<typeof measure>;

export interface PhotoReadFigures {
  postgres: EndpointMeasurement;
  bucket: EndpointMeasurement;
  cardBytes: number;
}

export async function measurePhotoReads(options: {
  bundle: string;
  database: BenchDatabase;
  app: RunningProcess;
  postmaster: number | null;
  users: readonly BenchUser[];
  photos: number;
  measure: Measure;
  log: (message: string) => void;
}): Promise<PhotoReadFigures> {
  const { database, users, log } = options;
  const db = database.handle.db;
  // Each photo read by its uploader (the photo policy's first case), through the same query and check as any read.
  const readers = users.slice(0, options.photos);
  const store = createPostgresPhotoStore(db);
  const image = await photoLikeImage();
  const ids: string[] = [];
  for (const reader of readers) {
    ids.push((await uploadPhoto(db, store, reader, { bytes: image, contentType: 'image/png' })).id);
  }
  const first = ids[0];
  if (!first) throw new Error('The photo figure needs at least one signed-in user');
  const cardBytes = (await store.read(first, 'card'))?.length ?? 0;
  log(`${ids.length} photos stored (card copy ${(cardBytes / 1024).toFixed(1)} KiB)`);
  const request = (i: number): OutgoingRequest => ({
    method: 'GET',
    path: `/api/photos/${ids[i % ids.length]}?size=card`,
    headers: { cookie: readers[i % readers.length]?.cookie ?? '' },
  });
  const postgres = await options.measure(
    PHOTO_READ_SCENARIOS.postgres.label,
    options.app.origin,
    { server: options.app.pid, postmaster: options.postmaster },
    request,
  );

  const peer = await startS3PeerProcess();
  let second: RunningProcess | undefined;
  const bucket = createPhotoBucket(peer.config);
  try {
    await movePhotosToBucket(db, bucket);
    second = await startApp({
      bundle: options.bundle,
      databaseUrl: database.url,
      dataDir: database.dataDir,
      env: peer.env,
    });
    const fromBucket = await options.measure(
      PHOTO_READ_SCENARIOS.bucket.label,
      second.origin,
      { server: second.pid, postmaster: options.postmaster },
      request,
    );
    return { postgres, bucket: fromBucket, cardBytes };
  } finally {
    bucket.close();
    await second?.stop();
    await peer.stop();
  }
}

/** Smooth noise: compresses like a photo (a flat colour would make the card a few hundred bytes). */
async function photoLikeImage(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#88aacc',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1)
    .png()
    .toBuffer();
}

/** s3rver (tests/support/s3-peer.ts uses the same server in-process) in a child process on a free port. */
async function startS3PeerProcess(): Promise<{
  env: Record<string, string>;
  config: PhotoBucketConfig;
  stop(): Promise<void>;
}> {
  const directory = mkdtempSync(path.join(tmpdir(), 'lendloop-bench-s3-'));
  const bucketName = 'bench-photos';
  const script = `
    import S3rver from 's3rver';
    const server = new S3rver({ port: 0, address: '127.0.0.1', directory: ${JSON.stringify(directory)}, silent: true,
      configureBuckets: [{ name: ${JSON.stringify(bucketName)}, configs: [] }] });
    const { port } = await server.run();
    console.log(JSON.stringify({ port }));
    process.on('SIGTERM', () => server.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /\{"port":(\d+)\}/.exec(output);
      if (match?.[1]) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}: ${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucketName,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    config: {
      endpoint: new URL(endpoint),
      bucket: bucketName,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
