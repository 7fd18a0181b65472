/** 蜀 skills, one file each (generals.ts says who has which). */
import type { SgsSkill } from '../types';
import { wusheng } from './wusheng';
import { paoxiao } from './paoxiao';
import { kongcheng } from './kongcheng';
import { longdan } from './longdan';
import { mashu } from './mashu';
import { qicai } from './qicai';
import { tieqi } from './tieqi';
import { jizhi } from './jizhi';
import { guanxing } from './guanxing';
import { rende } from './rende';
import { jijiang } from './jijiang';
import { xiangle } from './xiangle';
import { fangquan } from './fangquan';
import { ruoyu } from './ruoyu';

export const SHU: SgsSkill[] = [
  wusheng,
  paoxiao,
  kongcheng,
  longdan,
  mashu,
  qicai,
  tieqi,
  jizhi,
  guanxing,
  rende,
  jijiang,
  xiangle,
  fangquan,
  ruoyu,
];
