/**
 * Every skill of the game by id: the equipment's now; the generals issue adds its skills here (one file each)
 * and gives players their ids in `Player.skills`. The GameDef's `skills` is this record.
 */
import { EQUIP_SKILLS } from './equips';
import type { SgsSkill } from './types';

export const SKILLS: Record<string, SgsSkill> = { ...EQUIP_SKILLS };
