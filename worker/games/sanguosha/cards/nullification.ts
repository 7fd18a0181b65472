import type { CardDef } from '../types';

/** 无懈可击: only in a 无懈可击 window (flow/tricks.ts). */
export const nullification: CardDef = { key: 'nullification', harmful: false, value: 8, usable: () => false };
