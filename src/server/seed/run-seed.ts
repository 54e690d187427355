import pino from 'pino';
import { ConfigError, loadConfig } from '../config/config';
import { runMigrations } from '../db/migrate';
import { openRunningDatabase, type RunningDatabase } from '../db/running-database';
import { createPhotoStorage } from '../photos/photo-storage';
import { DEMO_PEOPLE } from './demo-people';
import { builtinIssuerFor, seedDemoData } from './seed-demo-data';
import type { SeedCounts } from './seed-context';

/**
 * `npm run seed`: the demo community in the database the server uses, read
 * from the same environment (DATABASE_URL, DATA_DIR, PUBLIC_URL/PORT). Run
 * with tsx from the sources, so it needs no build.
 */
async function main(): Promise<void> {
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
  if (config.oidc) {
    process.stderr.write(
      'The demo people sign in through the built-in sign-in provider, which does not run while OIDC_ISSUER_URL ' +
        'is set. Seed a database whose server uses the built-in provider (unset OIDC_ISSUER_URL).\n',
    );
    process.exit(1);
  }
  const logger = pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel });
  const issuer = builtinIssuerFor(config.publicUrl);

  let target: RunningDatabase | undefined;
  let interrupted = false;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= target?.close().catch(() => undefined) ?? Promise.resolve());
  // Ctrl-C must not leave an embedded PostgreSQL the seed started running on
  // the data folder; while it is still starting, stop it once it is up.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      interrupted = true;
      if (target) void close().then(() => process.exit(130));
    });
  }

  try {
    target = await openRunningDatabase(config, logger, 'seed');
    if (interrupted) {
      await close();
      process.exit(130);
    }
    process.stdout.write(`Seeding the demo community into ${target.description}…\n`);
    await runMigrations(target.handle);
    // The server's own photo storage, so a server with S3_BUCKET finds the demo photos in its bucket.
    const photos = createPhotoStorage(target.handle.db, config.photoBucket);
    let counts;
    try {
      counts = await seedDemoData(target.handle, { issuer, photoStore: photos.store });
    } finally {
      photos.close();
    }
    process.stdout.write(summary(counts, config.publicUrl, issuer));
  } finally {
    await close();
  }
}

const COUNT_LABELS: Record<keyof SeedCounts, string> = {
  people: 'people',
  peopleMoved: 'people moved to this address',
  contacts: 'contacts',
  groups: 'groups',
  memberships: 'group memberships',
  joinRequests: 'join requests',
  items: 'items',
  photos: 'photos',
  shares: 'shares',
  lendingSteps: 'lending request steps',
  recordedLoans: 'recorded loans',
  loanDisputes: 'disputed loans',
  messages: 'messages',
  networkRequests: 'network requests',
  networkResponses: 'answers to network requests',
};

function summary(counts: SeedCounts, publicUrl: URL, issuer: string): string {
  const created = (Object.keys(COUNT_LABELS) as (keyof SeedCounts)[])
    .map((kind) => `${counts[kind]} ${COUNT_LABELS[kind]}`)
    .join(', ');
  const width = Math.max(...DEMO_PEOPLE.map((person) => person.username.length));
  const people = DEMO_PEOPLE.map((person) => `  ${person.username.padEnd(width)}  ${person.name}: ${person.role}`);
  return [
    `This run: ${created}.`,
    Object.values(counts).every((count) => count === 0)
      ? 'Everything was there already: nothing was duplicated.'
      : 'Anything that existed already was left as it was.',
    '',
    `Open ${publicUrl.origin}, click Sign in and pick one of them on the sign-in page:`,
    ...people,
    '',
    `They sign in through the built-in provider at ${issuer}. A server started with another PUBLIC_URL or PORT ` +
      'has another issuer and would not recognise them: seed again with the same PUBLIC_URL/PORT as the server.',
    '',
  ].join('\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`The seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  // Expected refusals say all there is to say; anything else is a bug worth its stack.
  const expected = error instanceof Error && ['DataDirInUseError', 'SeedConflictError'].includes(error.name);
  if (!expected && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
