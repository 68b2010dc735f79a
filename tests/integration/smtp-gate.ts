/**
 * A gate in front of an SMTP server (Mailpit), for mails that must stay in flight. PocketBase
 * sends a reset mail in the background and only then starts its own 2-minute resend guard, and
 * its SMTP client waits for the server's greeting without a time limit: while the gate is shut,
 * every mail PocketBase starts to send holds a connection here, and more requests for the same
 * account reach the reset hook. Opening the gate pipes every held and later connection through.
 * Each connection is one mail PocketBase started to send.
 */
import { connect, createServer, type Socket } from 'node:net';
import { waitFor } from '../fixtures/wait-for.ts';

export interface SmtpGate {
  port: number;
  /** The connections so far: the mails PocketBase started to send through the gate. */
  connections(): number;
  /** Waits until at least `count` connections have arrived. */
  waitForConnections(count: number, timeoutMs?: number): Promise<void>;
  open(): void;
  shut(): void;
  close(): Promise<void>;
}

export async function startSmtpGate(targetPort: number): Promise<SmtpGate> {
  let isOpen = true;
  let count = 0;
  const held: Socket[] = [];
  const sockets = new Set<Socket>();

  const pipeThrough = (client: Socket) => {
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const server = createServer((client) => {
    count += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (isOpen) pipeThrough(client);
    else {
      client.pause();
      client.on('error', () => client.destroy());
      held.push(client);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // port 0: the system picks a free port, so no other server can take it first
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP gate has no port');

  return {
    port: address.port,
    connections: () => count,
    async waitForConnections(wanted, timeoutMs = 15_000) {
      await waitFor(
        `${wanted} SMTP connections through the gate`,
        () => count,
        (n) => n >= wanted,
        {
          timeoutMs,
          intervalMs: 50,
        },
      );
    },
    open() {
      isOpen = true;
      for (const client of held.splice(0)) {
        pipeThrough(client);
        client.resume();
      }
    },
    shut() {
      isOpen = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
