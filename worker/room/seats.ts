import { hashToken, newToken, sameHash } from './tokens';
import { checkName } from './names';
import { ok, reject, type Reply } from './reply';
import { LIMITS } from './limits';
import { iso, type Failure, type MoveBy, type Room, type SeatRow } from './types';
import type { SeatFacts } from './core';
import { mine, NO_SEAT_SETTINGS, patchSeatSettings, type SeatSettings } from './settings';
import { replanClocks } from './core';
import { handbackFor, withAwayFrom } from './bots';
import { isAway } from './quiet';

/**
 * Seats and tokens: who holds which seat (names, token hashes, bot and stand-in flags), who a bearer is, the
 * admin check, and each seat's request budget. The seat rows are read at load and again (`reload()`) after a
 * change that wrote them.
 */
export class Seats {
  rows: SeatRow[] = [];
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(private readonly r: Room) {}

  reload(): void {
    this.rows = this.r.sql
      .exec<SeatRow>('SELECT seat, name, token_hash, bot, stand_in, expiries, settings FROM seats ORDER BY seat')
      .toArray();
  }

  /** A seat's settings for the asynchronous life (orders, quiet hours, away, mention); private to the seat. */
  settingsOf(seat: number): SeatSettings {
    const json = this.rows[seat]?.settings;
    return json ? { ...NO_SEAT_SETTINGS, ...(JSON.parse(json) as Partial<SeatSettings>) } : NO_SEAT_SETTINGS;
  }

  /** Whether some seat has standing orders (else no order can answer anything). Bots too: a superset is exact. */
  anyOrders(): boolean {
    return this.rows.some((x) => this.settingsOf(x.seat).orders.length > 0);
  }

  /** Whether some seat has an away time set, past or not (else no seat is away: no stand-in, no hold). */
  anyAway(): boolean {
    return this.rows.some((x) => this.settingsOf(x.seat).awayUntil != null);
  }

  /** How many seats people hold (bots do not count). */
  joined(): number {
    return this.rows.filter((x) => x.name !== null && !x.bot).length;
  }

  /** The bot seats. */
  bots(): ReadonlySet<number> {
    return new Set(this.rows.filter((x) => x.bot).map((x) => x.seat));
  }

  /** The seats as the core sees them (core.ts). */
  facts(): SeatFacts[] {
    return this.rows.map((x) => ({
      seat: x.seat,
      bot: !!x.bot,
      standIn: !!x.stand_in,
      expiries: x.expiries,
      settings: this.settingsOf(x.seat),
    }));
  }

  names(): (string | null)[] {
    return this.rows.map((x) => x.name);
  }

  private seatOf(hash: string): number | null {
    let found: number | null = null;
    // Compare with every seat (no early exit) so the time taken does not depend on which seat matched.
    for (const x of this.rows) if (x.token_hash && sameHash(x.token_hash, hash)) found = x.seat;
    return found;
  }

