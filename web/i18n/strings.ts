import type { Lang, Strings } from '../games/types';
import { ROWS as client } from './rows/client';
import { ROWS as common } from './rows/common';
import { ROWS as home } from './rows/home';
import { ROWS as settings } from './rows/settings';
import { ROWS as table } from './rows/table';

/** Every row file of the shell, key → [简体, 繁體, English]; a key lives in exactly one of them. */
const ROWS: Record<string, [string, string, string]> = { ...common, ...home, ...table, ...settings, ...client };

const at = (i: number): Strings => Object.fromEntries(Object.entries(ROWS).map(([k, v]) => [k, v[i]!]));

/**
 * The shell's strings in every language. The client build replaces this module with one that loads only the
 * visitor's language (vite.config.ts, `splitStrings`); Node (tests, notifications) reads it whole.
 */
export const strings: Record<Lang, Strings> = { 'zh-CN': at(0), 'zh-TW': at(1), en: at(2) };
