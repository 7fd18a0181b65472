import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * A WebSocket client written on a bare TCP socket that does what a hostile old client does: it ignores close
 * frames (never answers them, never stops sending). Text frames in, text frames out, nothing else.
 */
export interface RawSocket {
  /** Send one masked text frame, whatever the server said before. */
  send(text: string): void;
  /** Text frames received so far, in order. */
  texts: string[];
  /** Close codes the server sent (and this client ignored). */
  closes: number[];
  /** Wait until a received text matches, or fail after `ms`. */
  waitFor(test: (text: string) => boolean, ms?: number): Promise<string>;
  /** Drop the TCP connection. */
  destroy(): void;
}

export function openRawSocket(url: string, headers: Record<string, string> = {}): Promise<RawSocket> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const tcp: Socket = connect(Number(u.port), u.hostname);
    const key = randomBytes(16).toString('base64');
    let buf = Buffer.alloc(0);
    let open = false;
    const texts: string[] = [];
    const closes: number[] = [];
    const waiters: (() => void)[] = [];
    const wake = () => waiters.splice(0).forEach((w) => w());
    tcp.once('error', reject);
    tcp.on('connect', () => {
      const extra = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      tcp.write(
        `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`,
      );
    });
    tcp.on('data', (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      if (!open) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.subarray(0, end).toString();
        buf = buf.subarray(end + 4);
        if (!/^HTTP\/1\.1 101/.test(head)) return reject(new Error(`no upgrade: ${head.split('\r\n')[0]}`));
        open = true;
        resolve(api);
      }
      // Unmasked server frames: FIN/opcode, length (7, 16 or 64 bits), payload.
      for (;;) {
        if (buf.length < 2) return;
        const op = buf[0]! & 0x0f;
        let len = buf[1]! & 0x7f;
        let at = 2;
        if (len === 126) {
          if (buf.length < 4) return;
          len = buf.readUInt16BE(2);
          at = 4;
        } else if (len === 127) {
          if (buf.length < 10) return;
          len = Number(buf.readBigUInt64BE(2));
          at = 10;
        }
        if (buf.length < at + len) return;
        const payload = buf.subarray(at, at + len);
        buf = buf.subarray(at + len);
        if (op === 1) texts.push(payload.toString());
        else if (op === 8) closes.push(payload.length >= 2 ? payload.readUInt16BE(0) : 1005); // ignored: no reply
        wake();
      }
    });
    const api: RawSocket = {
      texts,
      closes,
      send(text) {
        const data = Buffer.from(text);
        const mask = randomBytes(4);
        const head =
          data.length < 126
            ? Buffer.from([0x81, 0x80 | data.length])
            : Buffer.from([0x81, 0x80 | 126, data.length >> 8, data.length & 255]);
        const body = Buffer.alloc(data.length);
        for (let i = 0; i < data.length; i++) body[i] = data[i]! ^ mask[i % 4]!;
        tcp.write(Buffer.concat([head, mask, body]));
      },
      waitFor(test, ms = 5000) {
        return new Promise((ok, fail) => {
          const timer = setTimeout(
            () => fail(new Error(`no matching frame within ${ms} ms; got ${texts.join(' | ').slice(0, 500)}`)),
            ms,
          );
          const check = () => {
            const hit = texts.find(test);
            if (hit !== undefined) {
              clearTimeout(timer);
              ok(hit);
            } else waiters.push(check);
          };
          check();
        });
      },
      destroy: () => tcp.destroy(),
    };
  });
}
