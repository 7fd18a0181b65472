/**
 * A real HTTP server on 127.0.0.1 with a port the OS picks (free by construction), for delivery tests.
 * Each test starts its own and closes it.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bytes, ReceivedRequest } from './receiver';

/** A reply; `'hang'` never answers (the connection stays open until the server closes). */
export type Reply = { status: number; headers?: Record<string, string> } | 'hang';

export interface TestServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** The request as the tests inspect it: absolute URL, method, headers, the whole body. */
export async function receive(req: IncomingMessage): Promise<ReceivedRequest> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return {
    url: `http://${req.headers.host}${req.url}`,
    method: req.method ?? '',
    headers,
    body: new Uint8Array(Buffer.concat(chunks)) as Bytes,
  };
}

export async function startServer(
  reply: (req: ReceivedRequest) => Reply = () => ({ status: 201 }),
): Promise<TestServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer(async (req, res) => {
    const rec = await receive(req);
    received.push(rec);
    const r = reply(rec);
    if (r === 'hang') return;
    res.writeHead(r.status, r.headers ?? {});
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
