import { signal } from '@preact/signals';
import type { Lang, Strings } from '../games/types';

/**
 * The client's strings, one language at a time. In the build every strings module (the shell's, each game's)
 * is a pack whose `strings` starts empty for each language and is filled from that language's own chunks (see
 * web/tools/split-strings.ts): the first holds what a first screen shows, the second (`<pack>~later`) the
 * rest — card and skill texts, log lines, other pages' strings — fetched after the first paint (`loadLater`)
 * and awaited by every lazy part that shows them. In the dev server and in Node the loaders below stay empty
 * and the modules carry every language, so nothing here has anything to do.
 */
type Loader = () => Promise<{ default: Strings }>;

interface Pack {
  tables: Record<Lang, Strings>;
  loading: Partial<Record<Lang, Promise<void>>>;
}

const LATER = '~later';

/** pack → language → its chunk; the build writes the loaders in place of the empty object. */
const loaders: Record<string, Partial<Record<Lang, Loader>>> = /* strings-index */ {};
const packs = new Map<string, Pack>();
/** The language every pack should hold: packs that register later start fetching it at once. */
let wanted: Lang | null = null;
/** Packs the page has asked for (a game it opened): the ones a language switch must load too. */
const used = new Set<string>();
/** Once something asked for the later halves, every pack in use (and every language switched to) gets them too. */
let laterWanted = false;

/**
 * Bumped when a later half arrives: `s` and `t` read it, so a part that rendered a key before its text was in
 * renders again with the text (lazy parts await `loadLater` and never show the key; this is the safety net).
 */
export const stringsArrived = signal(0);

function entry(name: string): Pack {
  let p = packs.get(name);
  if (!p) {
    p = { tables: { 'zh-CN': {}, 'zh-TW': {}, en: {} }, loading: {} };
    packs.set(name, p);
  }
  return p;
}

/** Fetch one chunk (`part` is a pack or its later half) into the pack's table for `l`. */
function fetchPart(name: string, part: string, l: Lang): Promise<void> {
  const load = loaders[part]?.[l];
  if (!load) return Promise.resolve();
  const p = entry(part);
  return (p.loading[l] ??= load().then(
    (m) => {
      Object.assign(entry(name).tables[l], m.default);
      if (part !== name) stringsArrived.value++;
    },
    (e: unknown) => {
      delete p.loading[l];
      throw e;
    },
  ));
}

function fetchLang(name: string, l: Lang): Promise<void> {
  const first = fetchPart(name, name, l);
  return laterWanted ? Promise.all([first, fetchPart(name, name + LATER, l)]).then(() => undefined) : first;
}

/**
 * The stand-in for a strings module: its tables, filled as languages arrive. Imported by the modules the build
 * generates (web/tools/split-strings.ts `standInModule`), which no source file names.
 * @public
 */
export function pack(name: string): Record<Lang, Strings> {
  used.add(name);
  if (wanted) void fetchLang(name, wanted).catch(() => undefined);
  return entry(name).tables;
}

/** Fetch one pack's strings in `l` (a game's, in parallel with its code); resolves when they are in. */
export function loadPack(name: string, l: Lang): Promise<void> {
  used.add(name);
  return fetchLang(name, l);
}

/** Make `l` the language of every pack in use, now and later; resolves when their strings are in. */
export function loadLang(l: Lang): Promise<void> {
  wanted = l;
  return Promise.all([...used].map((n) => fetchLang(n, l))).then(() => undefined);
}

/**
 * The later halves of every pack in use, in the current language (and from now on, of every pack and language
 * that comes): called after the first paint, and by the lazy parts that show those strings before they render.
 */
export function loadLater(): Promise<void> {
  laterWanted = true;
  const l = wanted;
  if (!l) return Promise.resolve();
  return Promise.all([...used].map((n) => fetchPart(n, n + LATER, l))).then(() => undefined);
}

/** `p`, once the later strings are in too: for a lazy part that shows them (its chunk and theirs in parallel). */
export function later<T>(p: Promise<T>): Promise<T> {
  return Promise.all([p, loadLater()]).then(([x]) => x);
}
