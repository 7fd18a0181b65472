/**
 * Basic cards and tricks, one file each (equipment is in equips/): the catalogue `makeSanguosha` puts in the game.
 * The flow reaches them through its ctx (`sgs(ctx).cards[key]`); a test adds one with `makeSanguosha({ extraCards })`.
 */
import type { CardDef } from '../types';
import { slash, fire_slash, thunder_slash } from './slash';
import { jink } from './jink';
import { peach } from './peach';
import { analeptic } from './analeptic';
import { dismantlement } from './dismantlement';
import { snatch } from './snatch';
import { ex_nihilo } from './ex_nihilo';
import { duel } from './duel';
import { collateral } from './collateral';
import { savage_assault } from './savage_assault';
import { archery_attack } from './archery_attack';
import { god_salvation } from './god_salvation';
import { amazing_grace } from './amazing_grace';
import { iron_chain } from './iron_chain';
import { fire_attack } from './fire_attack';
import { nullification } from './nullification';
import { indulgence } from './indulgence';
import { supply_shortage } from './supply_shortage';
import { lightning } from './lightning';

export const CARD_DEFS: CardDef[] = [
  slash,
  fire_slash,
  thunder_slash,
  jink,
  peach,
  analeptic,
  dismantlement,
  snatch,
  ex_nihilo,
  duel,
  collateral,
  savage_assault,
  archery_attack,
  god_salvation,
  amazing_grace,
  iron_chain,
  fire_attack,
  nullification,
  indulgence,
  supply_shortage,
  lightning,
];