  /** Token bucket per seat: cheap, in memory (an evicted room simply starts with full buckets). */
  allow(seat: number): boolean {
    const t = this.r.now();
    let b = this.buckets.get(seat);
    if (!b) this.buckets.set(seat, (b = { tokens: LIMITS.rateBurst, at: t }));
    b.tokens = Math.min(LIMITS.rateBurst, b.tokens + ((t - b.at) / 1000) * LIMITS.ratePerSecond);
    b.at = t;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Who the bearer is: a seat, a spectator (no token), or nobody (a token that matches no seat). */
  async whoIs(token: string | null): Promise<{ seat: number | null } | null> {
    if (token === null) return { seat: null };
    const seat = this.seatOf(await hashToken(token));
    return seat === null ? null : { seat };
  }

  async isAdmin(token: string | null): Promise<Failure | null> {
    if (token === null) return { code: 'unauthorized', message: 'the admin token is required' };
    if (!sameHash(this.r.store.m.adminHash, await hashToken(token)))
      return { code: 'forbidden', message: 'this is not the admin token of this game' };
    return null;
  }

  /**
   * The seat a request acts for: a token is required, must be a seat's (not a spectator's), and the seat must
   * have requests left in its bucket. The same check, in the same order, for answers, chat and notify targets.
   */
  async actingSeat(
    token: string | null,
    route: string,
    what = 'requests',
  ): Promise<{ seat: number } | { reply: Reply }> {
    const st = this.r.store;
    if (token === null) return { reply: st.rejected('unauthorized', 'a seat token is required', { route }) };
    const who = await this.whoIs(token);
    if (!who || who.seat === null)
      return { reply: st.rejected('unauthorized', 'this seat token is not valid for this game', { route }) };
    if (!this.allow(who.seat))
      return { reply: st.rejected('rate_limited', `too many ${what}; slow down`, { seat: who.seat, route }) };
    return { seat: who.seat };
  }

  /** Take the first free seat. */
  async join(body: unknown): Promise<Reply> {
    const st = this.r.store;
    if (!st.load()) return reject('not_found', 'no such game');
    const raw = (body as { name?: unknown } | null)?.name;
    if (typeof raw !== 'string') return st.rejected('bad_request', 'name is required');
    const form = checkName(raw, [], LIMITS.nameChars);
    if ('error' in form) return st.rejected(form.lookalike ? 'conflict' : 'bad_request', form.error);
    const name = form.name;
    // Hash before looking at the seats: no await may separate the check from the write.
    const token = await newToken(st.m.id, this.r.bindings.TOKEN_SECRET);
    const hash = await hashToken(token);
    const m = st.m;
    if (m.status !== 'lobby') return st.rejected('full', 'the game has started; no seat is free', { name });
    const free = this.rows.find((x) => x.name === null && !x.bot);
    if (!free) return st.rejected('full', 'every seat is taken', { name });
    const twin = checkName(name, this.names(), LIMITS.nameChars);
    if ('error' in twin) return st.rejected('conflict', twin.error, { name });
    st.mutate((mm) => {
      this.r.sql.exec(
        'UPDATE seats SET name = ?, token_hash = ?, joined_at = ? WHERE seat = ?',
        name,
        hash,
        iso(this.r.now()),
        free.seat,
      );
      mm.version++;
    });
    this.reload();
    this.r.sockets.broadcast();
    return ok({ seat: free.seat, token, seatUrl: `${m.origin}/g/${m.id}#seat=${token}` }, 201);
  }
}

/**
 * The asynchronous life of one room (issue 11): a seat's own settings — standing orders, quiet hours, away,
 * its mention in the table channel — and the host's — the game's title, the cap on quiet time, stand-ins for
 * away seats, the table channel. Checked whole (settings.ts) before anything is stored. A seat's settings are
 * stored with its seat row and shown to nobody else.
 */

/** `GET /api/games/:id/me`: the seat's own settings and the orders its game offers. */
export async function getMine(r: Room, token: string | null): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const who = await r.seats.actingSeat(token, 'me');
  if ('reply' in who) return who.reply;
  const m = st.m;
  // `handback`: what a stand-in played for this seat while it was away, once it is back (its own lines only).
  return ok({
    seat: who.seat,
    settings: mine(r.seats.settingsOf(who.seat)),
    offered: st.def().orders?.offered ?? [],
    channel: m.host?.channel ? { format: m.host.channel.format } : null,
    handback: handbackFor(r, who.seat, r.now()),
  });
}

/**
 * `PUT /api/games/:id/me`: change any of `orders`, `quiet`, `awayUntil`, `mention`. Its running clocks are
 * re-planned, and its orders answer at once whatever open prompt they answer.
 */
export async function putMine(r: Room, token: string | null, body: unknown): Promise<Reply> {
  const st = r.store;
  if (!st.load()) return reject('not_found', 'no such game');
  const who = await r.seats.actingSeat(token, 'me');
  if ('reply' in who) return who.reply;
  const seat = who.seat;
  const now = r.now();
  const old = r.seats.settingsOf(seat);
  const patched = patchSeatSettings(st.def(), old, body, { now, channelFormat: st.m.host?.channel?.format ?? null });
  if (typeof patched === 'string') return st.rejected('bad_request', patched, { seat, route: 'me' });
  const next = withAwayFrom(old, patched, { now, logEnd: r.log.end, dismiss: 'handback' in (body as object) });
  // Going away or coming back is public (the seat's "away" tag): the summary's version moves then.
  const awayChanged = isAway(old.awayUntil, now) !== isAway(next.awayUntil, now);
  st.mutate((mm) => {
    r.sql.exec('UPDATE seats SET settings = ? WHERE seat = ?', JSON.stringify(next), seat);
    r.seats.reload();
    replanClocks({ seats: r.seats.facts() }, mm, now, r.clocks.window(), [seat]);
    // Its human-timed orders' moments are drawn again from now, under its new quiet hours and absence (bots.ts).
    for (const c of mm.clocks) if (c.seat === seat) delete c.orderAt;
    // Nobody else can see a seat's settings, only whether it is away.
    if (awayChanged) mm.version++;
  });
  r.bots.runBots(LIMITS.botMovesPerRequest);
  await r.afterChange();
  return ok({ seat, settings: mine(next) });
}
