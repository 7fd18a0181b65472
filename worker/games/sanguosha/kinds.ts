/** What each card key is: one line per key. Display names live in i18n.ts (`sgs.card.<key>`). */
export type CardType = 'basic' | 'trick' | 'delayed' | 'equip';
export type Slot = 'weapon' | 'armor' | 'plus' | 'minus';
export type Nature = 'normal' | 'fire' | 'thunder';

export interface Kind {
  type: CardType;
  slot?: Slot;
  /** Weapon attack range. */
  range?: number;
  nature?: Nature;
}

export const KINDS: Record<string, Kind> = {
  slash: { type: 'basic', nature: 'normal' }, // 杀
  thunder_slash: { type: 'basic', nature: 'thunder' }, // 雷杀
  fire_slash: { type: 'basic', nature: 'fire' }, // 火杀
  jink: { type: 'basic' }, // 闪
  peach: { type: 'basic' }, // 桃
  analeptic: { type: 'basic' }, // 酒
  dismantlement: { type: 'trick' }, // 过河拆桥
  snatch: { type: 'trick' }, // 顺手牵羊
  ex_nihilo: { type: 'trick' }, // 无中生有
  duel: { type: 'trick' }, // 决斗
  collateral: { type: 'trick' }, // 借刀杀人
  savage_assault: { type: 'trick' }, // 南蛮入侵
  archery_attack: { type: 'trick' }, // 万箭齐发
  god_salvation: { type: 'trick' }, // 桃园结义
  amazing_grace: { type: 'trick' }, // 五谷丰登
  iron_chain: { type: 'trick' }, // 铁索连环
  fire_attack: { type: 'trick', nature: 'fire' }, // 火攻
  nullification: { type: 'trick' }, // 无懈可击
  indulgence: { type: 'delayed' }, // 乐不思蜀
  supply_shortage: { type: 'delayed' }, // 兵粮寸断
  lightning: { type: 'delayed', nature: 'thunder' }, // 闪电
  crossbow: { type: 'equip', slot: 'weapon', range: 1 }, // 诸葛连弩
  qinggang_sword: { type: 'equip', slot: 'weapon', range: 2 }, // 青釭剑
  ice_sword: { type: 'equip', slot: 'weapon', range: 2 }, // 寒冰剑
  double_swords: { type: 'equip', slot: 'weapon', range: 2 }, // 雌雄双股剑
  guding_blade: { type: 'equip', slot: 'weapon', range: 2 }, // 古锭刀
  blade: { type: 'equip', slot: 'weapon', range: 3 }, // 青龙偃月刀
  spear: { type: 'equip', slot: 'weapon', range: 3 }, // 丈八蛇矛
  axe: { type: 'equip', slot: 'weapon', range: 3 }, // 贯石斧
  halberd: { type: 'equip', slot: 'weapon', range: 4 }, // 方天画戟
  fan: { type: 'equip', slot: 'weapon', range: 4 }, // 朱雀羽扇
  kylin_bow: { type: 'equip', slot: 'weapon', range: 5 }, // 麒麟弓
  eight_diagram: { type: 'equip', slot: 'armor' }, // 八卦阵
  nioh_shield: { type: 'equip', slot: 'armor' }, // 仁王盾
  vine: { type: 'equip', slot: 'armor' }, // 藤甲
  silver_lion: { type: 'equip', slot: 'armor' }, // 白银狮子
  jueying: { type: 'equip', slot: 'plus' }, // 绝影
  dilu: { type: 'equip', slot: 'plus' }, // 的卢
  zhuahuangfeidian: { type: 'equip', slot: 'plus' }, // 爪黄飞电
  hualiu: { type: 'equip', slot: 'plus' }, // 骅骝
  chitu: { type: 'equip', slot: 'minus' }, // 赤兔
  dayuan: { type: 'equip', slot: 'minus' }, // 大宛
  zixing: { type: 'equip', slot: 'minus' }, // 紫骍
};

/** Identity counts per player count (ruling S2): [lord, loyalist, rebel, traitor]. */
export const ROLE_COUNTS: Record<number, readonly [number, number, number, number]> = {
  4: [1, 1, 1, 1],
  5: [1, 1, 2, 1],
  6: [1, 1, 3, 1],
  7: [1, 2, 3, 1],
  8: [1, 2, 4, 1],
  9: [1, 3, 4, 1],
  10: [1, 3, 4, 2],
};
/** The "double traitor" option (S2) changes only these counts. */
export const DOUBLE_TRAITOR_COUNTS: Record<number, readonly [number, number, number, number]> = {
  6: [1, 1, 2, 2],
  8: [1, 2, 3, 2],
};
