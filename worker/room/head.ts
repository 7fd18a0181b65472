/**
 * The head of every state message: the game's summary (protocol.ts `GameSummary`) as its top-level fields'
 * text, `"key":json` in the summary's own order — the same bytes as `headParts(summary(…))` (wire.ts,
 * bodies.ts), kept between broadcasts and rebuilt only where something changed. Between two answers only the
 * version changes, yet building the summary (a record per seat) and serialising it was a visible share of a
 * broadcast. Everything here is public: the same text goes to every viewer.
 */
import { publicSeatUntil } from './settings';
import { field, type Part } from './wire';
import type { Attachment, Room } from './types';

const J = JSON.stringify;

/** A seat's text and what it was built from. */
interface SeatMemo {
  name: string | null;
  bot: number;
  standIn: number;
  settings: string | null;
  online: boolean;
  /** The public settings' text (`,"asleepUntil":…,"away":true`), for a seat with settings. */
  pub: string;
  /** The instants between which `pub` holds for these settings ([from, until)). */
  pubFrom: number;
  pubUntil: number;
  json: string;
}

export class Head {
  private parts: Part[] = [];
  /** The values the last head's parts were made of, by place. */
  private vals: unknown[] = [];
  private seats: SeatMemo[] = [];
  private seatsPart: Part = '';

  /** The head now; its parts are the strings of the last head wherever their value did not change. */
  now(r: Room, list: { att: Attachment }[]): Part[] {
    const m = r.store.m;
    const out: Part[] = new Array(10);
    out[0] = this.part(0, 'id', m.id);
    out[1] = this.part(1, 'game', m.game);
    out[2] = this.part(2, 'status', m.status);
    out[3] = m.paused ? '"paused":true' : '"paused":false';
    out[4] = this.seatsNow(r, list);
    // Replaced whenever it changes, never edited in place (types.ts `Meta`): the same object has the same text.
    out[5] = this.part(5, 'options', m.options);
    out[6] = this.part(6, 'deadlineMinutes', m.deadlineMinutes);
    out[7] = this.part(7, 'createdAt', m.createdAt);
    out[8] = `"version":${m.version}`;
    const outcome = r.store.game?.outcome ?? null;
    out[9] = outcome === null ? '"outcome":null' : field('outcome', J(outcome));
    return (this.parts = out);
  }

  /** Field `k` (at `i`) of value `v`: the last head's text when the value is the same one. */
  private part(i: number, k: string, v: unknown): Part {
    if (this.vals[i] === v && this.parts[i] !== undefined) return this.parts[i]!;
    this.vals[i] = v;
    return field(k, J(v));
  }

  /** `"seats":[…]`, each seat as `SeatInfo`'s JSON, from its row, its sockets and its public settings. */
  private seatsNow(r: Room, list: { att: Attachment }[]): Part {
    const rows = r.seats.rows;
    let mask = 0;
    let spill: Set<number> | null = null;
    for (const { att } of list) {
      const s = att.seat;
      if (!att.ready || s === null) continue;
      if (s < 31) mask |= 1 << s;
      else (spill ??= new Set()).add(s);
    }
    const now = r.now();
    let changed = rows.length !== this.seats.length || !this.seatsPart;
    for (let k = 0; k < rows.length; k++) {
      const x = rows[k]!;
      const online = x.seat < 31 ? ((mask >> x.seat) & 1) === 1 : !!spill?.has(x.seat);
      const c = this.seats[k];
      let pub = '';
      let pubFrom = -Infinity;
      let pubUntil = Infinity;
      // Only what everyone may know of a seat's settings: asleep until when, away or not (settings.ts), kept
      // for the same settings until the seat falls asleep, wakes or comes back.
      if (x.settings) {
        if (c && c.settings === x.settings && c.pubFrom <= now && now < c.pubUntil) ({ pub, pubFrom, pubUntil } = c);
        else {
          const p = publicSeatUntil(r.seats.settingsOf(x.seat), now);
          if (p.pub.asleepUntil) pub += `,"asleepUntil":${J(p.pub.asleepUntil)}`;
          if (p.pub.away) pub += ',"away":true';
          pubFrom = now;
          pubUntil = p.until;
        }
      }
      if (c && c.name === x.name && c.bot === x.bot && c.standIn === x.stand_in && c.settings === x.settings && c.online === online && c.pub === pub) {
        c.pubFrom = pubFrom;
        c.pubUntil = pubUntil;
        continue;
      }
      changed = true;
      const json = `{"seat":${J(x.seat)},"name":${J(x.name)},"taken":${x.name !== null},"bot":${!!x.bot},"standIn":${!!x.stand_in},"online":${online}${pub}}`;
      this.seats[k] = { name: x.name, bot: x.bot, standIn: x.stand_in, settings: x.settings, online, pub, pubFrom, pubUntil, json };
    }
    if (changed) {
      this.seats.length = rows.length;
      let json = '';
      for (let k = 0; k < rows.length; k++) json += (k ? ',' : '') + this.seats[k]!.json;
      this.seatsPart = `"seats":[${json}]`;
    }
    return this.seatsPart;
  }
}
