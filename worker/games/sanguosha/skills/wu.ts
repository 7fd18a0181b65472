/** 吴 skills, one file each (generals.ts says who has which). */
import type { SgsSkill } from '../types';
import { zhiheng } from './zhiheng';
import { jiuyuan } from './jiuyuan';

export const WU: SgsSkill[] = [zhiheng, jiuyuan];
