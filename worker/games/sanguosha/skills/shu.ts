/** 蜀 skills, one file each (generals.ts says who has which). */
import type { SgsSkill } from '../types';
import { wusheng } from './wusheng';

export const SHU: SgsSkill[] = [wusheng];
