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
  /**
   * The slot this one replaced: a viewer's own text of a part (its own character) replaces the one the others
   * share at that place, which the next viewer looks for again.
   */
  prev: Slot | undefined;
}

/** The slot of `s` (or the one it replaced) that holds exactly these texts of this key. */
function recall(s: Slot | undefined, key: string, x: string | string[], y: string | string[]): Slot | undefined {
  if (s && s.x === x && s.y === y && s.key === key) return s;
  const p = s?.prev;
  return p && p.x === x && p.y === y && p.key === key ? p : undefined;
}

/** A slot for these texts, keeping the one it replaces (only that one: it forgets its own `prev`). */
function remember(s: Slot | undefined, key: string, x: string | string[], y: string | string[], ops: string): Slot {
  if (s) s.prev = undefined;
  return { key, x, y, ops, prev: s };
}

/** The slots of one broadcast, by part and by item of a list part (see `Slot`); a fresh one per change. */
export interface TextMemo {
  parts: (Slot | undefined)[];
  items: (Slot | undefined)[][];
  /**
   * Where the members of the texts walked in this broadcast lie (`bounds`), by text: a text the next broadcast
   * walks from is most often one this one walked to (a character, changed again), the very same string.
   */
  walked: Map<string, number[]>;
  /** `walked` of the broadcast before (`textMemo(last)`). */
  was: Map<string, number[]> | null;
}

