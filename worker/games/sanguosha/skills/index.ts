/**
 * Every skill of the game by id: the equipment's, then each kingdom's generals' (one file per skill, collected by
 * `wei.ts`, `shu.ts`, `wu.ts`, `qun.ts` — add a skill there and nowhere else). `makeSanguosha` puts this list in the game.
 */
import { EQUIP_SKILLS } from '../equips';
import type { SgsSkill } from '../types';
import { WEI } from './wei';
import { SHU } from './shu';
import { WU } from './wu';
import { QUN } from './qun';

export const SKILLS: SgsSkill[] = [...EQUIP_SKILLS, ...WEI, ...SHU, ...WU, ...QUN];
