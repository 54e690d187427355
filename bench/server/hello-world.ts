import Fastify from 'fastify';

/**
 * The ceiling: a plain Fastify hello world, built and started like the app
 * (same bundler flags, NODE_ENV=production, its own process), so each
 * endpoint's requests per second can be read as a share of what this
 * machine's Node.js and Fastify can answer at all.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
