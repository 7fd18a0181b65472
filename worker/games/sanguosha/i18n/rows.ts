/** The row format of every strings file (contracts §2): key → [简体, 繁體, English]. */
export type Rows = Record<string, [string, string, string]>;
