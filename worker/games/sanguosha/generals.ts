/**
 * The 29 generals (rules data `generals.tsv`): the 25 of the standard edition plus the lords 张角, 袁绍, 曹丕, 刘禅.
 * One line each: id, kingdom, gender, max HP, skill ids, whether the seed offers it to the lord, and the bots' pick
 * data. Names and skill texts live in `i18n/<kingdom>.ts` (`sgs.general.<id>`, `sgs.skill.<id>`, `sgs.skillText.<id>`).
 */
import type { Kingdom, Role } from './types';

export interface General {
  id: string;
  kingdom: Kingdom;
  gender: 'male' | 'female';
  hp: number;
  skills: string[];
  /** 'lord': always offered to the lord (曹操, 刘备, 孙权); 'extra': offered when the "extra lords" option is on. */
  lordOffer?: 'lord' | 'extra';
  /** The bots' pick order (higher = stronger); a simple table, not a rule. */
  strength: number;
  /**
   * The good bot's pick order per identity: how many points more (or less) often than the average general its
   * side won, in 5,000 bot-only games of 5 players and 4,000 of 8 where every seat picked at random (bench data, shrunk
   * towards 0 for the generals the lord is rarely offered). Data for the bot, not a rule.
   */
  pick: Record<Role, number>;
  /**
   * Where the pick differs at tables of six players or more. Measured for 曹操 as lord: with a good lord's side
   * against easy seats, 2,000 games each on the same seeds, he won 58.6% at 8 players where 刘禅 won 54.5% (5
   * players: 88.2% against 86.7%); in all-good tables he brings 6–10 players nearer an even contest (8p lord's side
   * 49.7% against 41.3%), while at 5 players he would take the lord's side from 51.5% to 36.3%.
   */
  pickFrom6?: Partial<Record<Role, number>>;
}

