import type { CardDef } from '../types';

/** 闪: only as an answer to a 杀 or 万箭齐发 (never used on its own). */
export const jink: CardDef = { key: 'jink', harmful: false, value: 7, usable: () => false };
