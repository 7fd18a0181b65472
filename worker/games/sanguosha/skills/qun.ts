/** 群 skills, one file each (generals.ts says who has which). */
import type { SgsSkill } from '../types';

export const QUN: SgsSkill[] = [];
