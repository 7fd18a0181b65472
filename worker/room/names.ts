/**
 * Names and chat as people type them, made safe to show: one Unicode form (NFC), no control or invisible
 * formatting characters (NUL, ESC, U+202E right-to-left override, U+200B zero-width space…), whitespace
 * collapsed. And a name's "skeleton", so two seats cannot carry names that look the same (`first` and
 * `first\u200B`, Latin `a` and Cyrillic `а`, `Bill` and `BiII`, 力 and カ): the table must tell players apart.
 * Pure functions, no platform.
 */

/**
 * Characters that are removed: controls (Cc), formatting (Cf: zero-width, bidi overrides, the BOM, tags), lone
 * surrogates (Cs), private-use (Co) and unassigned (Cn) code points, and letters and marks that draw nothing
 * (Hangul fillers, the combining grapheme joiner, the Braille blank, Mongolian vowel separator and free
 * variation selectors). A zero-width joiner inside an emoji sequence (👩‍💻) is kept: there it draws one glyph.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\uffa0]/gu;
const EMOJI_BEFORE = /\p{Extended_Pictographic}\ufe0f?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

/** A zero-width joiner between two emoji (👩‍💻) draws one glyph: it stays; every other invisible goes. */
const dropInvisible = (c: string, at: number, s: string) =>
  c === '\u200d' && EMOJI_BEFORE.test(s.slice(Math.max(0, at - 3), at)) && EMOJI_AFTER.test(s.slice(at + 1, at + 3)) ? c : '';

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
 * Letters that look like others, mapped to one of them (a small part of Unicode's confusables, UTS #39: the
 * ones a keyboard in our languages reaches). Applied after NFKC, which already folds full-width and styled
 * letters (ｆｉｒｓｔ, 𝐟𝐢𝐫𝐬𝐭) into plain ones.
 */
const CONFUSABLE: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', і: 'l', ї: 'l', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l',
  А: 'a', В: 'b', Е: 'e', К: 'k', М: 'm', Н: 'h', О: 'o', Р: 'p', С: 'c', Т: 't', У: 'y', Х: 'x', І: 'l', Ј: 'j', Ѕ: 's',
  // Greek
  α: 'a', β: 'b', γ: 'y', ε: 'e', η: 'n', ι: 'l', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
  Α: 'a', Β: 'b', Ε: 'e', Ζ: 'z', Η: 'h', Ι: 'l', Κ: 'k', Μ: 'm', Ν: 'n', Ο: 'o', Ρ: 'p', Τ: 't', Υ: 'y', Χ: 'x',
  // Latin look-alikes. Capital I, small l, digit one and a pipe are one stroke in many fonts, so all of i, I,
  // l, 1 read as l (case is ignored too, so i goes with I); zero reads as O
  i: 'l', I: 'l', '1': 'l', '|': 'l', ǀ: 'l', ı: 'l', '0': 'o', ɡ: 'g', ɑ: 'a',
  // Katakana and CJK punctuation that look like Han characters
  ー: '一', '—': '一', ロ: '口', エ: '工', カ: '力', タ: '夕', ニ: '二', ハ: '八', ト: '卜', ヒ: '匕', メ: '乂', 〇: '○',
};
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLE).join('').replace(/[\\\]^-]/g, '\\$&')}]`, 'gu');

/**
 * The name as an eye reads it: cleaned, NFKC-folded, look-alike letters mapped to one, case and spaces and
 * punctuation ignored, `rn` read as `m` and `vv` as `w`. Two names with the same skeleton look the same.
 * @example nameSkeleton('BiII') === nameSkeleton('bill') // true
 */
export function nameSkeleton(name: string): string {
  return cleanText(name)
    .normalize('NFKC')
    .replace(CONFUSABLE_RE, (c) => CONFUSABLE[c]!)
    .toLowerCase()
    .replace(CONFUSABLE_RE, (c) => CONFUSABLE[c]!)
    .replace(/[\s\p{P}\p{Zs}]/gu, '')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
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
export function checkName(raw: string, others: readonly (string | null)[], maxChars: number, o: { bot?: boolean } = {}): { name: string } | { error: string; lookalike?: true } {
  const name = cleanText(raw);
  const len = [...name].length;
  if (len < 1 || len > maxChars) return { error: `a name has 1 to ${maxChars} visible characters` };
  // Empty seats become "Bot 3" at the start: a player may not take a name that looks like a bot's.
  if (!o.bot && /^bot[\dlo]*$/.test(nameSkeleton(name))) return { error: 'names like "Bot 3" are kept for bots', lookalike: true };
  const twin = others.find((o) => o !== null && looksLike(o, name));
  if (twin) return { error: `a seat with a name that looks the same (${twin}) is already at the table`, lookalike: true };
  return { name };
}
