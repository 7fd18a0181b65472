/** 三国杀's display strings per language, built from its rows (rows.ts); the client's build splits them per language. */
import { ROWS } from './i18n/all';
import { stringsOf } from './i18n/rows';

export const strings = stringsOf(ROWS);
