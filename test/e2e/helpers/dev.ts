import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository root (three levels up from test/e2e/helpers). */
export const ROOT = resolve(here, '../../..');
/** The e2e Worker: the real API + GameRoom with the fixture game, serving the built client from dist/client. */
export const E2E_CONFIG = join(here, 'wrangler.e2e.toml');

/** A TCP port nobody listens on right now (the OS picks it; we release it just before wrangler takes it). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/** Does anything accept connections on 127.0.0.1:port? */
function listening(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => (s.destroy(), ok(true)));
    s.once('error', () => ok(false));
  });
}

export interface DevServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash) */
  url: string;
  port: number;
  /** Everything wrangler printed so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

export interface DevOptions {
  /** wrangler config; default: the e2e config next to this file. */
  config?: string;
  port?: number;
  /** `--var NAME:VALUE` pairs for the Worker. */
  vars?: Record<string, string>;
  /** How long to wait for the server to answer (ms); default 120 s (first run bundles the Worker). */
  timeoutMs?: number;
}

/**
 * Start `npx wrangler dev` on a free port and wait until the API answers. Builds nothing: run `npx vite build`
 * first when the test needs the client. Each server gets its own fresh state directory, so tests never see each
 * other's games. `stop()` ends the whole process group (wrangler and its workerd child).
 *
 * @example
 * const dev = await startDev();
 * try { const r = await fetch(`${dev.url}/api/games/nope`); } finally { await dev.stop(); }
 */
export async function startDev(o: DevOptions = {}): Promise<DevServer> {
  const port = o.port ?? (await freePort());
  const inspector = await freePort();
  const persist = mkdtempSync(join(tmpdir(), 'teahouse-dev-'));
  const args = [
    'wrangler',
    'dev',
    '--config',
    o.config ?? E2E_CONFIG,
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--inspector-port',
    String(inspector),
    '--persist-to',
    persist,
  ];
  for (const [k, v] of Object.entries(o.vars ?? {})) args.push('--var', `${k}:${v}`);
  const child: ChildProcess = spawn('npx', args, {
    cwd: ROOT,
    detached: true, // own process group: stop() can end wrangler and workerd together
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: '1', WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', BROWSER: 'none' },
  });
  let out = '';
  child.stdout?.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
  let exited: number | null = null;
  const exit = new Promise<void>((r) =>
    child.on('exit', (code) => {
      exited = code ?? -1;
      r();
    }),
  );
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (exited === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const t = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 5000);
      await exit;
      clearTimeout(t);
      // npx may exit before its workerd grandchild has closed the socket: wait until the port is released.
      for (let i = 0; i < 50 && (await listening(port)); i++) {
        if (i === 25) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    rmSync(persist, { recursive: true, force: true });
  };

  const deadline = Date.now() + (o.timeoutMs ?? 120_000);
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(`wrangler dev exited with code ${exited} before it was ready:\n${out.slice(-4000)}`);
    }
    try {
      // Any HTTP answer from the API (a 404 JSON for this unknown game) means the Worker is up.
      const r = await fetch(`${url}/api/games/ready-check-0000`, { signal: AbortSignal.timeout(3000) });
      if (r.status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `wrangler dev did not answer on ${url} within ${o.timeoutMs ?? 120_000} ms:\n${out.slice(-4000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { url, port, output: () => out, stop };
}
