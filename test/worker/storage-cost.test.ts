import { describe, expect, it } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import { botAnswer, botRng, getGame } from '../../worker/engine';
import '../../worker/games';
import type { GameRoom } from '../../worker/room/GameRoom';
import { createGame, join, room } from './helpers';
import { type Cost, meterWrites } from './meter';

/** A seed whose 8-player game is long (356 answers). */
const SEED = 'storage-cost-8';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('what an answer costs the host', () => {
  it('an answer of an 8-player 三国杀 game writes at most 5 rows on average, the last tenth of the game no more than 1.2× the first in rows and bytes, and the finished game is stored in under 1 MB', async () => {
    const { id, admin } = await createGame({ game: 'sanguosha', seats: 8, deadline: { minutes: 60 } });
    for (let i = 0; i < 8; i++) await join(id, `P${i}`);
    const out = await runInDurableObject(room(id), async (inst: GameRoom) => {
      // A fixed seed (the e2e Worker's hook), so every run measures the same game.
      Object.assign(inst, { bindings: { ...inst.bindings, TEST_HOOKS: '1' } });
      expect((await inst.start(admin, { seed: SEED })).status).toBe(200);
      const def = getGame('sanguosha')!;
      const costs: Cost[] = [];
      const size0 = inst.state.storage.sql.databaseSize;
      let snapshot = 0;
      const meter = meterWrites(inst);
      while (!inst.store.game!.outcome && costs.length < 5000) {
        const s = inst.store.game!;
        const p = s.prompts[0]!;
        const r = inst.handle(p.seat, inst.store.m.version, botAnswer(def, s, p, botRng(s, p)));
        if (!r.ok) throw new Error(JSON.stringify(r.reply.body));
        costs.push(meter.take());
        snapshot = Math.max(
          snapshot,
          inst.state.storage.sql.exec<{ n: number }>('SELECT length(state) AS n FROM snapshot').one().n,
        );
      }
      meter.stop();
      const count = (t: string) => inst.state.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${t}`).one().n;
      return {
        costs,
        size0,
        size: inst.state.storage.sql.databaseSize,
        snapshot,
        logRows: count('log'),
        moveRows: count('moves'),
      };
    });
    const n = out.costs.length;
    const tenth = Math.max(1, Math.floor(n / 10));
    const first = out.costs.slice(0, tenth);
    const last = out.costs.slice(-tenth);
    const report = {
      answers: n,
      rowsPerAnswer: mean(out.costs.map((c) => c.rows)),
      bytesPerAnswer: mean(out.costs.map((c) => c.bytes)),
      firstTenth: { rows: mean(first.map((c) => c.rows)), bytes: mean(first.map((c) => c.bytes)) },
      lastTenth: { rows: mean(last.map((c) => c.rows)), bytes: mean(last.map((c) => c.bytes)) },
      snapshotBytesMax: out.snapshot,
      logRows: out.logRows,
      moveRows: out.moveRows,
      databaseBytes: out.size,
      databaseGrowthPerAnswer: (out.size - out.size0) / n,
    };
    console.log(`storage-cost ${JSON.stringify(report)}`);
    expect(n).toBeGreaterThan(300);
    expect(report.rowsPerAnswer).toBeLessThanOrEqual(5);
    expect(report.lastTenth.rows).toBeLessThanOrEqual(1.2 * report.firstTenth.rows);
    expect(report.lastTenth.bytes).toBeLessThanOrEqual(1.2 * report.firstTenth.bytes);
    expect(out.size).toBeLessThan(1_000_000);
  }, 600_000);
});
