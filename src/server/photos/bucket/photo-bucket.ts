import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { PhotoBucketConfig } from '../../config/photo-bucket-config';
import { AppError } from '../../http/app-error';

/**
 * The few things Lendloop asks of an S3-compatible bucket (docs/decisions/0050),
 * over the AWS SDK. Every failure other than "no such object" (the service
 * down or slow, refused keys, a missing bucket) becomes one error,
 * `photo_storage_unavailable` (503): the request that needed the bucket
 * fails, nothing else does, and the database's own 503 is never claimed for
 * a bucket's socket error (http/database-unavailable.ts reads `ECONNREFUSED`
 * as the database's).
 */
export interface PhotoBucket {
  readonly name: string;
  /** Private (the bucket's default ACL): bytes leave only through GET /api/photos/{id}. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  /** One page (up to 1,000) of the objects under `prefix`, in key order; `next` continues it. */
  list(prefix: string, next?: string): Promise<{ objects: BucketObject[]; next: string | undefined }>;
  /** Deletes the objects; a key that is already gone is no error. */
  deleteMany(keys: readonly string[]): Promise<void>;
  /** Resolves when the bucket answers (HeadBucket); /healthz asks. */
  probe(): Promise<void>;
  close(): void;
}

export interface BucketObject {
  key: string;
  lastModified: Date;
}

/** A stalled service fails the request within seconds instead of holding it (and its connection) for minutes. */
const CONNECT_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 15_000;
/** One retry: the SDK's default three with backoff would hold a photo read for seconds while the bucket is down. */
const MAX_ATTEMPTS = 2;
/** Deletes in flight at once (the hourly sweep, the move back). */
const DELETE_CONCURRENCY = 8;
/** What a 503 `photo_storage_unavailable` tells a client to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

export function createPhotoBucket(config: PhotoBucketConfig): PhotoBucket {
  // The pinned SDK (package.json) supports Node 20; its notice about later releases is for us, not the log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const client = new S3Client({
    ...(config.endpoint ? { endpoint: config.endpoint.href } : {}),
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    // Checksums only where S3 requires them: not every S3-compatible store knows the newer CRC headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    name: Bucket,
    async put(key, bytes) {
      await unavailableOnFailure(() => client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes })));
    },
    async get(key) {
      return unavailableOnFailure(async () => {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          if (!answer.Body) return null;
          return Buffer.from(await answer.Body.transformToByteArray());
        } catch (error) {
          if (isMissingObject(error)) return null;
          throw error;
        }
      });
    },
    async list(prefix, next) {
      const answer = await unavailableOnFailure(() =>
        client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: next })),
      );
      const objects = (answer.Contents ?? []).flatMap((object) =>
        object.Key && object.LastModified ? [{ key: object.Key, lastModified: object.LastModified }] : [],
      );
      return { objects, next: answer.IsTruncated ? answer.NextContinuationToken : undefined };
    },
    async deleteMany(keys) {
      // One DeleteObject each, a few at a time, rather than DeleteObjects: that one needs a body checksum
      // (Content-MD5 or CRC32) that several S3-compatible stores read differently (docs/decisions/0050).
      for (let start = 0; start < keys.length; start += DELETE_CONCURRENCY) {
        await Promise.all(
          keys
            .slice(start, start + DELETE_CONCURRENCY)
            .map((Key) => unavailableOnFailure(() => client.send(new DeleteObjectCommand({ Bucket, Key })))),
        );
      }
    },
    async probe() {
      await unavailableOnFailure(() => client.send(new HeadBucketCommand({ Bucket })));
    },
    close() {
      client.destroy();
    },
  };
}

/** "No such object" only: a missing bucket (NoSuchBucket, also a 404) is the storage being unavailable. */
function isMissingObject(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || (error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket');
}

async function unavailableOnFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw photoStorageUnavailable(error);
  }
}

export function photoStorageUnavailable(cause: unknown): AppError {
  const error = new AppError('photo_storage_unavailable', 'The photo storage is unavailable; try again shortly');
  error.retryAfterSeconds = RETRY_AFTER_SECONDS;
  error.cause = cause;
  return error;
}
