/**
 * Exact deltas between two JSON values (a seat's views before and after an answer, wire.ts; applied by the
 * client, web/lib/patch.ts).
 *
 * A delta is a list of operations on JSON paths (keys and array indices from the root):
 * - `[path, value]`: set (replace, or add a key at the end of its object);
 * - `[path]`: delete a key;
 * - `[path, start, deleteCount, items]`: splice an array (a card drawn from a pile, one played from a hand).
 * An object whose `id` changed (a new prompt where the answered one was, a new frame) is set whole, not edited.
 * The walk skips the parts the two values share by reference and compares every other part, as `sameJson` would.
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
function sameJson(a: unknown, b: unknown): boolean {
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
  private readonly path: Path = [];

  /** An operation that writes `v` (a part of `b`). */
  private write(p: Path, v: unknown): void {
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
    this.ops.push([this.here(), pre, a.length - suf - pre, items]);
  }

  private object(a: Obj, b: Obj): void {
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
          // Deleted in the JSON, but still a key in memory.
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

/** `o[k] = v`, also for a key named `__proto__` (JSON data may have one; an assignment would set the prototype). */
function put(o: Obj, k: string | number, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k as string] = v;
}

/**
 * Apply `ops` (as parsed from JSON) to `root` and return the result. `copy`: the containers on the changed paths
 * are copied first, so `root` itself is left as it was; without it they are changed in place. A set at the root
 * path replaces the whole value.
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

