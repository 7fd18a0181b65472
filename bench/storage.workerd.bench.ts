import { it } from 'vitest';
import { runInDurableObject } from 'cloudflare:test';
import '../worker/games';
import sanguosha from '../worker/games/sanguosha';
import type { GameRoom } from '../worker/room/GameRoom';
import { rulesOptions } from '../worker/room/core';
import { botMoves } from '../test/helpers/play';
import { api, createGame, join, room } from '../test/worker/helpers';
import { type WriteMeter, meterWrites } from '../test/worker/meter';
import type { Metric } from './report';

/**
 * What an 8-player 三国杀 game costs the host in storage, inside workerd (the real runtime and its SQLite): one
 * bot game played to the end by eight seated players answering through the API as the web client does. Per
 * answer, the rows written (every write cursor's `rowsWritten`: the platform bills rows) and the bytes bound to
 * write statements, first tenth beside last tenth; then the finished game's database size and rows per table.
 * The numbers reach bench/results/latest.json through the bench config's reporter (this runs in workerd, which
 * cannot write the file): `task.meta.bench`.
 */
const SEATS = 8;
/** A long game (the storage-cost test's seed). */
const SEED = 'storage-cost-8';

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

it('storage: rows and bytes per answer and per finished 8-player 三国杀 game, through the API inside workerd', async ({
  task,
}) => {
  const { id, admin } = await createGame({ game: 'sanguosha', seats: SEATS, deadline: { hours: 7 * 24 } });
  const tokens: string[] = [];
  for (let i = 0; i < SEATS; i++) {
    const j = await join(id, `P${i}`);
    tokens[j.seat] = j.token;
  }
  let meter: WriteMeter | undefined;
  // A clock one second further per answer, so the seats' answer buckets (3 a second) never refuse one.
  let now = Date.parse('2026-12-01T12:00:00Z');
  await runInDurableObject(room(id), (inst: GameRoom) => {
    inst.now = () => now;
    // A fixed seed (the e2e Worker's test hook, off in the test Worker), so every run measures the same game.
    Object.assign(inst, { bindings: { ...inst.bindings, TEST_HOOKS: '1' } });
    meter = meterWrites(inst);
  });
  const start = await api(`/games/${id}/start`, { body: { seed: SEED }, token: admin });
  if (start.status !== 200) throw new Error(`start: ${JSON.stringify(start.body)}`);
  // The options the room runs the rules with (the platform adds its own to the game's defaults, and passes for
  // autoPass itself: bots.ts rulesOptions): the bot game must be the same game.
  const options = rulesOptions((await api(`/games/${id}`)).body.options);
  const { moves } = botMoves(sanguosha, { seats: SEATS, seed: SEED, options });
  const size0 = await runInDurableObject(room(id), (_i: GameRoom, state) => state.storage.sql.databaseSize);
  const per: { rows: number; bytes: number }[] = [];
  let version = (await api(`/games/${id}/state`, { token: tokens[0] })).body.version as number;
  let logEnd = 0;
  for (const mv of moves) {
    now += 1000;
    meter!.take();
    const r = await api(`/games/${id}/answers?log=${logEnd}`, {
      body: { version, answer: mv.answer },
      token: tokens[mv.seat],
    });
    if (r.status !== 200)
      throw new Error(
        `answer ${per.length} refused: ${JSON.stringify(r.body).slice(0, 300)}; open: ${JSON.stringify((await api(`/games/${id}/state`, { token: tokens[mv.seat] })).body.prompts?.map((p: { id: string }) => p.id))}`,
      );
    ({ version, logEnd } = r.body);
    per.push(meter!.take());
  }
  const end = await runInDurableObject(room(id), (_i: GameRoom, state) => {
    const sql = state.storage.sql;
    const tables = sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      )
      .toArray();
    const rows = Object.fromEntries(
      tables.map((t) => [t.name, sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM "${t.name}"`).one().n]),
    );
    return { size: sql.databaseSize, rows };
  });
  const status = (await api(`/games/${id}`)).body.status;
  if (status !== 'finished') throw new Error(`the game did not finish: ${status}`);
  const n = per.length;
  const tenth = Math.max(1, Math.floor(n / 10));
  // The final answer writes the end of the game (and is not part of the last tenth's steady state).
  const first = per.slice(0, tenth);
  const last = per.slice(-tenth - 1, -1);
  const rowsFirst = mean(first.map((x) => x.rows));
  const rowsLast = mean(last.map((x) => x.rows));
  const bytesFirst = mean(first.map((x) => x.bytes));
  const bytesLast = mean(last.map((x) => x.bytes));
  const metrics: Metric[] = [
    {
      name: 'rows written per answer (mean)',
      value: mean(per.map((x) => x.rows)),
      unit: 'rows',
      note: `target ≤ 5; max ${Math.max(...per.map((x) => x.rows))}; ${n} answers`,
    },
    { name: 'rows written per answer, first tenth', value: rowsFirst, unit: 'rows' },
    { name: 'rows written per answer, last tenth', value: rowsLast, unit: 'rows' },
    { name: 'rows: last tenth ÷ first tenth', value: rowsLast / rowsFirst, unit: '×', note: 'flat: target ≤ 1.2' },
    { name: 'bytes bound to writes per answer (mean)', value: mean(per.map((x) => x.bytes)), unit: 'bytes' },
    {
      name: 'bytes: last tenth ÷ first tenth',
      value: bytesLast / bytesFirst,
      unit: '×',
      note: `flat: target ≤ 1.2; first ${bytesFirst.toFixed(0)}, last ${bytesLast.toFixed(0)}`,
    },
    {
      name: 'stored per finished game (database size)',
      value: end.size,
      unit: 'bytes',
      note: `target ≤ 1 MB; ${size0} before the start`,
    },
    {
      name: 'rows stored per finished game',
      value: Object.values(end.rows).reduce((a, b) => a + b, 0),
      unit: 'rows',
      note: Object.entries(end.rows)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    },
  ];
  task.meta.bench = {
    group: `storage: 8-player 三国杀, one bot game through the API inside workerd`,
    metrics,
  };
}, 600_000);
