// The MLLP (TCP) listener labs send ORU^R01 messages to. Framing is MLLP's: VT, the message,
// FS CR. Framed here rather than with @medplum/hl7's Hl7Server, which keeps no limit on a frame,
// closes no idle connection and listens on every interface; its Hl7Client is what the shop's
// simulator and tests send with, so both ends of the wire are checked against the library.
import net from 'node:net';

const VT = 0x0b;
const FS = 0x1c;
const CR = 0x0d;

/** Answers one framed message with the ACK text; never rejects (a failure is an AE ACK). */
export type MllpHandler = (message: string) => Promise<string>;

/** A timer the listener can be handed, so a test decides when "idle too long" has come. */
export interface IdleTimers {
  start(ms: number, fire: () => void): () => void;
}

export const realIdleTimers: IdleTimers = {
  start(ms, fire) {
    const timer = setTimeout(fire, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface MllpListenerOptions {
  port: number;
  host: string;
  handler: MllpHandler;
  /** The answer to a frame over `maxFrameBytes`: the connection is then closed. */
  tooLarge: (head: string) => string;
  maxFrameBytes: number;
  /** A connection that completes no message for this long is closed (a stalled or half frame). */
  idleMs: number;
  timers?: IdleTimers;
  onError?: (error: unknown) => void;
}

export interface MllpListener {
  port: number;
  /** Open connections, for tests that watch one being closed. */
  connections(): number;
  close(): Promise<void>;
}

const frame = (text: string) => {
  const body = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from([VT]), body, Buffer.from([FS, CR])]);
};

function serveConnection(socket: net.Socket, options: MllpListenerOptions): void {
  const timers = options.timers ?? realIdleTimers;
  let chunks: Buffer[] = [];
  let buffered = 0;
  let chain: Promise<void> = Promise.resolve();
  let stopIdle = () => {};
  const armIdle = () => {
    stopIdle();
    stopIdle = timers.start(options.idleMs, () => socket.destroy());
  };
  socket.on('close', () => stopIdle());
  socket.on('error', () => socket.destroy());
  armIdle();

  // Messages on one connection are answered in the order they came.
  const answer = (text: string) => {
    chain = chain.then(async () => {
      try {
        const ack = await options.handler(text);
        if (!socket.destroyed) socket.write(frame(ack));
        armIdle();
      } catch (error) {
        options.onError?.(error);
        socket.destroy();
      }
    });
  };

  socket.on('data', (data: Buffer) => {
    chunks.push(data);
    buffered += data.length;
    let all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    for (;;) {
      const end = all.indexOf(FS);
      if (end === -1 || end + 1 >= all.length) break;
      const start = all.indexOf(VT);
      // Bytes before VT are noise between frames; a frame is VT … FS CR.
      if (start !== -1 && start < end && all[end + 1] === CR)
        answer(all.subarray(start + 1, end).toString('utf8'));
      all = all.subarray(end + 2);
    }
    chunks = all.length > 0 ? [all] : [];
    buffered = all.length;
    if (buffered > options.maxFrameBytes) {
      const start = all.indexOf(VT);
      const head = all.subarray(start + 1, start + 1 + 4096).toString('utf8');
      chunks = [];
      socket.pause();
      chain = chain.then(() => {
        socket.end(frame(options.tooLarge(head)));
        socket.destroySoon();
      });
    }
  });
}

/** Starts listening; resolves once the port is open (port 0 picks a free one). */
export function startMllpListener(options: MllpListenerOptions): Promise<MllpListener> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    try {
      serveConnection(socket, options);
    } catch (error) {
      options.onError?.(error);
      socket.destroy();
    }
  });
  server.on('error', (error) => options.onError?.(error));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const { port } = server.address() as net.AddressInfo;
      resolve({
        port,
        connections: () => sockets.size,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
