import { performance } from 'node:perf_hooks';
import { median } from './report';
import { PROTOCOL } from '../worker/protocol';

/**
 * Live answer → broadcast measurement against a running room server, over any transport that can post JSON and
 * open a WebSocket: Miniflare directly (workerd in-process, bench/workerd.bench.ts) or `wrangler dev` over
 * loopback. Games are the hidden-hand fixture with 4 seats, each seat holding one socket that says hello
 * with `log` as the client does.
 */
export interface Transport {
  post(path: string, body: unknown, token?: string): Promise<Record<string, any>>;
  get(path: string, token?: string): Promise<Record<string, any>>;
  socket(path: string): Promise<Sock>;
}

export interface Sock {
  send(s: string): void;
  onMessage(f: (data: string) => void): void;
  close(): void;
}

const SEATS = 4;

interface Latest {
  version: number;
  logEnd: number;
  status: string;
  prompts: { id: string; options: { id: string; cards?: { from: string[] } }[] }[];
}

/** One game: create, join 4 seats, start, open the 4 sockets; `play` answers `n` times and times each answer. */
export async function liveGame(t: Transport, limit: number) {
  const g = await t.post('/api/games', { game: 'hidden', seats: SEATS, options: { limit }, deadline: { hours: 24 } });
  const id = g.id as string;
  const tokens: string[] = [];
  for (let i = 0; i < SEATS; i++) tokens.push((await t.post(`/api/games/${id}/seats`, { name: `p${i}` })).token as string);
  await t.post(`/api/games/${id}/start`, {}, g.adminToken as string);
  const latest: (Latest | null)[] = Array(SEATS).fill(null);
  let waiters: { version: number; done: () => void }[] = [];
  let pongs: (() => void)[] = [];
  const socks: Sock[] = [];
  await Promise.all(
    tokens.map(async (token, seat) => {
      const ws = await t.socket(`/api/games/${id}/live`);
      socks[seat] = ws;
      await new Promise<void>((ok) => {
        ws.onMessage((data) => {
          if (data === 'pong') return pongs.splice(0).forEach((f) => f());
          const m = JSON.parse(data);
          if (m.type === 'error') throw new Error(`socket error: ${data}`);
          if (m.type !== 'state') return;
          const first = latest[seat] === null;
          latest[seat] = m as Latest;
          if (first) ok();
          waiters = waiters.filter((w) => (latest.every((s) => s && s.version >= w.version) ? (w.done(), false) : true));
        });
        ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, token, log: 0 }));
      });
    }),
  );
  return {
    id,
    /**
     * Answer up to `n` times; returns ms per answer (sent → all 4 sockets hold the new version). `http`: as the
     * web client answers, by POST (the time then also waits for the response); else on the seat's socket.
     */
    async play(n: number, http = false): Promise<number[]> {
      const out: number[] = [];
      for (let k = 0; k < n; k++) {
        const seat = latest.findIndex((s) => s && s.prompts.length > 0);
        const st = latest[seat];
        if (!st || st.status === 'finished') break;
        const p = st.prompts[0]!;
        const target = st.version + 1;
        const t0 = performance.now();
        const arrived = new Promise<boolean>((done) => {
          const timer = setTimeout(() => done(false), 10_000);
          waiters.push({ version: target, done: () => (clearTimeout(timer), done(true)) });
        });
        const answer = { prompt: p.id, option: 'play', cards: [p.options[0]!.cards!.from[0]!] };
        // As the web client posts it: with `log`, the end of the lines it holds (web/lib/live.ts), so the reply
        // carries only the lines it lacks.
        const posted = http ? t.post(`/api/games/${id}/answers?log=${st.logEnd}`, { version: st.version, answer }, tokens[seat]) : null;
        if (!http) socks[seat]!.send(JSON.stringify({ type: 'answer', version: st.version, answer }));
        if (posted) await posted;
        if (!(await arrived)) throw new Error(`game ${id}: an answer never reached all sockets (lost update at version ${target})`);
        out.push(performance.now() - t0);
      }
      return out;
    },
    /** The runtime's own answer to a ping (setWebSocketAutoResponse): the baseline under the same load. */
    async ping(): Promise<number> {
      const t0 = performance.now();
      await new Promise<void>((ok) => {
        pongs.push(ok);
        socks[0]!.send('ping');
      });
      return performance.now() - t0;
    },
    /** Every socket holds the room's final version, and the room counted every answer: no update was lost. */
    async check(answers: number): Promise<void> {
      const s = await t.get(`/api/games/${id}/state`, tokens[0]);
      const versions = latest.map((x) => x!.version);
      if (versions.some((v) => v !== s.version)) throw new Error(`game ${id}: sockets at ${versions}, room at ${s.version}`);
      if ((s.view as { moves: number }).moves !== answers) throw new Error(`game ${id}: ${answers} answers sent, ${(s.view as { moves: number }).moves} applied`);
    },
    close: () => socks.forEach((w) => w.close()),
  };
}

export { median };

/**
 * Answer → all sockets for one game, with the ping baseline interleaved, answered on the socket and (another
 * game) by POST as the web client does; then 50 games at once, on the sockets. First, `warm` answers' worth of
 * those concurrent rounds, unrecorded (warm.ts: the server's code is cold in a fresh runtime), the first of which is
 * reported as the cold round.
 */
export async function liveBench(t: Transport, o: { reps: number; answers: number; games: number; perGame: number; warm?: number; serverCpu?: () => number }) {
  /**
   * One concurrent round: `o.games` games answering at once, `o.perGame` answers each, with the CPU per answer over
   * its answers only (no setup in it): the server's (µs, when the transport can tell) and this client's.
   */
  const round = async () => {
    const games = await Promise.all([...Array(o.games)].map(() => liveGame(t, o.perGame)));
    const w0 = o.serverCpu?.() ?? 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const all = await Promise.all(games.map((g) => g.play(o.perGame)));
    const secs = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    const w = (o.serverCpu?.() ?? 0) - w0;
    await Promise.all(games.map((g, i) => g.check(all[i]!.length)));
    games.forEach((g) => g.close());
    const n = all.reduce((a, x) => a + x.length, 0);
    return { n, rate: n / secs, clientCpu: (c.user + c.system) / n, serverCpu: o.serverCpu ? w / n : NaN, underLoad: median(all.flat()) };
  };
  let cold: Awaited<ReturnType<typeof round>> | null = null;
  for (let warmed = 0; warmed < (o.warm ?? 0); ) {
    const r = await round();
    cold ??= r;
    warmed += r.n;
  }
  const single: number[] = [];
  const pings: number[] = [];
  const http: number[] = [];
  for (let r = 0; r < o.reps; r++) {
    const h = await liveGame(t, o.answers);
    const posted = await h.play(o.answers, true);
    await h.check(posted.length);
    h.close();
    http.push(median(posted));
    const g = await liveGame(t, o.answers);
    const times = await g.play(o.answers);
    const ps: number[] = [];
    for (let k = 0; k < 50; k++) ps.push(await g.ping());
    await g.check(times.length);
    g.close();
    single.push(median(times));
    pings.push(median(ps));
  }
  const rates: number[] = [];
  const underLoad: number[] = [];
  const serverCpu: number[] = [];
  const clientCpu: number[] = [];
  for (let r = 0; r < Math.min(o.reps, 3); r++) {
    const x = await round();
    rates.push(x.rate);
    clientCpu.push(x.clientCpu);
    if (o.serverCpu) serverCpu.push(x.serverCpu);
    underLoad.push(x.underLoad);
  }
  return { single, pings, http, rates, underLoad, serverCpu, clientCpu, cold };
}
