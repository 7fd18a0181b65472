/**
 * Display strings of 驱鬼, shared by the client and notifications, from the rows of `i18n/` (key → [简体, 繁體,
 * English]): the table's (`table.ts`), each card's (`cards.ts`), the standing orders' (`orders.ts`). The client
 * build imports this module for `strings` alone.
 */
import { CARD_ROWS } from './i18n/cards';
import { ORDERS } from './i18n/orders';
import { stringsOf } from './i18n/rows';
import { TABLE } from './i18n/table';

export const strings = stringsOf({ ...TABLE, ...CARD_ROWS, ...ORDERS });
