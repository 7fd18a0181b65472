/**
 * Names and chat as people type them, made safe to show: one Unicode form (NFC), no control or invisible
 * formatting characters (NUL, ESC, U+202E right-to-left override, U+200B zero-width space…), whitespace
 * collapsed. And a name's "skeleton", so two seats cannot carry names that look the same (`first` and
 * `first\u200B`, Latin `a` and Cyrillic `а`, `Bill` and `BiII`, 力 and カ): the table must tell players apart.
 * Pure functions, no platform.
 */
import unhomoglyph from 'unhomoglyph';
import { CustomConverter } from 'opencc-js/core';
import TS_CHARACTERS from 'opencc-js/dict/TSCharacters';

/**
 * Characters that are removed: controls (Cc), formatting (Cf: zero-width, bidi overrides, the BOM, tags), lone
 * surrogates (Cs), private-use (Co) and unassigned (Cn) code points, and letters and marks that draw nothing
 * (Hangul fillers, the combining grapheme joiner, the Braille blank, Mongolian vowel separator and free
 * variation selectors). A zero-width joiner inside an emoji sequence (👩‍💻) is kept: there it draws one glyph.
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each code point is listed on its own, to be removed on its own
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\uffa0]/gu;
const EMOJI_BEFORE = /\p{Extended_Pictographic}\ufe0f?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

/** A zero-width joiner between two emoji (👩‍💻) draws one glyph: it stays; every other invisible goes. */
const dropInvisible = (c: string, at: number, s: string) =>
  c === '\u200d' && EMOJI_BEFORE.test(s.slice(Math.max(0, at - 3), at)) && EMOJI_AFTER.test(s.slice(at + 1, at + 3))
    ? c
    : '';

/**
 * NFC, invisible characters removed, every run of whitespace (spaces of any width, line breaks, tabs) one
 * space, trimmed. For names and chat lines alike.
 * @example cleanText(' first\u200B\u202E ') // 'first'
 */
export function cleanText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/g, ' ')
    .replace(INVISIBLE, dropInvisible)
    .replace(/[\s\p{Zs}]+/gu, ' ')
    .trim();
}

/**
 * Traditional characters folded into simplified ones (OpenCC's character table, no phrases): 張三 and 张三 are one
 * name to a table that reads both scripts.
 */
const toSimplified = CustomConverter(TS_CHARACTERS);

/** A letter may carry at most this many combining marks (Vietnamese needs two; more only stacks into a smear). */
const MAX_MARKS = 3;
const TOO_MANY_MARKS = new RegExp(`\\P{M}\\p{M}{${MAX_MARKS + 1}}`, 'u');

/**
 * The name as an eye reads it: Unicode's confusable skeleton (UTS #39, the confusables data `unhomoglyph`
 * ships: Cyrillic а and Latin a, Cherokee Ꭼ and E, katakana カ and Han 力, `rn` and `m`, `I`, `l` and `1`) of the
 * cleaned, NFKC-folded name (full-width and styled letters are plain ones), traditional Han folded into
 * simplified, case, spaces and punctuation ignored (so i, I, l, 1 and | read alike). Two names with the same skeleton look the same.
 * @example nameSkeleton('BiII') === nameSkeleton('bill') // true
 */
export function nameSkeleton(name: string): string {
  const skeleton = (t: string) => unhomoglyph(t.normalize('NFD')).normalize('NFD');
  // Case is ignored, so small i goes with capital I, which the data reads as l (as it reads 1 and |).
  return toSimplified(skeleton(skeleton(cleanText(name).normalize('NFKC')).toLowerCase()).replace(/i/g, 'l'))
    .replace(/[\s\p{P}\p{Zs}]/gu, '')
    .normalize('NFC');
}

/** Do two names look the same at a table? */
export function looksLike(a: string, b: string): boolean {
  return nameSkeleton(a) === nameSkeleton(b);
}

/**
 * A name as typed, checked: the cleaned name, or the reason it cannot be one. `others` are the names at the
 * table now (the seat's own old name left out by the caller); `bot`: the name is for a bot seat.
 * @example checkName('first\u200B', ['first']) // { error: 'a seat with a name that looks the same (first) is already at the table' }
 */
export function checkName(
  raw: string,
  others: readonly (string | null)[],
  maxChars: number,
  o: { bot?: boolean } = {},
): { name: string } | { error: string; lookalike?: true } {
  const name = cleanText(raw);
  const len = [...name].length;
  if (len < 1 || len > maxChars) return { error: `a name has 1 to ${maxChars} visible characters` };
  if (TOO_MANY_MARKS.test(name.normalize('NFD')))
    return { error: `a letter in a name carries at most ${MAX_MARKS} accents` };
  // Empty seats become "Bot 3" at the start: a player may not take a name that looks like a bot's.
  if (!o.bot && /^bot[\dlo]*$/.test(nameSkeleton(name)))
    return { error: 'names like "Bot 3" are kept for bots', lookalike: true };
  const twin = others.find((o) => o !== null && looksLike(o, name));
  if (twin)
    return { error: `a seat with a name that looks the same (${twin}) is already at the table`, lookalike: true };
  return { name };
}
