/** 群 skills, one file each (generals.ts says who has which). */
import type { SgsSkill } from '../types';
import { qingnang } from './qingnang';
import { jijiu } from './jijiu';
import { wushuang } from './wushuang';

export const QUN: SgsSkill[] = [qingnang, jijiu, wushuang];
