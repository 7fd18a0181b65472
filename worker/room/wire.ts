/**
 * The text of the socket messages: a state body as its top-level fields (`"key":json`), and the `patch` that turns
 * what a socket was sent last into the body now (protocol.ts `PatchMessage`). Pure string work over parts the
 * broadcast (broadcast.ts) has serialised once; nothing here knows about sockets or seats.
 */
import { diffState } from './delta';
import { joinViewText, jsonKey, type ViewText } from '../engine';
import type { GameSummary } from '../protocol';
import { textOps } from './viewtext';

/** A top-level field of a state body as it is written in one (`"key":json`): equal parts are equal fields. */
export type Part = string;

/** One seat's parts: the view (serialised only for a full state) and the other fields. */
export interface SeatJson {
  view: unknown;
  /** The view as the text of its parts (`GameDef.viewTexts`; then `view` is not built): what a patch compares. */
  text: ViewText | null;
  viewJson: string | null;
  /** The view's delta from a view a socket of this seat was sent last, per that view: one diff per seat. */
  viewOps: Map<unknown, string>;
  before: Part[];
  after: Part[];
  chat: Part;
}

/** What a socket was sent last. */
export interface Sent {
  version: number;
  head: Part[];
  own: SeatJson;
}

export const field = (k: string, json: string): Part => jsonKey(k) + json;

/** The summary's fields in its own order, its undefined ones left out (as JSON.stringify leaves them out). */
export function headParts(summary: GameSummary): Part[] {
  const out: Part[] = [];
  for (const k in summary) {
    const v = summary[k as keyof GameSummary];
    if (v !== undefined) out.push(field(k, JSON.stringify(v)));
  }
  return out;
}

/** The parts of `now` that differ from the part at the same place in `was`. */
export function changed(now: Part[], was: Part[]): Part[] {
  const out: Part[] = [];
  for (let i = 0; i < now.length; i++) if (was[i] !== now[i]) out.push(now[i]!);
  return out;
}

/** The view's JSON, serialised once per seat (from its parts' text when the game builds them). */
export const viewJson = (own: SeatJson): string => (own.viewJson ??= own.text ? joinViewText(own.text) : JSON.stringify(own.view));

/** A full `state` message: the head, the seat's own parts, the log fields (`log`) and the chat. */
export function stateMessage(head: Part[], own: SeatJson, log: string): string {
  return `{"type":"state",${[...head, ...own.before, field('view', viewJson(own)), ...own.after].join(',')},${log},${own.chat}}`;
}

/** The `patch` that turns what a socket was sent last into this state (protocol.ts `PatchMessage`); `head`: its head's changes. */
export function patchMessage(last: Sent, head: Part[], own: SeatJson, log: string): string {
  const set = head.concat(changed(own.before, last.own.before), changed(own.after, last.own.after));
  if (last.own.chat !== own.chat) set.push(own.chat);
  // The view as delta operations (delta.ts) from the view this socket was sent last: exact, and only what
  // changed travels — by text, the parts whose text changed (viewtext.ts); else by walking the two views, the
  // values that changed (a seat's hp, not the whole list of players).
  const was = last.own.text ?? last.own.view;
  let ops = own.viewOps.get(was);
  if (ops === undefined) {
    if (!own.text) ops = JSON.stringify(diffState(last.own.view, own.view));
    else if (last.own.text) ops = textOps(last.own.text, own.text);
    // The first view as text after one that was not (the game has just started): set whole.
    else ops = `[[[],${(own.viewJson ??= joinViewText(own.text))}]]`;
    own.viewOps.set(was, ops);
  }
  return `{"type":"patch","of":${last.version},"set":{${set.join(',')}}${ops === '[]' ? '' : `,"view":${ops}`},${log}}`;
}
