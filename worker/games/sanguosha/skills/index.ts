/**
 * Every skill of the game by id: the equipment's, then each kingdom's generals' (one file per skill, collected by
 * `wei.ts`, `shu.ts`, `wu.ts`, `qun.ts` — add a skill there and nowhere else). The GameDef's `skills` is this record.
 */
import { EQUIP_SKILLS } from '../equips';
import type { SgsSkill } from '../types';
import { WEI } from './wei';
import { SHU } from './shu';
import { WU } from './wu';
import { QUN } from './qun';

const byId = (list: SgsSkill[]) => Object.fromEntries(list.map((s) => [s.id, s]));

export const SKILLS: Record<string, SgsSkill> = { ...EQUIP_SKILLS, ...byId(WEI), ...byId(SHU), ...byId(WU), ...byId(QUN) };
