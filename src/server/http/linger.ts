/**
 * Refusing an upload before its body has arrived (decision 026: a 300 MB logo is not read to the end). Closing the
 * connection at once is not enough: a socket closed with unread data in its receive buffer sends a TCP reset, and
 * a reset can reach the client before it has read our 413, which it then reports as a network error. So, like a
 * web server's "lingering close": after the answer is sent, what the client still sends is read and discarded for
 * a short while, up to a bound, then the connection is dropped. A client that stops sending keeps its connection.
 */
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How long, and how much more, the refused body is drained before the connection is dropped. */
const LINGER_MS = 2_000;
const LINGER_MAX_BYTES = 8 * 1024 * 1024;

export function lingerThenClose(request: FastifyRequest, reply: FastifyReply): void {
  const req = request.raw;
  const socket = req.socket;
  // An injected request (light-my-request, in tests) has no connection to linger on or drop.
  if (!(socket instanceof Socket)) return;
  reply.raw.once('finish', () => {
    if (req.complete) return;
    let drained = 0;
    const drop = () => socket.destroy();
    const timer = setTimeout(drop, LINGER_MS);
    timer.unref();
    // Attached after Node's own finish handler, which may have dumped the request (and its listeners).
    req.on('data', (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER_MAX_BYTES) drop();
    });
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
    req.resume();
  });
}
