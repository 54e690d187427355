/**
 * Everything main.ts needs beyond configuration and the embedded PostgreSQL:
 * the app, the database client, migrations, live events and the job runner,
 * with the packages they bring (Fastify, the OpenID provider, Drizzle, pg,
 * graphile-worker, web-push…; sharp, nodemailer and openai load on first
 * use). Loading them takes most of a start's first
 * second, so main.ts imports this module only once PostgreSQL runs in its own
 * process, and the two overlap (the build splits it into chunks of its own;
 * docs/performance.md, round 3, "Start-up").
 */
export { buildApp } from './app';
export { connectDatabase } from './db/client';
export { runMigrations } from './db/migrate';
export { createPostgresEventBus } from './events/postgres-event-bus';
export { createJobHandlers } from './job-handlers';
export { startJobRunner } from './jobs/job-runner';
export { logMailSetup } from './notifications/email/mail-transport';
export { createPhotoStorage } from './photos/photo-storage';
