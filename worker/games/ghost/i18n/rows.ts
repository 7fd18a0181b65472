/** The row format of every strings file: key → [简体, 繁體, English]. */
export type Rows = Record<string, [string, string, string]>;

const LANGS = ['zh-CN', 'zh-TW', 'en'] as const;

/** Strings per language (`GameDef.strings`) from rows. */
export const stringsOf = (rows: Rows): Record<string, Record<string, string>> =>
  Object.fromEntries(LANGS.map((l, i) => [l, Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v[i]!]))]));
