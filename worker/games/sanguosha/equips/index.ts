/** Equipment as skills: the first users of the trigger system. One file per card (horses share one). */
import type { SgsSkill } from '../types';
import { crossbow } from './crossbow';
import { qinggang_sword } from './qinggang_sword';
import { ice_sword } from './ice_sword';
import { double_swords } from './double_swords';
import { guding_blade } from './guding_blade';
import { blade } from './blade';
import { spear } from './spear';
import { axe } from './axe';
import { halberd } from './halberd';
import { fan } from './fan';
import { kylin_bow } from './kylin_bow';
import { eight_diagram } from './eight_diagram';
import { nioh_shield } from './nioh_shield';
import { vine } from './vine';
import { silver_lion } from './silver_lion';
import { plus_horse, minus_horse } from './horses';

export const EQUIP_SKILLS: SgsSkill[] = [
  crossbow,
  qinggang_sword,
  ice_sword,
  double_swords,
  guding_blade,
  blade,
  spear,
  axe,
  halberd,
  fan,
  kylin_bow,
  eight_diagram,
  nioh_shield,
  vine,
  silver_lion,
  plus_horse,
  minus_horse,
];
