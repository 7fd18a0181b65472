/**
 * Exact state deltas: what one answer changed in the engine state, as data. The room stores a delta per answer
 * instead of the whole snapshot, and a room is loaded as its last full snapshot with the deltas after it applied —
 * never by running the rules again, so a deploy that changes a rule cannot change a running game's state.
 *
 * A delta is a list of operations on JSON paths (keys and array indices from the root):
 * - `[path, value]`: set (replace, or add a key at the end of its object);
 * - `[path]`: delete a key;
 * - `[path, start, deleteCount, items]`: splice an array (a card drawn from a pile, one played from a hand).
 * An object whose `id` changed (a new prompt where the answered one was, a new frame) is set whole, not edited.
 * The store diffs the state a load would rebuild — normally the state before the answer itself, plain JSON
 * (`plainJson`) — against the new state: the walk skips the parts the two share (states never change once made)
 * and compares every other part the delta leaves alone, as `sameJson` would. When the new state is plain JSON
 * (`diffPlain`), that walk proves the delta exact; otherwise, after applying the delta as it will be read back,
 * the store compares the containers the delta wrote (`sameWhere`) and writes the full snapshot whenever anything
 * differs.
 */

export type Path = (string | number)[];
export type Op = [Path, unknown] | [Path] | [Path, number, number, unknown[]];

type Obj = Record<string, unknown>;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Equal as JSON text: same values, arrays element by element, objects with the same keys in the same order. When
 * it holds, both serialise to the same bytes (it may say no where the bytes would agree, e.g. an undefined key on
 * one side only, which only makes the store write a full snapshot). Cheaper than serialising and comparing.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i] || !sameJson((a as Obj)[ka[i]!], (b as Obj)[kb[i]!])) return false;
  return true;
}

/** Two objects with different ids (strings or numbers): things a rule adds and removes, never edits into one another. */
function differentThing(a: Obj, b: Obj): boolean {
  const x = a.id;
  const y = b.id;
  return x !== y && (typeof x === 'string' || typeof x === 'number') && (typeof y === 'string' || typeof y === 'number');
}

/**
 * The walk keeps one path stack (pushed and popped, copied only into an operation): a state is hundreds of
 * nodes, and a fresh path array per node cost more than the comparisons.
 */
class Differ {
  readonly ops: Op[] = [];
  /**
   * Whether every part of `b` the walk did not skip by identity is plain JSON (`plainJson`): the containers it
   * walked, the values it wrote. With `a` plain JSON, `b` then is too (its other parts are `a`'s).
   */
  plain = true;
  private readonly path: Path = [];

  /** An operation that writes `v` (a part of `b`): noted, and `v` judged (`plainJson`). */
  private write(p: Path, v: unknown): void {
    if (this.plain && !plainJson(v)) this.plain = false;
    this.ops.push([p, v === undefined ? null : v]);
  }

  private here(k?: string | number): Path {
    const p = this.path.slice();
    if (k !== undefined) p.push(k);
    return p;
  }

  value(a: unknown, b: unknown): void {
    if (a === b) return;
    if (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null) {
      const aa = Array.isArray(a);
      if (aa === Array.isArray(b)) return aa ? this.array(a as unknown[], b as unknown[]) : this.object(a as Obj, b as Obj);
    }
    this.write(this.here(), b);
  }

