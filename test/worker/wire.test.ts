import { describe, expect, it } from 'vitest';
import { addViewPart, type ViewText } from '../../worker/engine';
import type { GameSummary, PatchMessage, StateBody } from '../../worker/protocol';
import { changed, field, headParts, patchMessage, stateMessage, type SeatJson, type Sent } from '../../worker/room/wire';
import { applyPatch } from '../../web/lib/patch';

/**
 * The messages' text (wire.ts), without a room: a state message is the body's JSON byte for byte, and a patch
 * from the body a socket was sent last, applied by the client's own code, gives the next body exactly.
 */

const summary = (version: number, paused = false): GameSummary => ({
  id: 'g',
  game: 'sanguosha',
  status: 'playing',
  paused,
  seats: [{ seat: 0, name: 'A', taken: true, bot: false, standIn: false, online: true }],
  options: {},
  deadlineMinutes: 60,
  createdAt: '2026-12-01T00:00:00.000Z',
  version,
  outcome: null,
});

/** A view as its parts' text, as a game's `viewTexts` gives it. */
function text(view: Record<string, unknown>): ViewText {
  const t: ViewText = { keys: [], parts: [] };
  for (const k in view) addViewPart(t, k, view[k]);
  return t;
}

/** One body's parts as the broadcast builds them; `byText`: the view comes as text (`GameDef.viewTexts`). */
function own(b: StateBody, byText: boolean): SeatJson {
  const t = byText ? text(b.view as Record<string, unknown>) : null;
  const f = (k: keyof StateBody): string => field(k, JSON.stringify(b[k]));
  return { view: t ? null : b.view, text: t, viewJson: null, opsFrom: undefined, ops: null, you: f('you'), prompts: f('prompts'), waiting: f('waiting'), deadline: f('deadline'), chat: f('chat') };
}

/** The summary's part of a body, in its order. */
const head = (b: StateBody): string[] => headParts(Object.fromEntries(Object.keys(summary(0)).map((k) => [k, b[k as keyof GameSummary]])) as unknown as GameSummary);

const logJson = (b: StateBody): string => `"log":${JSON.stringify(b.log)},"logFrom":${b.logFrom},"logEnd":${b.logEnd}`;

function body(version: number, view: Record<string, unknown>, more: Partial<StateBody> = {}): StateBody {
  return { ...summary(version), you: 0, view: view as StateBody['view'], prompts: [], waiting: [0], deadline: null, log: [], logFrom: 0, logEnd: 0, chat: [], ...more };
}

const first = body(3, { deck: 'standard', players: [{ seat: 0, hp: 4 }, { seat: 1, hp: 4 }], me: { seat: 0 }, pile: 10 });
const next = body(4, { deck: 'standard', players: [{ seat: 0, hp: 3 }, { seat: 1, hp: 4 }], me: { seat: 0 }, pile: 9 }, { waiting: [1], log: [{ i: 0, at: 1, msg: { key: 'x' } }], logFrom: 0, logEnd: 1, chat: [{ at: 'a', seat: 0, name: 'A', text: 'hi' }] });

describe('the messages’ text', () => {
  it('a state message is JSON.stringify of the body, byte for byte, whether the view comes as text or as a value', () => {
    for (const byText of [false, true]) expect(stateMessage(head(first), own(first, byText), logJson(first))).toBe(JSON.stringify({ type: 'state', ...first }));
  });

  it('a patch from the last body, applied by the client, gives the next body exactly; it sets only the fields that changed', () => {
    for (const byText of [false, true]) {
      const last: Sent = { version: first.version, head: head(first), own: own(first, byText), logEnd: first.logEnd };
      const changes = changed(head(next), last.head);
      const msg = JSON.parse(patchMessage(last, changes, own(next, byText), logJson(next))) as PatchMessage;
      expect(Object.keys(msg.set).sort()).toEqual(['chat', 'version', 'waiting']);
      expect(JSON.stringify(applyPatch(first, msg))).toBe(JSON.stringify(next));
    }
  });

  it('a patch with nothing new in the view carries no view operations', () => {
    const same = body(4, first.view as Record<string, unknown>);
    const last: Sent = { version: 3, head: head(first), own: own(first, true), logEnd: first.logEnd };
    const msg = JSON.parse(patchMessage(last, `,${field('version', '4')}`, own(same, true), logJson(same))) as PatchMessage;
    expect(msg.view).toBeUndefined();
    expect(JSON.stringify(applyPatch(first, msg))).toBe(JSON.stringify(same));
  });
});
