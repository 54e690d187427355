import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of a refused body is still read and thrown away so the client
 * gets its answer. The largest body we accept is 6 MB (photo analysis);
 * phones send a whole camera photo (10–25 MB) before they read. More than
 * this and the connection is closed as before: reading it would cost our
 * bandwidth for nothing.
 */
export const DRAIN_REFUSED_BODY_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Lingering close for bodies refused before they were read (issue 32,
 * finding 6): Fastify answers a body over the limit (or of a type no parser
 * takes) with `Connection: close`, and Node then closes the socket while the
 * client is still sending. The client's next write fails (EPIPE or a reset)
 * and it may never read the 413 with its message; browsers then show a
 * network error instead of "Please select a smaller image".
 *
 * Instead the rest of the body is read and discarded, up to
 * DRAIN_REFUSED_BODY_MAX_BYTES, and the connection stays open for the next
 * request, as nginx and Apache do. Node's requestTimeout still bounds a
 * client that sends slowly. Called by the one error handler before it answers.
 */
export function drainRefusedBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || reply.getHeader('connection') !== 'close') return;
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > DRAIN_REFUSED_BODY_MAX_BYTES) return;
  reply.removeHeader('connection');
  let drained = 0;
  raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_REFUSED_BODY_MAX_BYTES) raw.socket.destroy();
  });
  raw.resume();
}