  private child(k: string | number, a: unknown, b: unknown): void {
    if (a === b) return;
    // The same dispatch as `value`, without a second call per node (the walk visits every node of the state).
    const aa = Array.isArray(a);
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || aa !== Array.isArray(b)) {
      this.write(this.here(k), b);
      return;
    }
    // A different thing, not an edit of the same one: an object whose `id` changed (a new prompt in the place of
    // the one answered, a new frame on the stack) is set whole. Editing one into the other field by field wrote
    // a path per field and cost a walk of both, a check and an apply per path, for a delta no smaller.
    if (!aa && differentThing(a as Obj, b as Obj)) {
      this.write(this.here(k), b);
      return;
    }
    this.path.push(k);
    if (aa) this.array(a as unknown[], b as unknown[]);
    else this.object(a as Obj, b as Obj);
    this.path.pop();
  }

  private array(a: unknown[], b: unknown[]): void {
    if (Object.getPrototypeOf(b) !== Array.prototype) this.plain = false;
    if (a.length === b.length) {
      for (let i = 0; i < a.length; i++) {
        const x = a[i];
        const y = b[i];
        if (x !== y) this.child(i, x, y);
      }
      return;
    }
    const min = Math.min(a.length, b.length);
    let pre = 0;
    // Most elements are card ids (numbers): compared here, without a call per element of a pile.
    while (pre < min && (a[pre] === b[pre] || sameJson(a[pre], b[pre]))) pre++;
    let suf = 0;
    for (let x = a.length - 1, y = b.length - 1; suf < min - pre && (a[x] === b[y] || sameJson(a[x], b[y])); x--, y--) suf++;
    const items = b.slice(pre, b.length - suf);
    if (this.plain && !plainJson(items)) this.plain = false;
    this.ops.push([this.here(), pre, a.length - suf - pre, items]);
  }

  private object(a: Obj, b: Obj): void {
    if (Object.getPrototypeOf(b) !== Object.prototype) this.plain = false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    // The common case: the same keys in the same order, none undefined on one side only.
    let i = 0;
    if (ka.length === kb.length) for (; i < ka.length && ka[i] === kb[i]; i++);
    if (i === ka.length && i === kb.length) {
      // The values in the keys' order (`Object.values` lists them as `Object.keys` lists the keys): read by
      // position, not by a lookup of each key on each side (a keyed load per field of every object of the state).
      const va = Object.values(a);
      const vb = Object.values(b);
      for (let n = 0; n < kb.length; n++) {
        const x = va[n];
        const y = vb[n];
        if (x === y) continue;
        const k = kb[n]!;
        if (y === undefined) {
          // Deleted in the JSON, but still a key in memory: `b` is not plain JSON.
          this.plain = false;
          this.ops.push([this.here(k)]);
        } else if (x === undefined) return void this.write(this.here(), b);
        else this.child(k, x, y);
      }
      return;
    }
    // Keys keep their order only if the kept ones stay in order and the new ones come last (a set appends):
    // otherwise the object is replaced whole.
    let j = 0;
    const removed: string[] = [];
    const kept: string[] = [];
    const defined = kb.filter((k) => b[k] !== undefined);
    if (defined.length !== kb.length) this.plain = false;
    for (const k of ka) {
      if (a[k] === undefined) continue;
      if (b[k] === undefined) removed.push(k);
      else if (defined[j++] !== k) return void this.write(this.here(), b);
      else kept.push(k);
    }
    for (let n = j; n < defined.length; n++) if (a[defined[n]!] !== undefined) return void this.write(this.here(), b);
    for (const k of removed) this.ops.push([this.here(k)]);
    for (const k of kept) this.child(k, a[k], b[k]);
    for (let n = j; n < defined.length; n++) this.write(this.here(defined[n]!), b[defined[n]!]);
  }
}

/** The operations that turn `a` into `b` (both plain JSON objects; parts they share by reference are skipped). */
export function diffState(a: unknown, b: unknown): Op[] {
  const d = new Differ();
  d.value(a, b);
  return d.ops;
}

/**
 * `diffState`, and whether `b` is plain JSON (`plainJson`) given that `a` is: judged on the parts of `b` the walk
 * visits or writes, at no more cost than the walk's and the size of what it writes. When it is, the delta is
 * exact as storage reads it back (no `sameWhere` needed): each operation writes `b`'s own value, which JSON gives
 * back as itself, sets only keys whose order it has checked (an object whose keys moved is set whole), splices
 * only between a prefix and a suffix it compared equal, and every part it leaves alone is `a`'s, shared with `b`
 * or compared equal (test/worker/commit-path.test.ts checks this on random values and edits).
 */
export function diffPlain(a: unknown, b: unknown): { ops: Op[]; plain: boolean } {
  const d = new Differ();
  d.value(a, b);
  return { ops: d.ops, plain: d.plain };
}

/**
 * Whether `v` is plain JSON: strings, booleans, finite numbers other than -0, null, and ordinary objects and
 * arrays of such values, with no undefined anywhere — what the JSON round trip gives back exactly (the same keys in
 * the same order, the same values).
 */
export function plainJson(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      // NaN and ±Infinity serialise as null, -0 as 0.
      return Number.isFinite(v) && (v !== 0 || 1 / v > 0);
    case 'object': {
      if (v === null) return true;
      if (Array.isArray(v)) {
        if (Object.getPrototypeOf(v) !== Array.prototype) return false;
        for (let i = 0; i < v.length; i++) if (!plainJson(v[i])) return false;
        return true;
      }
      if (Object.getPrototypeOf(v) !== Object.prototype) return false;
      const vs = Object.values(v);
      for (let i = 0; i < vs.length; i++) if (!plainJson(vs[i])) return false;
      return true;
    }
    default:
      // undefined (a key JSON leaves out, an array slot it writes as null), functions, symbols, bigints.
      return false;
  }
}

