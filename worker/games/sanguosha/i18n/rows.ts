/** The row format of every strings file (contracts §2): key → [简体, 繁體, English]. */
export type Rows = Record<string, [string, string, string]>;

/** One language's strings: key → template. */
type Strings = Record<string, string>;

/** Per-language strings from rows; the engine's own optional-effect prompts (`skill.use {skill}`) name the skill by id. */
export function stringsOf(rows: Rows): Record<'zh-CN' | 'zh-TW' | 'en', Strings> {
  const build = (i: 0 | 1 | 2): Strings => {
    const out: Strings = {};
    for (const [k, v] of Object.entries(rows)) out[k] = v[i];
    for (const k of Object.keys(out)) if (k.startsWith('sgs.skill.')) out[`skill.${k.slice(10)}`] = out[k]!;
    return out;
  };
  return { 'zh-CN': build(0), 'zh-TW': build(1), en: build(2) };
}