// biome-ignore format: one general per line
export const GENERALS: readonly General[] = [
  { id: 'caocao', kingdom: 'wei', gender: 'male', hp: 4, skills: ['jianxiong', 'hujia'], lordOffer: 'lord', strength: 7, pick: { lord: 3, loyalist: -1, rebel: 1, traitor: 0 }, pickFrom6: { lord: 14 } }, // 曹操
  { id: 'simayi', kingdom: 'wei', gender: 'male', hp: 3, skills: ['guicai', 'fankui'], strength: 7, pick: { lord: 6, loyalist: 3, rebel: 6, traitor: -1 } }, // 司马懿
  { id: 'xiahoudun', kingdom: 'wei', gender: 'male', hp: 4, skills: ['ganglie'], strength: 6, pick: { lord: -2, loyalist: -4, rebel: 2, traitor: 2 } }, // 夏侯惇
  { id: 'zhangliao', kingdom: 'wei', gender: 'male', hp: 4, skills: ['tuxi'], strength: 8, pick: { lord: 7, loyalist: 12, rebel: 16, traitor: 1 } }, // 张辽
  { id: 'xuchu', kingdom: 'wei', gender: 'male', hp: 4, skills: ['luoyi'], strength: 5, pick: { lord: -8, loyalist: -3, rebel: -7, traitor: -3 } }, // 许褚
  { id: 'guojia', kingdom: 'wei', gender: 'male', hp: 3, skills: ['tiandu', 'yiji'], strength: 8, pick: { lord: 13, loyalist: 5, rebel: 10, traitor: -2 } }, // 郭嘉
  { id: 'zhenji', kingdom: 'wei', gender: 'female', hp: 3, skills: ['luoshen', 'qingguo'], strength: 7, pick: { lord: 10, loyalist: 2, rebel: 6, traitor: 4 } }, // 甄姬
  { id: 'liubei', kingdom: 'shu', gender: 'male', hp: 4, skills: ['rende', 'jijiang'], lordOffer: 'lord', strength: 7, pick: { lord: 0, loyalist: 3, rebel: 2, traitor: 1 } }, // 刘备
  { id: 'guanyu', kingdom: 'shu', gender: 'male', hp: 4, skills: ['wusheng'], strength: 7, pick: { lord: -6, loyalist: -5, rebel: -2, traitor: 0 } }, // 关羽
  { id: 'zhangfei', kingdom: 'shu', gender: 'male', hp: 4, skills: ['paoxiao'], strength: 7, pick: { lord: -2, loyalist: -5, rebel: -4, traitor: 3 } }, // 张飞
  { id: 'zhugeliang', kingdom: 'shu', gender: 'male', hp: 3, skills: ['guanxing', 'kongcheng'], strength: 7, pick: { lord: 0, loyalist: -7, rebel: -2, traitor: -2 } }, // 诸葛亮
  { id: 'zhaoyun', kingdom: 'shu', gender: 'male', hp: 4, skills: ['longdan'], strength: 6, pick: { lord: -8, loyalist: 0, rebel: -4, traitor: 0 } }, // 赵云
  { id: 'machao', kingdom: 'shu', gender: 'male', hp: 4, skills: ['mashu', 'tieqi'], strength: 6, pick: { lord: -1, loyalist: 1, rebel: -2, traitor: 6 } }, // 马超
  { id: 'huangyueying', kingdom: 'shu', gender: 'female', hp: 3, skills: ['jizhi', 'qicai'], strength: 6, pick: { lord: 0, loyalist: 3, rebel: 4, traitor: 0 } }, // 黄月英
  { id: 'sunquan', kingdom: 'wu', gender: 'male', hp: 4, skills: ['zhiheng', 'jiuyuan'], lordOffer: 'lord', strength: 7, pick: { lord: -11, loyalist: -5, rebel: -6, traitor: -2 } }, // 孙权
  { id: 'ganning', kingdom: 'wu', gender: 'male', hp: 4, skills: ['qixi'], strength: 7, pick: { lord: -4, loyalist: -8, rebel: -7, traitor: -1 } }, // 甘宁
  { id: 'lvmeng', kingdom: 'wu', gender: 'male', hp: 4, skills: ['keji'], strength: 6, pick: { lord: -5, loyalist: -4, rebel: -6, traitor: 2 } }, // 吕蒙
  { id: 'huanggai', kingdom: 'wu', gender: 'male', hp: 4, skills: ['kurou'], strength: 6, pick: { lord: -13, loyalist: -9, rebel: -7, traitor: -5 } }, // 黄盖
  { id: 'zhouyu', kingdom: 'wu', gender: 'male', hp: 3, skills: ['yingzi', 'fanjian'], strength: 6, pick: { lord: 4, loyalist: -1, rebel: -1, traitor: 1 } }, // 周瑜
  { id: 'daqiao', kingdom: 'wu', gender: 'female', hp: 3, skills: ['guose', 'liuli'], strength: 7, pick: { lord: 3, loyalist: -3, rebel: 2, traitor: -4 } }, // 大乔
  { id: 'luxun', kingdom: 'wu', gender: 'male', hp: 3, skills: ['qianxun', 'lianying'], strength: 6, pick: { lord: -2, loyalist: -1, rebel: -3, traitor: -2 } }, // 陆逊
  { id: 'sunshangxiang', kingdom: 'wu', gender: 'female', hp: 3, skills: ['xiaoji', 'jieyin'], strength: 7, pick: { lord: 5, loyalist: 6, rebel: 0, traitor: -2 } }, // 孙尚香
  { id: 'huatuo', kingdom: 'qun', gender: 'male', hp: 3, skills: ['qingnang', 'jijiu'], strength: 7, pick: { lord: 5, loyalist: 16, rebel: 3, traitor: -1 } }, // 华佗
  { id: 'lvbu', kingdom: 'qun', gender: 'male', hp: 4, skills: ['wushuang'], strength: 6, pick: { lord: 4, loyalist: 2, rebel: 0, traitor: 3 } }, // 吕布
  { id: 'diaochan', kingdom: 'qun', gender: 'female', hp: 3, skills: ['lijian', 'biyue'], strength: 7, pick: { lord: 3, loyalist: 8, rebel: 8, traitor: 7 } }, // 貂蝉
  { id: 'zhangjiao', kingdom: 'qun', gender: 'male', hp: 3, skills: ['leiji', 'guidao', 'huangtian'], lordOffer: 'extra', strength: 7, pick: { lord: 8, loyalist: 3, rebel: 2, traitor: 0 } }, // 张角
  { id: 'yuanshao', kingdom: 'qun', gender: 'male', hp: 4, skills: ['luanji', 'xueyi'], lordOffer: 'extra', strength: 7, pick: { lord: -10, loyalist: -4, rebel: -7, traitor: 0 } }, // 袁绍
  { id: 'caopi', kingdom: 'wei', gender: 'male', hp: 3, skills: ['xingshang', 'fangzhu', 'songwei'], lordOffer: 'extra', strength: 7, pick: { lord: -5, loyalist: 0, rebel: -4, traitor: -3 } }, // 曹丕
  { id: 'liushan', kingdom: 'shu', gender: 'male', hp: 3, skills: ['xiangle', 'fangquan', 'ruoyu'], lordOffer: 'extra', strength: 5, pick: { lord: 12, loyalist: -3, rebel: -2, traitor: -3 } }, // 刘禅
];

export const GENERAL: Record<string, General> = Object.fromEntries(GENERALS.map((g) => [g.id, g]));
