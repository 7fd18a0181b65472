/**
 * The text of the socket messages: a state body as its top-level fields (`"key":json`), and the `patch` that turns
 * what a socket was sent last into the body now (protocol.ts `PatchMessage`). Pure string work over parts the
 * broadcast (broadcast.ts) has serialised once; nothing here knows about sockets or seats.
 */
import { diffState } from './delta';
import { joinViewText, jsonKey, type ViewText } from '../engine';
import type { GameSummary } from '../protocol';
import { textOps, type TextMemo } from './viewtext';

/** A top-level field of a state body as it is written in one (`"key":json`): equal parts are equal fields. */
export type Part = string;

/**
 * One viewer's parts of a body: the view (serialised only for a full state) and its other fields, each as a part.
 * A part that did not change since the last change is the same string as then (broadcast.ts keeps them), so a
 * patch mostly compares references.
 */
export interface SeatJson {
  view: unknown;
  /** The view as the text of its parts (`GameDef.viewTexts`; then `view` is not built): what a patch compares. */
  text: ViewText | null;
  viewJson: string | null;
  /** The view's operations from the view `opsFrom` (the one a socket of this seat was sent last): one diff per seat. */
  opsFrom: unknown;
  ops: string | null;
  you: Part;
  prompts: Part;
  waiting: Part;
  deadline: Part;
  chat: Part;
}

/** What a socket was sent last (updated in place at every message). */
export interface Sent {
  version: number;
  head: Part[];
  own: SeatJson;
  /** The `logEnd` of that message: a compact patch's lines that go on from there name no `logFrom`. */
  logEnd: number;
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

/** The parts of `now` that differ from the part at the same place in `was`, each with a leading comma. */
export function changed(now: Part[], was: Part[]): string {
  let out = '';
  for (let i = 0; i < now.length; i++) if (was[i] !== now[i]) out += `,${now[i]!}`;
  return out;
}

/** The view's JSON, serialised once per seat (from its parts' text when the game builds them). */
export const viewJson = (own: SeatJson): string => (own.viewJson ??= own.text ? joinViewText(own.text) : JSON.stringify(own.view));

/** A full `state` message: the head, the seat's own parts, the log fields (`log`) and the chat. */
export function stateMessage(head: Part[], own: SeatJson, log: string): string {
  return `{"type":"state",${head.join(',')},${own.you},"view":${viewJson(own)},${own.prompts},${own.waiting},${own.deadline},${log},${own.chat}}`;
}

/**
 * The `patch` that turns what a socket was sent last into this state (protocol.ts `PatchMessage`); `head`: its
 * head's changes (`changed`); `memo`: the broadcast's, for the view's text (viewtext.ts).
 */
export function patchMessage(last: Sent, head: string, own: SeatJson, log: string, memo?: TextMemo): string {
  const was = last.own;
  // Joined without a leading comma to cut off: slicing the joined text would copy it (a string built by
  // concatenation is flattened to be sliced), once per socket; the head's changes are a few short fields.
  let set = head.slice(1);
  if (own.you !== was.you) set = set ? `${set},${own.you}` : own.you;
  if (own.prompts !== was.prompts) set = set ? `${set},${own.prompts}` : own.prompts;
  if (own.waiting !== was.waiting) set = set ? `${set},${own.waiting}` : own.waiting;
  if (own.deadline !== was.deadline) set = set ? `${set},${own.deadline}` : own.deadline;
  if (own.chat !== was.chat) set = set ? `${set},${own.chat}` : own.chat;
  // The view as delta operations (delta.ts) from the view this socket was sent last: exact, and only what
  // changed travels — by text, the parts whose text changed (viewtext.ts); else by walking the two views, the
  // values that changed (a seat's hp, not the whole list of players).
  const from = was.text ?? was.view;
  let ops = own.opsFrom === from ? own.ops : null;
  if (ops === null) {
    if (!own.text) ops = JSON.stringify(diffState(was.view, own.view));
    else if (was.text) ops = textOps(was.text, own.text, memo);
    // The first view as text after one that was not (the game has just started): set whole.
    else ops = `[[[],${(own.viewJson ??= joinViewText(own.text))}]]`;
    own.opsFrom = from;
    own.ops = ops;
  }
  return `{"type":"patch","of":${last.version},"set":{${set}}${ops === '[]' ? '' : `,"view":${ops}`},${log}}`;
}
