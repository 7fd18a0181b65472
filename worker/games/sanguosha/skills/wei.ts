/** 魏 skills, one file each (generals.ts says who has which). */
import type { SgsSkill } from '../types';
import { jianxiong } from './jianxiong';
import { hujia } from './hujia';

export const WEI: SgsSkill[] = [jianxiong, hujia];