/**
 * Deep-freeze `x`, descending only into containers not frozen yet: the parts a new state shares with the state
 * before it are frozen already, so this costs what the answer made new, not the whole state.
 */
export function freezeNew(x: unknown): void {
  if (typeof x !== 'object' || x === null || Object.isFrozen(x)) return;
  Object.freeze(x);
  const vs = Array.isArray(x) ? x : Object.values(x);
  for (let i = 0; i < vs.length; i++) {
    const v: unknown = vs[i];
    if (typeof v === 'object' && v !== null && !Object.isFrozen(v)) freezeNew(v);
  }
}

/** The value at `path` in `root`, or undefined when the path runs through something else than a container. */
function at(root: unknown, path: Path, depth: number): unknown {
  let node = root;
  for (let i = 0; i < depth; i++) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Obj)[path[i] as string];
  }
  return node;
}

/** The same keys in the same order (objects), or the same length (arrays): the shape of one container. */
function sameKeys(x: unknown, y: unknown): boolean {
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x)) return Array.isArray(y) && x.length === y.length;
  if (Array.isArray(y)) return false;
  const kx = Object.keys(x);
  const ky = Object.keys(y);
  if (kx.length !== ky.length) return false;
  for (let i = 0; i < kx.length; i++) if (kx[i] !== ky[i]) return false;
  return true;
}

/**
 * Whether `next` equals `b` as JSON (`sameJson`) wherever `ops` wrote: the value at each set (and its parent's
 * keys, in order), each spliced array, each deleted key's parent's keys. With `ops = diffState(a, b)` and
 * `next = applyDelta(a', ops)` for `a'` the very value `a` was (not a copy), the walk has already compared
 * every part it left alone with `b` exactly, so this completes the proof that `next` serialises to `b`'s
 * bytes, at the cost of the changed parts only.
 */
export function sameWhere(next: unknown, b: unknown, ops: Op[]): boolean {
  for (const op of ops) {
    const path = op[0];
    if (op.length === 4) {
      if (!sameJson(at(next, path, path.length), at(b, path, path.length))) return false;
      continue;
    }
    if (!path.length) {
      if (op.length === 1 || !sameJson(next, b)) return false;
      continue;
    }
    if (op.length === 2 && !sameJson(at(next, path, path.length), at(b, path, path.length))) return false;
    if (!sameKeys(at(next, path, path.length - 1), at(b, path, path.length - 1))) return false;
  }
  return true;
}

/** `o[k] = v`, also for a key named `__proto__` (JSON data may have one; an assignment would set the prototype). */
function put(o: Obj, k: string | number, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k as string] = v;
}

/**
 * Apply `ops` (as parsed from storage) to `root` and return the result. `copy` (the store's write-time check):
 * the containers on the changed paths are copied first, so `root` itself is left as it was; without it (a load)
 * they are changed in place. A set at the root path replaces the whole value.
 */
export function applyDelta<T>(root: T, ops: Op[], copy = false): T {
  let top: unknown = root;
  const fresh = new Set<unknown>();
  const own = (x: unknown): unknown => {
    if (!copy || fresh.has(x)) return x;
    const c = Array.isArray(x) ? x.slice() : { ...(x as Obj) };
    fresh.add(c);
    return c;
  };
  for (const op of ops) {
    const path = op[0];
    if (!path.length && op.length === 2) {
      top = op[1];
      continue;
    }
    top = own(top);
    let node = top as Obj;
    const depth = op.length === 4 ? path.length : path.length - 1;
    for (let i = 0; i < depth; i++) {
      const k = path[i]!;
      const child = own(node[k as string]);
      if (typeof child !== 'object' || child === null) throw new Error(`delta path ${JSON.stringify(path)} runs through a non-container`);
      put(node, k, child);
      node = child as Obj;
    }
    if (op.length === 4) {
      if (!Array.isArray(node)) throw new Error(`delta splice at ${JSON.stringify(path)} on a non-array`);
      node.splice(op[1], op[2], ...op[3]);
    } else if (!path.length) throw new Error('the whole state cannot be deleted');
    else if (op.length === 2) put(node, path[path.length - 1]!, op[1]);
    else delete node[path[path.length - 1] as string];
  }
  return top as T;
}

