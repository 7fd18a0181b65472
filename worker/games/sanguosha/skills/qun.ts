/** 群 skills, one file each (generals.ts says who has which). */
import type { SgsSkill } from '../types';
import { qingnang } from './qingnang';
import { jijiu } from './jijiu';
import { wushuang } from './wushuang';
import { lijian } from './lijian';
import { biyue } from './biyue';
import { leiji } from './leiji';
import { guidao } from './guidao';
import { huangtian } from './huangtian';
import { luanji } from './luanji';
import { xueyi } from './xueyi';

export const QUN: SgsSkill[] = [qingnang, jijiu, wushuang, lijian, biyue, leiji, guidao, huangtian, luanji, xueyi];
