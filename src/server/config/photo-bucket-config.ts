import { z } from 'zod';
import { booleanFlag, optionalText } from './env-fields';

/**
 * Photo bytes in an S3-compatible bucket (docs/decisions/0050): S3, R2,
 * MinIO, Garage… All unset: the bytes stay in PostgreSQL.
 */
export interface PhotoBucketConfig {
  /** The service's address; undefined: AWS S3 itself (from the region). */
  endpoint: URL | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key`: MinIO, Garage and most self-hosted stores. */
  forcePathStyle: boolean;
}

/** The fields config.ts spreads into its environment schema. */
export const photoBucketEnv = {
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional()),
  /** Setting it turns the bucket on. */
  S3_BUCKET: optionalText(63).pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 of a-z, 0-9, "." and "-")')
      .nullable(),
  ),
  S3_REGION: optionalText(64),
  S3_ACCESS_KEY_ID: optionalText(256),
  S3_SECRET_ACCESS_KEY: optionalText(256),
  S3_FORCE_PATH_STYLE: booleanFlag,
};

type PhotoBucketEnv = z.infer<z.ZodObject<typeof photoBucketEnv>>;

/** Any S3_* variable means a bucket was meant: then the bucket and its keys must all be there. */
export function checkPhotoBucketEnv(env: PhotoBucketEnv, ctx: z.RefinementCtx): void {
  const meant =
    env.S3_ENDPOINT !== undefined ||
    env.S3_BUCKET !== null ||
    env.S3_REGION !== null ||
    env.S3_ACCESS_KEY_ID !== null ||
    env.S3_SECRET_ACCESS_KEY !== null;
  if (!meant) return;
  const required = {
    S3_BUCKET: env.S3_BUCKET,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
  };
  for (const [name, value] of Object.entries(required)) {
    if (value === null) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is required when any S3_* variable is set (photos in a bucket: S3_BUCKET and its two keys)',
      });
    }
  }
}

export function photoBucketConfig(env: PhotoBucketEnv): PhotoBucketConfig | undefined {
  if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return undefined;
  return {
    endpoint: env.S3_ENDPOINT ? new URL(env.S3_ENDPOINT) : undefined,
    bucket: env.S3_BUCKET,
    // Self-hosted stores ignore the region but the signature needs one; AWS's own default.
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}
