import { signal } from '@preact/signals';
import type { Lang, Strings } from '../games/types';
import { pref, setPref } from '../lib/store';
import { strings } from './strings';
import { loadLang, stringsArrived } from './packs';

export type { Lang };

/**
 * The shell's own strings (`common.*`, `table.*`, `home.*`...). Games bring theirs through their GameUI. In the
 * build only the current language is filled in (web/i18n/packs.ts): render after `ready`.
 */
export const shellStrings: Record<Lang, Strings> = strings;

export const LANGS: { id: Lang; label: string }[] = [
  { id: 'zh-CN', label: '简体中文' },
  { id: 'zh-TW', label: '繁體中文' },
  { id: 'en', label: 'English' },
];

/** Traditional script for Taiwan, Hong Kong, Macau and explicit Hant tags; any other Chinese is Simplified. */
export function langFrom(tags: readonly string[]): Lang {
  for (const raw of tags) {
    const tag = raw.toLowerCase();
    if (tag.startsWith('zh')) return /hant|-tw|-hk|-mo/.test(tag) ? 'zh-TW' : 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

function initial(): Lang {
  const saved = pref('lang');
  if (saved === 'zh-CN' || saved === 'zh-TW' || saved === 'en') return saved;
  return langFrom(typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export const lang = signal<Lang>(initial());

/** The first language's strings are in (the entry renders after this). */
export const ready: Promise<void> = loadLang(lang.value);

/**
 * Switch the language: its strings (the shell's and those of every game opened on this page) are fetched
 * first, then everything re-renders at once. Offline, a language not fetched yet cannot come: stay.
 */
export function setLang(l: Lang): Promise<void> {
  return loadLang(l).then(
    () => {
      lang.value = l;
      setPref('lang', l);
      document.documentElement.lang = l;
    },
    (e: unknown) => {
      void loadLang(lang.value);
      console.warn(`strings for ${l} could not be loaded`, e);
    },
  );
}

const plurals = new Map<Lang, Intl.PluralRules>();
/**
 * The plural category of `n` in `lang` ('one', 'other'…), by Intl.PluralRules. One rules object per language:
 * making one is slow (a tenth of a millisecond or more), and every string with a count asks.
 */
export function pluralOf(l: Lang, n: number): Intl.LDMLPluralRule {
  let r = plurals.get(l);
  if (!r) plurals.set(l, (r = new Intl.PluralRules(l)));
  return r.select(n);
}

/** Fill `{name}` placeholders; `render` turns each parameter value into text. */
export function fill(template: string, params: Record<string, unknown> | undefined, render: (name: string, v: unknown) => string): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? render(name, params[name]) : whole));
}

/** A shell string in the current language (English, then the key itself, when a string is missing). */
export function s(key: string, params?: Record<string, unknown>): string {
  const l = lang.value;
  // Read so that a part rendered before a later strings chunk came renders again when it does.
  void stringsArrived.value;
  const n = typeof params?.count === 'number' ? params.count : params?.n;
  const one = typeof n === 'number' && pluralOf(l, n) === 'one' ? shellStrings[l][`${key}.one`] : undefined;
  const tpl = one ?? shellStrings[l][key] ?? shellStrings.en[key] ?? key;
  return fill(tpl, params, (_n, v) => String(v));
}
