/**
 * The timing points where rules and skills react (FreeKill `fk.*` events), declared once. Effects name them in
 * `on`; the event object each one carries is described beside it. Fields an effect may change are marked ✎.
 */
export const T = {
  phaseBegin: 'phaseBegin', // 阶段开始前 {seat, phase, skip✎} — 突袭 (draw), 克己 (discard), 放权 (play) skip or replace a phase
  phaseStart: 'phaseStart', // 准备阶段开始时 {seat}
  drawPhase: 'drawPhase', // 摸牌阶段摸牌时 {seat, n✎}
  playBegin: 'playBegin', // 出牌阶段开始时 {seat}
  phaseEnd: 'phaseEnd', // 结束阶段开始时 {seat}
  turnEnd: 'turnEnd', // 回合结束时 {seat}
  cardUsed: 'cardUsed', // 使用牌时 {user, name, cards, targets, nature✎, skill, virtual, suit, color} (also for 无懈可击: {user, name, cards, skill})
  cardResponded: 'cardResponded', // 使用或打出闪/杀作为响应后 {seat, name, cards, skill, how} — 雷击
  targetConfirming: 'targetConfirming', // 成为杀的目标时 {src, target✎, cards, name} — 流离 redirects by changing `target`
  slashTargeted: 'slashTargeted', // 指定目标后 {src, target, cards, nature, ignoreArmor✎, jinks✎, noJink✎}
  slashEffect: 'slashEffect', // 杀生效前 {src, target, card, nature, ignoreArmor, cancelled✎}
  trickEffect: 'trickEffect', // 锦囊牌生效前 {user, target, name, cancelled✎}
  cardAsked: 'cardAsked', // 需要使用或打出牌时 {seat, pattern, src, ignoreArmor, provided✎, useOn?: targets of a 杀 to use (借刀杀人)} — 八卦阵, 护驾, 激将
  slashDodged: 'slashDodged', // 杀被闪抵消后 {src, target, card, hit✎}
  damageCaused: 'damageCaused', // 造成伤害时 {src, target, amount✎, nature, cards, bySlash, ignoreArmor, prevented✎}
  damageInflicted: 'damageInflicted', // 受到伤害时 {src, target, amount✎, nature, …, prevented✎}
  damaged: 'damaged', // 受到伤害后 {src, target, amount, nature, cards} — 奸雄, 反馈, 刚烈, 遗计, 放逐
  recovering: 'recovering', // 回复体力时 {seat, n✎, by, card, dying} — 救援
  recovered: 'recovered', // 回复体力后 {seat, n, by}
  judgeRetrial: 'judgeRetrial', // 判定牌生效前（改判） {seat, card✎, reason}
  judgeDone: 'judgeDone', // 判定结果确定后 {seat, card, reason}
  dying: 'dying', // 进入濒死状态时 {seat, killer}
  death: 'death', // 死亡时 {seat, killer} (before the dead character's cards are discarded: 行殇)
  cardsLost: 'cardsLost', // 失去牌后 {seat, cards, hand, equip, judge, handEmpty, to} — 连营, 枭姬
  cardsGained: 'cardsGained', // 获得牌后 {seat, cards}
} as const;
