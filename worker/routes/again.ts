import { Hono } from 'hono';
import type { SeriesBody, SeriesGame, SeriesPlayer } from '../protocol';
import type { GameRoom } from '../room/GameRoom';
import { GAME_ID_PATTERN, seriesRoot } from '../room/seats';
import { bearer, fail, limitBody, readJson, roomOf, send, type App, type Ctx } from './http';

/**
 * Playing again (room/again.ts): a seat's answer to another game with this table, the host's choices for it, and
 * the series the games played again form — one link, `/api/series/:id` (any game's id of the series).
 */
export const again = new Hono<App>();

again.post('/games/:id/again', limitBody, async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  const j = await readJson(c);
  if (!j.ok) return j.res;
  return send(c, await r.room.again(bearer(c), j.body));
});

// Before the generic admin route: the host's options and replacements for the next game.
again.post('/games/:id/admin/again', limitBody, async (c) => {
  const r = roomOf(c);
  if (!r.ok) return r.res;
  const j = await readJson(c);
  if (!j.ok) return j.res;
  return send(c, await r.room.hostAgain(bearer(c), j.body));
});

/** Games a series lists at most (each is one request to its room). */
const MAX_GAMES = 100;

type Entry = SeriesGame & { prev: string | null; next: string | null };

/** One game's public line, or null when it does not exist (any more). */
function entryOf(c: Ctx, id: string): Promise<Entry | null> {
  // The RPC stub's type for a Json-typed result is too deep for tsc (TS2589); the shape is GameRoom.seriesEntry's.
  const room = c.env.GAME_ROOM.get(c.env.GAME_ROOM.idFromName(id)) as unknown as Pick<GameRoom, 'seriesEntry'>;
  return room.seriesEntry();
}

const line = ({ prev: _p, next: _n, ...game }: Entry): SeriesGame => game;

/**
 * `GET /api/series/:id` (any game's id of the series): every game of the series in order — back from `id` along
 * the `prev` links, then on along the `next` links — each with what is public of it, and the players' running
 * score over the finished ones. A game already deleted (retention.ts) ends the walk on its side.
 */
again.get('/series/:id', async (c) => {
  const id = c.req.param('id');
  if (!GAME_ID_PATTERN.test(id)) return fail(c, 'not_found', 'no such series', { id });
  const here = await entryOf(c, id);
  if (!here) return fail(c, 'not_found', 'no such series', { id });
  const before: SeriesGame[] = [];
  for (let e = here; e.prev && before.length < MAX_GAMES; ) {
    const p = await entryOf(c, e.prev);
    if (!p) break;
    before.unshift(line(p));
    e = p;
  }
  const games = [...before, line(here)];
  for (let e = here; e.next && games.length < MAX_GAMES * 2; ) {
    const n = await entryOf(c, e.next);
    if (!n) break;
    games.push(line(n));
    e = n;
  }
  const body: SeriesBody = { id: seriesRoot(id), games, players: standings(games) };
  return c.json(body);
});

/**
 * The running score by player name over the finished games: games played, wins, wins per role, and points where
 * the game scores them (驱鬼's seat points, as the seed scores them). Bots are not players of the series.
 */
export function standings(games: readonly SeriesGame[]): SeriesPlayer[] {
  const by = new Map<string, SeriesPlayer>();
  for (const g of games) {
    if (!g.result) continue;
    const res = g.result;
    g.seats.forEach((x, seat) => {
      if (x.bot || x.name === null) return;
      let p = by.get(x.name);
      if (!p) by.set(x.name, (p = { name: x.name, played: 0, wins: 0, points: null, winsAs: {} }));
      p.played++;
      const points = res.scores?.[seat];
      if (typeof points === 'number') p.points = (p.points ?? 0) + points;
      if (!res.winners.includes(seat)) return;
      p.wins++;
      const role = res.roles[seat];
      if (role) p.winsAs[role] = (p.winsAs[role] ?? 0) + 1;
    });
  }
  return [...by.values()].sort(
    (a, b) => (b.points ?? 0) - (a.points ?? 0) || b.wins - a.wins || a.name.localeCompare(b.name),
  );
}
