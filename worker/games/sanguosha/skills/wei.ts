/** 魏 skills, one file each (generals.ts says who has which). */
import type { SgsSkill } from '../types';
import { jianxiong } from './jianxiong';
import { hujia } from './hujia';
import { guicai } from './guicai';
import { fankui } from './fankui';
import { ganglie } from './ganglie';
import { tuxi } from './tuxi';
import { luoyi } from './luoyi';
import { tiandu } from './tiandu';
import { yiji } from './yiji';
import { luoshen } from './luoshen';
import { qingguo } from './qingguo';
import { xingshang } from './xingshang';
import { fangzhu } from './fangzhu';
import { songwei } from './songwei';

export const WEI: SgsSkill[] = [
  jianxiong,
  hujia,
  guicai,
  fankui,
  ganglie,
  tuxi,
  luoyi,
  tiandu,
  yiji,
  luoshen,
  qingguo,
  xingshang,
  fangzhu,
  songwei,
];
