import { describe, expect, it } from 'vitest';
import { SELF } from 'cloudflare:test';
import type { StateBody } from '../../worker/protocol';
import { ORIGIN, api, randomAnswer, rng, table } from './helpers';
import { PROTOCOL } from '../../worker/protocol';

/** A socket that always holds the newest state it was sent. */
async function watcher(id: string, token: string | null) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, { headers: { Upgrade: 'websocket' } });
  const ws = res.webSocket!;
  ws.accept();
  const w = { ws, state: null as StateBody | null, waiters: [] as (() => void)[] };
  ws.addEventListener('message', (e) => {
    const m = JSON.parse(e.data as string);
    if (m.type !== 'state') return;
    w.state = m;
    for (const f of w.waiters.splice(0)) f();
  });
  ws.send(JSON.stringify(token ? { type: 'hello', protocol: PROTOCOL, token } : { type: 'hello', protocol: PROTOCOL }));
  return {
    ...w,
    get latest() {
      return w.state;
    },
    async at(version: number): Promise<StateBody> {
      while (!w.state || w.state.version < version) await new Promise<void>((r) => w.waiters.push(r));
      return w.state;
    },
  };
}

const handsOf = (s: StateBody) => (s.view as { hands: (string[] | { hidden: true; count: number })[] }).hands;

describe('a whole game through the room', () => {
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: random legal play over HTTP and sockets never shows a seat another seat's cards or private log`, async () => {
      const r = rng(seed);
      const n = 3;
      const t = await table(n);
      const seats = await Promise.all(t.tokens.map((tok) => watcher(t.id, tok)));
      const spectator = await watcher(t.id, null);
      let version = (await api(`/games/${t.id}`)).body.version as number;
      for (let step = 0; step < 300; step++) {
        const views = await Promise.all(seats.map((s) => s.at(version)));
        const spec = await spectator.at(version);
        // Invariants, from every seat's side.
        for (let i = 0; i < n; i++) {
          const mine = handsOf(views[i]!)[i] as string[];
          expect(Array.isArray(mine)).toBe(true);
          const privateToI = new Set(views[i]!.log.map((l) => l.i).filter((x) => !spec.log.some((l) => l.i === x)));
          for (const other of [...views.filter((_, j) => j !== i), spec]) {
            if (other.status !== 'finished') {
              expect(handsOf(other)[i]).toEqual({ hidden: true, count: mine.length });
              const seen = JSON.stringify([other.view, other.prompts]);
              for (const c of mine) expect(seen).not.toContain(`"${c}"`);
              expect(other.log.filter((l) => privateToI.has(l.i))).toEqual([]);
            }
          }
          expect(views[i]!.prompts.every((p) => p.seat === i)).toBe(true);
        }
        expect(spec.prompts).toEqual([]);
        if (spec.status === 'finished') {
          // Once the game is over every hand is public.
          for (const v of [...views, spec]) expect(handsOf(v).every((h) => Array.isArray(h))).toBe(true);
          expect(step).toBeGreaterThan(n); // a real game was played, not just the colour picks
          for (const s of [...seats, spectator]) s.ws.close(1000);
          return;
        }
        const asked = views.flatMap((v, i) => v.prompts.map((p) => ({ i, p })));
        expect(asked.length).toBeGreaterThan(0);
        const { i, p } = asked[r(asked.length)]!;
        let accepted = false;
        for (let tries = 0; tries < 30 && !accepted; tries++) {
          const res = await api(`/games/${t.id}/answers`, {
            body: { version, answer: randomAnswer(p, r) },
            token: t.tokens[i],
          });
          if (res.status === 200) {
            accepted = true;
            version = res.body.version;
          } else {
            // Only the rules may refuse a well-formed answer to one's own open prompt.
            expect({ status: res.status, code: res.body.error.code }).toEqual({ status: 400, code: 'illegal' });
          }
        }
        expect(accepted).toBe(true);
      }
      throw new Error('the game did not end within 300 answers');
    });
  }
});
