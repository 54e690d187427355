import { parseArgs } from 'node:util';
import pino from 'pino';
import { ConfigError, loadConfig } from '../../config/config';
import { runMigrations } from '../../db/migrate';
import { openRunningDatabase, type RunningDatabase } from '../../db/running-database';
import { movePhotosToBucket, movePhotosToDatabase } from './move-photos';
import { createPhotoBucket } from './photo-bucket';
import { createProgressBar } from './progress-bar';

const USAGE = `Usage: npm run photos:move -- --to bucket|database

Moves photo bytes between PostgreSQL (photo_blobs) and the S3-compatible bucket
named by S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY
and S3_FORCE_PATH_STYLE, in the database the server uses (DATABASE_URL or DATA_DIR).
Stopped at any point, it goes on from there when run again (docs/decisions/0050).

  --to bucket     first restart the app with the S3_* variables set; it keeps
                  serving every photo while this runs.
  --to database   first stop the app; start it without the S3_* variables after.
`;

/** `npm run photos:move -- --to bucket|database`, run with tsx from the sources. */
async function main(): Promise<void> {
  const direction = parseDirection(process.argv.slice(2));
  if (!direction) {
    process.stderr.write(USAGE);
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (!config.photoBucket) {
    process.stderr.write(`The bucket is not configured: set S3_BUCKET and its keys.\n\n${USAGE}`);
    process.exit(1);
  }
  const logger = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const bucket = createPhotoBucket(config.photoBucket);
  let target: RunningDatabase | undefined;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= target?.close().catch(() => undefined) ?? Promise.resolve());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      process.stderr.write('\nStopped. Run the same command again to go on from here.\n');
      void close().then(() => process.exit(130));
    });
  }
  try {
    await bucket.probe();
    target = await openRunningDatabase(config, logger, 'photos:move');
    await runMigrations(target.handle);
    const where = `the bucket ${config.photoBucket.bucket}`;
    process.stdout.write(
      direction === 'bucket'
        ? `Moving photos from ${target.description} into ${where}…\n`
        : `Moving photos from ${where} into ${target.description}…\n`,
    );
    const bar = createProgressBar(process.stdout, 'photos');
    const onProgress = ({ moved, total }: { moved: number; total: number }) => bar.update(moved, total);
    const result =
      direction === 'bucket'
        ? await movePhotosToBucket(target.handle.db, bucket, { onProgress })
        : await movePhotosToDatabase(target.handle.db, bucket, { onProgress });
    bar.finish();
    process.stdout.write(`Moved ${result.moved} of ${result.total} photos.\n`);
    if (result.missing > 0) {
      process.stdout.write(
        `${result.missing} photos had their bytes in neither place; they show as missing in the app.\n`,
      );
    }
    if (direction === 'database') {
      process.stdout.write('Now start the app without the S3_* variables.\n');
    }
  } finally {
    bucket.close();
    await close();
  }
}

function parseDirection(args: string[]): 'bucket' | 'database' | undefined {
  try {
    const { values } = parseArgs({ args, options: { to: { type: 'string' } }, strict: true });
    return values.to === 'bucket' || values.to === 'database' ? values.to : undefined;
  } catch {
    return undefined;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`\nThe move stopped: ${error instanceof Error ? error.message : String(error)}\n`);
  process.stderr.write('Nothing was lost. Run the same command again to go on from where it stopped.\n');
  process.exit(1);
});
