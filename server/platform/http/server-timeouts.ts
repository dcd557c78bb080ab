/**
 * Limits for a server facing the internet: a client that sends its headers too slowly, goes quiet in
 * the middle of a request, or idles on a keep-alive connection, is cut off instead of holding a
 * socket (slowloris).
 *
 * - headersTimeout: the whole header block must arrive within it.
 * - idleTimeout: while a request is arriving, the socket may be silent at most this long (the time
 *   the server then takes to answer is not bounded by it). A phone sending a 10 MB photo over a slow uplink keeps sending, so it is
 *   never cut; a client that stalls is.
 * - requestTimeout: the whole request (body included) within it, whatever its pace: the outer bound
 *   for a client that trickles a byte now and then. Long, because a photo on a slow mobile uplink
 *   (10 MB at 0.5 Mbit/s is about 3 minutes) and its wait for an upload slot both count.
 * - keepAliveTimeout: an idle connection between requests.
 */
export interface ServerTimeouts {
  headersTimeout: number;
  idleTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  maxHeadersCount: number;
}

export const SERVER_TIMEOUTS: Readonly<ServerTimeouts> = {
  headersTimeout: 15_000,
  idleTimeout: 30_000,
  requestTimeout: 15 * 60_000,
  keepAliveTimeout: 5_000,
  maxHeadersCount: 100,
};

interface TimedSocket {
  timeout?: number;
  setTimeout(ms: number): unknown;
}
interface TunableServer {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  maxHeadersCount: number;
  prependListener(
    event: 'request',
    listener: (
      req: { socket: TimedSocket; complete: boolean; once(event: 'end', f: () => void): unknown },
      res: { writableEnded: boolean },
    ) => void,
  ): unknown;
}

/**
 * Sets the limits on a Node HTTP server (limits injectable so a test proves them in seconds). The
 * idle timeout is armed on each request's socket (Node's own `server.timeout` is cleared by its
 * keep-alive handling once a connection serves a second request); when it fires with no one
 * listening, Node destroys the socket.
 */
export function applyServerTimeouts(server: unknown, limits: Readonly<ServerTimeouts> = SERVER_TIMEOUTS): void {
  const tunable = server as TunableServer;
  tunable.headersTimeout = limits.headersTimeout;
  tunable.requestTimeout = limits.requestTimeout;
  tunable.keepAliveTimeout = limits.keepAliveTimeout;
  tunable.maxHeadersCount = limits.maxHeadersCount;
  // First among the 'request' listeners: armed before the app's handler runs (and may suspend it).
  tunable.prependListener('request', (req, res) => {
    req.socket.setTimeout(limits.idleTimeout);
    // Once the whole request has arrived, silence is the server's (a slow report, a backup), not the
    // client's: disarmed then, unless the answer is already out (Node's keep-alive timer is running).
    const disarm = () => {
      if (!res.writableEnded) req.socket.setTimeout(0);
    };
    setImmediate(() => (req.complete ? disarm() : req.once('end', disarm)));
  });
}

/** The request's socket under @hono/node-server (`c.env.incoming`); undefined in-process (tests). */
export function requestSocket(env: unknown): TimedSocket | undefined {
  return (env as { incoming?: { socket?: TimedSocket } } | undefined)?.incoming?.socket;
}

/**
 * Stops the idle timeout while the server itself is the one waiting (an upload queued for a slot, or
 * being decoded): the socket is paused then, and silence is not the client's fault. Returns the
 * function that arms it again (for the time the body is read). requestTimeout still bounds it all.
 */
export function suspendIdleTimeout(socket: TimedSocket | undefined): () => void {
  const idle = socket?.timeout ?? 0;
  if (!socket || idle <= 0) return () => undefined;
  socket.setTimeout(0);
  return () => {
    socket.setTimeout(idle);
  };
}
