import type { Lang, Strings } from '../games/types';
import zhCN from './zh-CN';
import zhTW from './zh-TW';
import en from './en';
import { ROWS } from './client';

const withRows = (table: Strings, i: number): Strings => ({ ...table, ...Object.fromEntries(Object.entries(ROWS).map(([k, v]) => [k, v[i]!])) });

/**
 * The shell's strings in every language. The client build replaces this module with one that loads only the
 * visitor's language (vite.config.ts, `splitStrings`); Node (tests, notifications) reads it whole.
 */
export const strings: Record<Lang, Strings> = { 'zh-CN': withRows(zhCN, 0), 'zh-TW': withRows(zhTW, 1), en: withRows(en, 2) };