/** An empty memo, for one broadcast; `last`: the memo of the broadcast before, whose walked texts it may read. */
export const textMemo = (last?: TextMemo): TextMemo => ({ parts: [], items: [], walked: new Map(), was: last ? last.walked : null });

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
  // Char by char: the strings of a view are short (a key, a card, a name), where a native search per string cost
  // more than the scan. A backslash escapes the char after it.
  const n = t.length;
  for (let q = i + 1; q < n; q++) {
    const c = t.charCodeAt(q);
    if (c === 34) return q + 1;
    if (c === 92) q++;
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
 * Where the top-level members of the text of a JSON object (`obj`) or array lie in it, as `JSON.stringify` writes
 * them (no whitespace): per member of an object its name's start and end (quotes included) and its value's
 * start and end; per item of an array its start and end. Offsets only, nothing sliced: most members are the same
 * in both texts a patch compares, and are compared in place. Null: not that kind of container.
 */
function bounds(t: string, obj: boolean): number[] | null {
  if (t.charCodeAt(0) !== (obj ? 123 : 91)) return null;
  const out: number[] = [];
  const last = t.length - 1;
  let i = 1;
  while (i < last) {
    if (obj) {
      const e = stringEnd(t, i);
      if (e < 0 || t.charCodeAt(e) !== 58) return null;
      out.push(i, e);
      i = e + 1;
    }
    const e = valueEnd(t, i);
    if (e < 0) return null;
    out.push(i, e);
    i = e + 1;
  }
  return out;
}

/** Do `x[i..j)` and `y[k..l)` hold the same text? */
function sameRange(x: string, i: number, j: number, y: string, k: number, l: number): boolean {
  const n = j - i;
  if (n !== l - k) return false;
  // A long range is compared natively (a slice of a flat string is a view of it, not a copy); a short one (a
  // member's name, a number, a flag: most of them) char by char, without making a slice for it.
  if (n > SHORT_RANGE) return x.startsWith(y.slice(k, l), i);
  for (let q = 0; q < n; q++) if (x.charCodeAt(i + q) !== y.charCodeAt(k + q)) return false;
  return true;
}

/** Ranges up to this long are compared char by char (`sameRange`). */
const SHORT_RANGE = 32;

/** The items of the text of a JSON array, each as its text. */
function itemsOf(t: string, b: number[]): string[] {
  const out: string[] = new Array(b.length >> 1);
  for (let k = 0; k < b.length; k += 2) out[k >> 1] = t.slice(b[k]!, b[k + 1]!);
  return out;
}

const join = (a: string, b: string): string => (!a ? b : !b ? a : `${a},${b}`);

/**
 * The delta operations (delta.ts), as text, that turn the JSON value `x` at `path` (the path's items as JSON,
 * comma-separated) into the JSON value `y`: an object with the same keys in the same order member by member, an
 * array by `listOps`, anything else set whole — and set whole too whenever that is no longer than the walk's
 * operations. One hit point changed sends that, not the whole character.
 */
function valueOps(path: string, x: string, y: string, memo?: TextMemo): string {
  if (x === y) return '';
  const whole = `[[${path}],${y}]`;
  if (y.length < WALK_MIN || x.length < WALK_MIN) return whole;
  const open = y.charCodeAt(0);
  if (x.charCodeAt(0) !== open || (open !== 123 && open !== 91)) return whole;
  const obj = open === 123;
  // The texts' bounds from the memo where a broadcast walked them (a text holds the kind of container it opens with).
  let a = memo ? (memo.was?.get(x) ?? memo.walked.get(x)) : undefined;
  if (a === undefined) {
    const t = bounds(x, obj);
    if (!t) return whole;
    a = t;
  }
  let b = memo ? memo.walked.get(y) : undefined;
  if (b === undefined) {
    const t = bounds(y, obj);
    if (!t) return whole;
    b = t;
    if (memo) memo.walked.set(y, b);
  }
  let ops = '';
  if (obj) {
    if (a.length !== b.length) return whole;
    for (let k = 0; k < b.length; k += 4) if (!sameRange(x, a[k]!, a[k + 1]!, y, b[k]!, b[k + 1]!)) return whole;
    for (let k = 0; k < b.length; k += 4) {
      if (sameRange(x, a[k + 2]!, a[k + 3]!, y, b[k + 2]!, b[k + 3]!)) continue;
      ops = join(ops, valueOps(`${path},${y.slice(b[k]!, b[k + 1]!)}`, x.slice(a[k + 2]!, a[k + 3]!), y.slice(b[k + 2]!, b[k + 3]!)));
      if (ops.length >= whole.length) return whole;
    }
  } else ops = listOps(path, itemsOf(x, a), itemsOf(y, b), null, '');
  return ops.length < whole.length ? ops : whole;
}

/** The length of `xs[from..to)` joined by commas. */
function joinedLength(xs: string[], from: number, to: number): number {
  let n = to > from ? to - from - 1 : 0;
  for (let j = from; j < to; j++) n += xs[j]!.length;
  return n;
}

/** The length of a number's text (a list index or count: a small integer ≥ 0). */
const digits = (n: number): number => (n < 10 ? 1 : n < 100 ? 2 : String(n).length);

/**
 * The operations that turn the list of item texts `xs` at `path` into `ys`, the shortest of: item by item where
 * the lengths agree (each changed item by `valueOps`); one splice of what lies between the common start and end;
 * for a list that lost items at its front and gained some at its end (the discard pile's top cards, a hand that
 * played its first card and drew one), a splice at each end; the whole list. Only the one chosen is written (the
 * others are measured): joining a list of characters for every viewer only to count it would cost more than the
 * walk. `slots`/`key`: the memo's items of this part.
 */
function listOps(path: string, xs: string[], ys: string[], slots: (Slot | undefined)[] | null, key: string, memo?: TextMemo): string {
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
  // `[[path],start,count,[items]]`, by length: one splice of the middle, and the whole list.
  const splice = (start: number, count: number, from: number, to: number): number => path.length + 9 + digits(start) + digits(count) + joinedLength(ys, from, to);
  let bestLen = splice(pre, dx, pre, m - suf);
  let best = 'splice';
  // Items dropped at the front of the middle, items added at its end (preferred to the splice at a tie).
  let drop = 0;
  for (let d = 1; d <= 3 && d <= dx; d++) {
    const kept = dx - d;
    if (kept > dy) continue;
    let k = 0;
    while (k < kept && xs[pre + d + k] === ys[pre + k]) k++;
    if (k < kept) continue;
    const add = m - suf - (pre + kept);
    const len = path.length + 9 + digits(pre) + digits(d) + (add ? 1 + splice(pre + kept, 0, pre + kept, m - suf) : 0);
    if (len <= bestLen) (bestLen = len), (best = 'shift'), (drop = d);
    break;
  }
  const wholeLen = path.length + 7 + joinedLength(ys, 0, m);
  if (wholeLen < bestLen) (bestLen = wholeLen), (best = 'whole');
  // Item by item, preferred at a tie.
  if (dx === dy) {
    let ops = '';
    for (let j = pre; j < n - suf && ops.length <= bestLen; j++) {
      const xj = xs[j]!;
      const yj = ys[j]!;
      const mj = slots ? recall(slots[j], key, xj, yj) : undefined;
      let op: string;
      if (mj) op = mj.ops;
      else {
        op = xj === yj ? '' : valueOps(`${path},${j}`, xj, yj, memo);
        if (slots) slots[j] = remember(slots[j], key, xj, yj, op);
      }
      ops = join(ops, op);
    }
    if (ops.length <= bestLen) return ops;
  }
  if (best === 'whole') return `[[${path}],[${ys.join(',')}]]`;
  if (best === 'shift') {
    const kept = dx - drop;
    const add = ys.slice(pre + kept, m - suf);
    return `[[${path}],${pre},${drop},[]]${add.length ? `,[[${path}],${pre + kept},0,[${add.join(',')}]]` : ''}`;
  }
  return `[[${path}],${pre},${dx},[${ys.slice(pre, m - suf).join(',')}]]`;
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
    const m = memo ? recall(memo.parts[i], name, x, y) : undefined;
    if (m) {
      if (m.ops) ops = ops ? `${ops},${m.ops}` : m.ops;
      continue;
    }
    if (x === y) {
      if (memo) memo.parts[i] = remember(memo.parts[i], name, x, y, '');
      continue;
    }
    const path = pathOf(name);
    let here: string;
    if (typeof x !== 'string' && typeof y !== 'string') here = listOps(path, x, y, memo ? (memo.items[i] ??= []) : null, name, memo);
    else here = valueOps(path, typeof x === 'string' ? x : `[${x.join(',')}]`, typeof y === 'string' ? y : `[${y.join(',')}]`, memo);
    if (memo) memo.parts[i] = remember(memo.parts[i], name, x, y, here);
    if (here) ops = ops ? `${ops},${here}` : here;
  }
  // The operations are joined as they come, never cut: dropping a leading comma off the joined text would copy
  // all of it (a string built by concatenation is flattened to be sliced), once per viewer.
  return `[${ops}]`;
}
