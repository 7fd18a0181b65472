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

/** A view key's path text (`"key"`, as JSON writes the name), made once per key. */
const keyPaths = new Map<string, string>();
const pathOf = (k: string): string => {
  let p = keyPaths.get(k);
  if (p === undefined) keyPaths.set(k, (p = jsonKey(k).slice(0, -1)));
  return p;
};

/** Values shorter than this are set whole: walking into them would not make the operations shorter. */
const WALK_MIN = 24;

/** The index just past the string literal that starts at `i` of the JSON text `t` (−1: it never closes). */
function stringEnd(t: string, i: number): number {
  const n = t.length;
  for (i++; i < n; i++) {
    const c = t.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i + 1;
  }
  return -1;
}

/** The index of the `,` or closing bracket that ends the value starting at `i` of the JSON text `t` (−1: none). */
function valueEnd(t: string, i: number): number {
  const n = t.length;
  let depth = 0;
  while (i < n) {
    const c = t.charCodeAt(i);
    if (c === 34) {
      i = stringEnd(t, i);
      if (i < 0) return -1;
      continue;
    }
    if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (depth === 0) return i;
      depth--;
    } else if (c === 44 && depth === 0) return i;
    i++;
  }
  return -1;
}

/**
 * The top-level members of the text of a JSON object (`keys`: each name as JSON writes it) or array (`keys` null),
 * as `JSON.stringify` writes them (no whitespace): each value's text is a slice of `t`. Null: not a container.
 */
function members(t: string): { keys: string[] | null; vals: string[] } | null {
  const open = t.charCodeAt(0);
  if (open !== 123 && open !== 91) return null;
  const obj = open === 123;
  const keys: string[] | null = obj ? [] : null;
  const vals: string[] = [];
  const last = t.length - 1;
  let i = 1;
  if (i === last) return { keys, vals };
  while (i < last) {
    if (keys) {
      const e = stringEnd(t, i);
      if (e < 0 || t.charCodeAt(e) !== 58) return null;
      keys.push(t.slice(i, e));
      i = e + 1;
    }
    const e = valueEnd(t, i);
    if (e < 0) return null;
    vals.push(t.slice(i, e));
    i = e + 1;
  }
  return { keys, vals };
}

const join = (a: string, b: string): string => (!a ? b : !b ? a : `${a},${b}`);

/**
 * The delta operations (delta.ts), as text, that turn the JSON value `x` at `path` (the path's items as JSON,
 * comma-separated) into the JSON value `y`: an object with the same keys in the same order member by member, an
 * array by `listOps`, anything else set whole — and set whole too whenever that is no longer than the walk's
 * operations. One hit point changed sends that, not the whole character.
 */
function valueOps(path: string, x: string, y: string): string {
  if (x === y) return '';
  const whole = `[[${path}],${y}]`;
  if (y.length < WALK_MIN || x.length < WALK_MIN) return whole;
  const open = y.charCodeAt(0);
  if (x.charCodeAt(0) !== open || (open !== 123 && open !== 91)) return whole;
  const a = members(x);
  const b = members(y);
  if (!a || !b) return whole;
  let ops = '';
  if (a.keys && b.keys) {
    const ka = a.keys;
    const kb = b.keys;
    if (ka.length !== kb.length) return whole;
    for (let i = 0; i < kb.length; i++) if (ka[i] !== kb[i]) return whole;
    for (let i = 0; i < kb.length; i++) {
      const u = a.vals[i]!;
      const v = b.vals[i]!;
      if (u !== v) ops = join(ops, valueOps(`${path},${kb[i]!}`, u, v));
      if (ops.length >= whole.length) return whole;
    }
  } else ops = listOps(path, a.vals, b.vals, null, '');
  return ops.length < whole.length ? ops : whole;
}

/**
 * The operations that turn the list of item texts `xs` at `path` into `ys`, the shortest of: item by item where
 * the lengths agree (each changed item by `valueOps`); one splice of what lies between the common start and end;
 * for a list that lost items at its front and gained some at its end (the discard pile's top cards, a hand that
 * played its first card and drew one), a splice at each end; the whole list. `slots`/`key`: the memo's items of this part.
 */
function listOps(path: string, xs: string[], ys: string[], slots: (Slot | undefined)[] | null, key: string): string {
  const n = xs.length;
  const m = ys.length;
  const min = n < m ? n : m;
  let pre = 0;
  while (pre < min && xs[pre] === ys[pre]) pre++;
  if (pre === n && n === m) return '';
  let suf = 0;
  while (suf < min - pre && xs[n - 1 - suf] === ys[m - 1 - suf]) suf++;
  const dx = n - suf - pre;
  const dy = m - suf - pre;
  // One splice of the middle.
  let best = `[[${path}],${pre},${dx},[${ys.slice(pre, m - suf).join(',')}]]`;
  if (dx === dy) {
    let ops = '';
    for (let j = pre; j < n - suf && ops.length < best.length; j++) {
      const xj = xs[j]!;
      const yj = ys[j]!;
      const mj = slots?.[j];
      let op: string;
      if (mj && mj.x === xj && mj.y === yj && mj.key === key) op = mj.ops;
      else {
        op = xj === yj ? '' : valueOps(`${path},${j}`, xj, yj);
        if (slots) slots[j] = { key, x: xj, y: yj, ops: op };
      }
      ops = join(ops, op);
    }
    if (ops.length < best.length) best = ops;
  }
  // Items dropped at the front of the middle, items added at its end.
  for (let d = 1; d <= 3 && d <= dx; d++) {
    const kept = dx - d;
    if (kept > dy) continue;
    let k = 0;
    while (k < kept && xs[pre + d + k] === ys[pre + k]) k++;
    if (k < kept) continue;
    const add = ys.slice(pre + kept, m - suf);
    const ops = `[[${path}],${pre},${d},[]]${add.length ? `,[[${path}],${pre + kept},0,[${add.join(',')}]]` : ''}`;
    if (ops.length < best.length) best = ops;
    break;
  }
  // The whole list, when shorter still (a short list whose every item changed); its length is counted first.
  let whole = path.length + 7 + (m ? m - 1 : 0);
  for (let j = 0; j < m && whole < best.length; j++) whole += ys[j]!.length;
  return whole < best.length ? `[[${path}],[${ys.join(',')}]]` : best;
}

/**
 * A socket's view patch from views given as the text of their parts (`GameDef.viewTexts`): the parts whose text
 * differs from the view the socket was sent last are walked by their text — an object member by member, a list by
 * its items (splices where items came and went) — down to the values that changed, which are sent as delta
 * operations (delta.ts: `[path, value]`, `[path, start, deleteCount, items]`, each value written as its JSON
 * text). A part with the same text serialises to the same bytes, so the client's copy of it is already right: only
 * strings are compared — and the strings of the parts every viewer shares are the same ones, built once per state,
 * so with `memo` (one per broadcast) they are compared once for all viewers. Returns the operations' JSON.
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
    const path = pathOf(name);
    let here: string;
    if (typeof x !== 'string' && typeof y !== 'string') here = listOps(path, x, y, memo ? (memo.items[i] ??= []) : null, name);
    else here = valueOps(path, typeof x === 'string' ? x : `[${x.join(',')}]`, typeof y === 'string' ? y : `[${y.join(',')}]`);
    if (memo) memo.parts[i] = { key: name, x, y, ops: here };
    if (here) ops = ops ? `${ops},${here}` : here;
  }
  // The operations are joined as they come, never cut: dropping a leading comma off the joined text would copy
  // all of it (a string built by concatenation is flattened to be sliced), once per viewer.
  return `[${ops}]`;
}
