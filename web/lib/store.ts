import { signal } from '@preact/signals';
import type { Queued } from './outbox';

/**
 * Everything the browser remembers, in localStorage (there are no accounts): per game the seat token, the
 * admin token, the seat number and name, and the last log line seen; plus a few preferences. One JSON record
 * under one key keeps the games list and the tokens consistent with each other.
 */
export interface MyGame {
  id: string;
  game: string;
  seat?: number;
  name?: string;
  /** Seat token: the bearer of this seat. */
  token?: string;
  /** Host token for the admin actions. */
  admin?: string;
  /** Highest log index seen on this device. */
  seen?: number;
  /** Id of the Web Push target registered for this game's seat. */
  push?: number;
  /** An answer made offline that waits for the connection (web/lib/outbox.ts): it survives a reload. */
  outbox?: Queued;
  /** This seat's answer to playing again (web/table/Again.tsx): its token goes on to the next game when true. */
  again?: boolean;
  /** Webhook registered for this game's seat, with its target id. */
  hook?: { id: number; url: string; format: string };
  added: number;
}

const KEY = 'teahouse.games';

function read(): Record<string, MyGame> {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/** All games this device knows, newest first; a signal so lists re-render when another tab changes them. */
export const myGames = signal<Record<string, MyGame>>(read());

// Outside a browser (unit tests in Node) there is no other tab to listen to.
if (typeof addEventListener === 'function')
  addEventListener('storage', (e) => {
    if (e.key === KEY) myGames.value = read();
  });

export function getGame(id: string): MyGame | undefined {
  return myGames.value[id];
}

/** Store the records; storage full or disabled: the session still works, only memory is lost. */
function write(all: Record<string, MyGame>): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* kept in memory only */
  }
}

/** Merge fields into the record of a game (created on first use). */
export function saveGame(id: string, patch: Partial<MyGame>): MyGame {
  const all = read();
  const g: MyGame = { ...(all[id] ?? { id, game: patch.game ?? '', added: Date.now() }), ...patch, id };
  all[id] = g;
  write(all);
  myGames.value = all;
  return g;
}

/**
 * Note the last log line this device has shown of a game ("since you were last here" reads it when the table
 * opens). It changes with nearly every move and no view draws from it, so it is written without waking the views
 * that draw from `myGames` (they would draw the whole table again after each move): the record in memory takes
 * the new value in place.
 */
export function saveSeen(id: string, seen: number): void {
  const all = read();
  const mine = myGames.peek()[id];
  if (!all[id] || !mine) return;
  all[id] = { ...all[id], seen };
  write(all);
  mine.seen = seen;
}

export function forgetGame(id: string): void {
  const all = read();
  delete all[id];
  localStorage.setItem(KEY, JSON.stringify(all));
  myGames.value = all;
}

export function pref(name: string): string | null {
  try {
    return localStorage.getItem('teahouse.' + name);
  } catch {
    return null;
  }
}

export function setPref(name: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem('teahouse.' + name);
    else localStorage.setItem('teahouse.' + name, value);
  } catch {
    /* ignore */
  }
}
