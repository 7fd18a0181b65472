import { alive, P } from '../core';
import type { SgsSkill } from '../types';

/** 血裔 (袁绍, 主公技, 锁定技): your hand limit grows by 2 for each other living 群 character. */
export const xueyi: SgsSkill = {
  id: 'xueyi',
  lord: true,
  locked: true,
  handLimit: (k, owner) =>
    2 * k.g.players.filter((p) => p.seat !== owner && alive(k.g, p.seat) && P(k.g, p.seat).kingdom === 'qun').length,
  effects: [],
};
