import { joinViewText, jsonKey, type ViewText } from '../engine';

/**
 * What `textOps` worked out for one part (or one item of a list part) of a view, for the next viewer whose two
 * views hold the very same two strings there: the parts every viewer shares are the same strings (built once per
 * state), so eight seats compare them once, not eight times.
 */
interface Slot {
  /** The view key of the part (another viewer's view may hold another key at the same place). */
  key: string;
  x: string | string[];
  y: string | string[];
  /** The part's operations' text, comma-separated ('' when nothing changed). */
  ops: string;
}

/** The slots of one broadcast, by part and by item of a list part (see `Slot`); a fresh one per change. */
export interface TextMemo {
  parts: (Slot | undefined)[];
  items: (Slot | undefined)[][];
}

/** An empty memo, for one broadcast. */
export const textMemo = (): TextMemo => ({ parts: [], items: [] });

/** `[[key],` and `[[key,` of a view key, made once per key. */
const keyOps = new Map<string, { whole: string; item: string }>();
const keyOf = (k: string): { whole: string; item: string } => {
  let o = keyOps.get(k);
  if (o === undefined) {
    const key = jsonKey(k).slice(0, -1);
    keyOps.set(k, (o = { whole: `[[${key}],`, item: `[[${key},` }));
  }
  return o;
};

/**
 * A socket's view patch from views given as the text of their parts (`GameDef.viewTexts`): the parts whose text
 * differs from the view the socket was sent last are sent whole, as delta operations (delta.ts: `[path, value]`,
 * the value written as its JSON text); a list of the same length item by item. A part with the same text
 * serialises to the same bytes, so the client's copy of it is already right: nothing is walked, only strings
 * compared — and the strings of the parts every viewer shares are the same ones, built once per state, so with
 * `memo` (one per broadcast) they are compared once for all viewers. Walking every seat's view whole (every view
 * holds every character) was the largest part of a broadcast at eight seats. Returns the operations' JSON.
 */
export function textOps(a: ViewText, b: ViewText, memo?: TextMemo): string {
  // Other keys, or in another order: the whole view is set.
  const ak = a.keys;
  const bk = b.keys;
  if (ak.length !== bk.length) return `[[[],${joinViewText(b)}]]`;
  for (let i = 0; i < bk.length; i++) if (ak[i] !== bk[i]) return `[[[],${joinViewText(b)}]]`;
  let ops = '';
  for (let i = 0; i < bk.length; i++) {
    const x = a.parts[i]!;
    const y = b.parts[i]!;
    // The memo is looked at first: the same strings are the same by reference, where comparing two equal texts
    // reads them through.
    const name = bk[i]!;
    const m = memo?.parts[i];
    if (m && m.x === x && m.y === y && m.key === name) {
      if (m.ops) ops = ops ? `${ops},${m.ops}` : m.ops;
      continue;
    }
    if (x === y) {
      if (memo) memo.parts[i] = { key: name, x, y, ops: '' };
      continue;
    }
    const k = keyOf(name);
    let here = '';
    if (typeof x !== 'string' && typeof y !== 'string' && x.length === y.length) {
      const slots = memo ? (memo.items[i] ??= []) : null;
      for (let j = 0; j < y.length; j++) {
        const xj = x[j]!;
        const yj = y[j]!;
        const mj = slots?.[j];
        if (mj && mj.x === xj && mj.y === yj && mj.key === name) {
          if (mj.ops) here = here ? `${here},${mj.ops}` : mj.ops;
          continue;
        }
        const op = xj === yj ? '' : `${k.item}${j}],${yj}]`;
        if (slots) slots[j] = { key: name, x: xj, y: yj, ops: op };
        if (op) here = here ? `${here},${op}` : op;
      }
    } else if (typeof x === 'string' && typeof y === 'string') {
      if (x !== y) here = `${k.whole}${y}]`;
    } else here = `${k.whole}${typeof y === 'string' ? y : `[${y.join(',')}]`}]`;
    if (memo) memo.parts[i] = { key: name, x, y, ops: here };
    if (here) ops = ops ? `${ops},${here}` : here;
  }
  // The operations are joined as they come, never cut: dropping a leading comma off the joined text would copy
  // all of it (a string built by concatenation is flattened to be sliced), once per viewer.
  return `[${ops}]`;
}
