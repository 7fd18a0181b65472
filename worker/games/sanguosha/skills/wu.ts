/** 吴 skills, one file each (generals.ts says who has which). */
import type { SgsSkill } from '../types';
import { zhiheng } from './zhiheng';
import { jiuyuan } from './jiuyuan';
import { qixi } from './qixi';
import { keji } from './keji';
import { kurou } from './kurou';
import { yingzi } from './yingzi';
import { fanjian } from './fanjian';
import { guose } from './guose';
import { liuli } from './liuli';
import { qianxun } from './qianxun';
import { lianying } from './lianying';
import { xiaoji } from './xiaoji';
import { jieyin } from './jieyin';

export const WU: SgsSkill[] = [
  zhiheng,
  jiuyuan,
  qixi,
  keji,
  kurou,
  yingzi,
  fanjian,
  guose,
  liuli,
  qianxun,
  lianying,
  xiaoji,
  jieyin,
];
