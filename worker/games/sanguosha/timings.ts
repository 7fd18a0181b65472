/**
 * The timing points where rules and skills react (FreeKill `fk.*` events), declared once. Effects name them in
 * `on`; the event object each one carries is described beside it.
 */
export const T = {
  phaseStart: 'phaseStart', // 准备阶段开始时 {seat}
  drawPhase: 'drawPhase', // 摸牌阶段摸牌时 {seat, n}
  phaseEnd: 'phaseEnd', // 结束阶段开始时 {seat}
  cardUsed: 'cardUsed', // 使用牌时 {user, name, cards, targets, nature}
  slashTargeted: 'slashTargeted', // 指定目标后 {src, target, card, nature, ignoreArmor}
  slashEffect: 'slashEffect', // 杀生效前 {src, target, card, nature, ignoreArmor, cancelled}
  trickEffect: 'trickEffect', // 锦囊牌生效前 {user, target, name, cancelled}
  cardAsked: 'cardAsked', // 需要使用或打出牌时 {seat, pattern, src, ignoreArmor, provided}
  slashDodged: 'slashDodged', // 杀被闪抵消后 {src, target, card, hit}
  damageCaused: 'damageCaused', // 造成伤害时 {src, target, amount, nature, card, bySlash, ignoreArmor, prevented}
  damageInflicted: 'damageInflicted', // 受到伤害时 {src, target, amount, nature, ...}
  damaged: 'damaged', // 受到伤害后 {src, target, amount, nature}
  judgeRetrial: 'judgeRetrial', // 判定牌生效前（改判） {seat, card, reason}
  judgeDone: 'judgeDone', // 判定结果确定后 {seat, card, reason}
  dying: 'dying', // 进入濒死状态时 {seat, killer}
  death: 'death', // 死亡时 {seat, killer}
  equipLost: 'equipLost', // 失去装备区里的牌后 {seat, card}
} as const;
export type Timing = (typeof T)[keyof typeof T];
