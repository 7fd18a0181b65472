/**
 * What each 三国杀 card does, for the rules page and the card a player taps or long-presses: one row per card
 * key, `'sgs.cardText.<key>': [zh-CN, zh-TW, en]`, plus the card types and weapon range. Texts follow the rules
 * summary in the shared rules data (identity mode, this deck); merged into the game's strings by all.ts.
 */
import type { Rows } from './rows';

export const CARD_TEXTS: Rows = {
  'sgs.cardType.basic': ['基本牌', '基本牌', 'Basic'],
  'sgs.cardType.trick': ['锦囊牌', '錦囊牌', 'Trick'],
  'sgs.cardType.delayed': ['延时锦囊', '延時錦囊', 'Delayed'],
  'sgs.cardType.weapon': ['武器', '武器', 'Weapon'],
  'sgs.cardType.armor': ['防具', '防具', 'Armour'],
  'sgs.cardType.plus': ['防御马（+1）', '防禦馬（+1）', 'Horse +1'],
  'sgs.cardType.minus': ['进攻马（−1）', '進攻馬（−1）', 'Horse −1'],
  'sgs.cardRange': ['攻击范围{n}', '攻擊範圍{n}', 'range {n}'],
  'sgs.ui.turnedOver': ['翻面', '翻面', 'turned over'],
  'sgs.phase.select': ['选将', '選將', 'choosing generals'],
  // English singulars (the client picks `<key>.one` by Intl.PluralRules when `n` is 1).
  'sgs.ask.discard.one': [
    '弃牌阶段：手牌上限为{hp}，请弃置{n}张牌',
    '棄牌階段：手牌上限為{hp}，請棄置{n}張牌',
    'Discard phase: your hand limit is {hp}; discard {n} card',
  ],
  'sgs.cardText.slash': [
    '出牌阶段限一次，对攻击范围内的一名其他角色使用：其须使用一张闪，否则受到你造成的1点伤害。',
    '出牌階段限一次，對攻擊範圍內的一名其他角色使用：其須使用一張閃，否則受到你造成的1點傷害。',
    'Once per play phase, on another player within your attack range: they must use a Dodge or take 1 damage from you.',
  ],
  'sgs.cardText.thunder_slash': [
    '同杀，但造成雷电伤害（可沿铁索连环传导）。',
    '同殺，但造成雷電傷害（可沿鐵索連環傳導）。',
    'Like Slash, but the damage is thunder (it spreads along Iron Chains).',
  ],
  'sgs.cardText.fire_slash': [
    '同杀，但造成火焰伤害（可沿铁索连环传导；对藤甲+1）。',
    '同殺，但造成火焰傷害（可沿鐵索連環傳導；對藤甲+1）。',
    'Like Slash, but the damage is fire (it spreads along Iron Chains; +1 against Rattan Armour).',
  ],
  'sgs.cardText.jink': [
    '只能在需要时使用：抵消一张杀（或万箭齐发）对你的效果。',
    '只能在需要時使用：抵消一張殺（或萬箭齊發）對你的效果。',
    'Only as an answer: cancels a Slash (or Arrow Barrage) aimed at you.',
  ],
  'sgs.cardText.peach': [
    '出牌阶段对受伤的自己使用，或对处于濒死状态的角色使用：回复1点体力。',
    '出牌階段對受傷的自己使用，或對處於瀕死狀態的角色使用：回復1點體力。',
    'In your play phase on yourself when wounded, or on any dying player at any time: recover 1 HP.',
  ],
  'sgs.cardText.analeptic': [
    '每回合限一次，出牌阶段对自己使用：本回合你使用的下一张杀伤害+1。你濒死时对自己使用：回复1点体力。',
    '每回合限一次，出牌階段對自己使用：本回合你使用的下一張殺傷害+1。你瀕死時對自己使用：回復1點體力。',
    'Once per turn in your play phase: your next Slash this turn deals +1 damage. While you are dying: recover 1 HP.',
  ],
  'sgs.cardText.dismantlement': [
    '对一名区域内有牌的其他角色使用：你弃置其区域内的一张牌（手牌随机抽取）。',
    '對一名區域內有牌的其他角色使用：你棄置其區域內的一張牌（手牌隨機抽取）。',
    'On another player with cards: discard one of their cards (hand cards are taken blind).',
  ],
  'sgs.cardText.snatch': [
    '对距离为1的一名区域内有牌的其他角色使用：你获得其区域内的一张牌。',
    '對距離為1的一名區域內有牌的其他角色使用：你獲得其區域內的一張牌。',
    'On another player at distance 1 with cards: take one of their cards.',
  ],
  'sgs.cardText.ex_nihilo': ['对自己使用：摸两张牌。', '對自己使用：摸兩張牌。', 'On yourself: draw 2 cards.'],
  'sgs.cardText.duel': [
    '对一名其他角色使用：由其开始，你与其轮流打出杀，首先不打出杀的一方受到另一方造成的1点伤害。',
    '對一名其他角色使用：由其開始，你與其輪流打出殺，首先不打出殺的一方受到另一方造成的1點傷害。',
    'On another player: starting with them, you take turns playing Slash; the first who does not takes 1 damage from the other.',
  ],
  'sgs.cardText.collateral': [
    '对一名装备武器的其他角色使用，并指定其攻击范围内的一名角色：其须对该角色使用一张杀，否则将武器交给你。',
    '對一名裝備武器的其他角色使用，並指定其攻擊範圍內的一名角色：其須對該角色使用一張殺，否則將武器交給你。',
    'On another player with a weapon, naming a victim in their range: they must use a Slash on the victim or give you the weapon.',
  ],
  'sgs.cardText.savage_assault': [
    '对所有其他角色使用：每名目标须打出一张杀，否则受到你造成的1点伤害。',
    '對所有其他角色使用：每名目標須打出一張殺，否則受到你造成的1點傷害。',
    'On every other player: each must play a Slash or take 1 damage from you.',
  ],
  'sgs.cardText.archery_attack': [
    '对所有其他角色使用：每名目标须打出一张闪，否则受到你造成的1点伤害。',
    '對所有其他角色使用：每名目標須打出一張閃，否則受到你造成的1點傷害。',
    'On every other player: each must play a Dodge or take 1 damage from you.',
  ],
  'sgs.cardText.god_salvation': [
    '对所有角色使用：每名目标回复1点体力。',
    '對所有角色使用：每名目標回復1點體力。',
    'On every player: each recovers 1 HP.',
  ],
  'sgs.cardText.amazing_grace': [
    '对所有角色使用：亮出牌堆顶等量的牌，从你开始每名目标依次获得其中一张。',
    '對所有角色使用：亮出牌堆頂等量的牌，從你開始每名目標依次獲得其中一張。',
    'On every player: reveal that many cards from the deck; starting with you, each target takes one.',
  ],
  'sgs.cardText.iron_chain': [
    '对一至两名角色使用：横置或重置其武将牌（连环状态）。也可重铸：弃置此牌并摸一张牌。',
    '對一至兩名角色使用：橫置或重置其武將牌（連環狀態）。也可重鑄：棄置此牌並摸一張牌。',
    'On one or two players: chain or unchain them. Or recast it: discard it and draw 1.',
  ],
  'sgs.cardText.fire_attack': [
    '对一名有手牌的角色使用：其展示一张手牌，然后你可以弃置一张与之同花色的手牌，对其造成1点火焰伤害。',
    '對一名有手牌的角色使用：其展示一張手牌，然後你可以棄置一張與之同花色的手牌，對其造成1點火焰傷害。',
    'On a player with hand cards: they show one; you may discard a hand card of the same suit to deal them 1 fire damage.',
  ],
  'sgs.cardText.nullification': [
    '在锦囊牌对一名目标生效前使用：抵消其对该目标的效果；也可抵消另一张无懈可击。',
    '在錦囊牌對一名目標生效前使用：抵消其對該目標的效果；也可抵消另一張無懈可擊。',
    'Before a trick takes effect on one target: cancel it for that target. Can also cancel another Negate.',
  ],
  'sgs.cardText.indulgence': [
    '置于一名其他角色的判定区。其判定阶段进行判定：若结果不为♥，跳过其出牌阶段。',
    '置於一名其他角色的判定區。其判定階段進行判定：若結果不為♥，跳過其出牌階段。',
    'Placed in another player’s judgement area. In their judge phase: unless the judgement is ♥, they skip their play phase.',
  ],
  'sgs.cardText.supply_shortage': [
    '置于距离为1的一名其他角色的判定区。其判定阶段进行判定：若结果不为♣，跳过其摸牌阶段。',
    '置於距離為1的一名其他角色的判定區。其判定階段進行判定：若結果不為♣，跳過其摸牌階段。',
    'Placed in the judgement area of another player at distance 1. Unless the judgement is ♣, they skip their draw phase.',
  ],
  'sgs.cardText.lightning': [
    '置于你的判定区。判定阶段进行判定：若结果为♠2–9，你受到3点无来源的雷电伤害；否则将其移至下家的判定区。',
    '置於你的判定區。判定階段進行判定：若結果為♠2–9，你受到3點無來源的雷電傷害；否則將其移至下家的判定區。',
    'Placed in your own judgement area. In the judge phase: on ♠2–9 you take 3 thunder damage with no source; otherwise it moves to the next player.',
  ],
  'sgs.cardText.crossbow': [
    '出牌阶段你使用杀无次数限制。',
    '出牌階段你使用殺無次數限制。',
    'You may use any number of Slashes in your play phase.',
  ],
  'sgs.cardText.qinggang_sword': [
    '锁定技，你的杀无视目标角色的防具。',
    '鎖定技，你的殺無視目標角色的防具。',
    'Your Slashes ignore the target’s armour.',
  ],
  'sgs.cardText.ice_sword': [
    '你的杀即将造成伤害时，你可以防止此伤害，改为依次弃置目标角色的两张牌。',
    '你的殺即將造成傷害時，你可以防止此傷害，改為依次棄置目標角色的兩張牌。',
    'When your Slash would deal damage, you may prevent it and discard two of the target’s cards instead.',
  ],
  'sgs.cardText.double_swords': [
    '你的杀指定一名异性角色为目标后，你可以令其选择：弃置一张手牌，或令你摸一张牌。',
    '你的殺指定一名異性角色為目標後，你可以令其選擇：棄置一張手牌，或令你摸一張牌。',
    'When your Slash targets a player of the other sex, they choose: discard a hand card, or let you draw 1.',
  ],
  'sgs.cardText.guding_blade': [
    '锁定技，你的杀对没有手牌的角色造成的伤害+1。',
    '鎖定技，你的殺對沒有手牌的角色造成的傷害+1。',
    'Your Slash deals +1 damage to a target with no hand cards.',
  ],
  'sgs.cardText.blade': [
    '你的杀被闪抵消后，你可以对同一目标再使用一张杀。',
    '你的殺被閃抵消後，你可以對同一目標再使用一張殺。',
    'When your Slash is dodged, you may use another Slash on the same target.',
  ],
  'sgs.cardText.spear': [
    '你可以将两张手牌当杀使用或打出。',
    '你可以將兩張手牌當殺使用或打出。',
    'You may use or play any two hand cards as a Slash.',
  ],
  'sgs.cardText.axe': [
    '你的杀被闪抵消后，你可以弃置两张牌（不含此斧），令此杀依然造成伤害。',
    '你的殺被閃抵消後，你可以棄置兩張牌（不含此斧），令此殺依然造成傷害。',
    'When your Slash is dodged, you may discard two other cards to make it hit anyway.',
  ],
  'sgs.cardText.halberd': [
    '你使用的杀若是你最后的手牌，可以额外指定至多两个目标。',
    '你使用的殺若是你最後的手牌，可以額外指定至多兩個目標。',
    'When the Slash you use is your last hand card, it may take up to 2 extra targets.',
  ],
  'sgs.cardText.fan': [
    '你使用普通杀时，可以将其改为火杀。',
    '你使用普通殺時，可以將其改為火殺。',
    'When you use a normal Slash, you may turn it into a Fire Slash.',
  ],
  'sgs.cardText.kylin_bow': [
    '你的杀造成伤害时，你可以弃置目标角色装备区内的一张坐骑牌。',
    '你的殺造成傷害時，你可以棄置目標角色裝備區內的一張坐騎牌。',
    'When your Slash deals damage, you may discard one of the target’s horses.',
  ],
  'sgs.cardText.eight_diagram': [
    '当你需要使用或打出闪时，你可以进行判定：若结果为红色，视为你使用或打出了一张闪。',
    '當你需要使用或打出閃時，你可以進行判定：若結果為紅色，視為你使用或打出了一張閃。',
    'When you need a Dodge, you may judge: on red, it counts as a Dodge.',
  ],
  'sgs.cardText.nioh_shield': [
    '锁定技，黑色的杀对你无效。',
    '鎖定技，黑色的殺對你無效。',
    'Black Slashes have no effect on you.',
  ],
  'sgs.cardText.vine': [
    '锁定技，普通杀、南蛮入侵和万箭齐发对你无效；你受到的火焰伤害+1。',
    '鎖定技，普通殺、南蠻入侵和萬箭齊發對你無效；你受到的火焰傷害+1。',
    'Normal Slash, Barbarian Invasion and Arrow Barrage have no effect on you; fire damage to you is +1.',
  ],
  'sgs.cardText.silver_lion': [
    '锁定技，你每次受到大于1点的伤害时，改为1点。此牌离开你的装备区时，你回复1点体力。',
    '鎖定技，你每次受到大於1點的傷害時，改為1點。此牌離開你的裝備區時，你回復1點體力。',
    'Damage greater than 1 to you is reduced to 1. When it leaves your equipment, you recover 1 HP.',
  ],
  'sgs.cardText.plus_horse': [
    '其他角色计算与你的距离+1。',
    '其他角色計算與你的距離+1。',
    'Other players are 1 farther from you.',
  ],
  'sgs.cardText.minus_horse': [
    '你计算与其他角色的距离−1。',
    '你計算與其他角色的距離−1。',
    'You are 1 closer to every other player.',
  ],
};

/** The horses share one text each: their rows point at the +1 / −1 text. */
export const HORSES: Record<string, 'plus_horse' | 'minus_horse'> = {
  jueying: 'plus_horse',
  dilu: 'plus_horse',
  zhuahuangfeidian: 'plus_horse',
  hualiu: 'plus_horse',
  chitu: 'minus_horse',
  dayuan: 'minus_horse',
  zixing: 'minus_horse',
};
for (const [k, h] of Object.entries(HORSES)) CARD_TEXTS[`sgs.cardText.${k}`] = CARD_TEXTS[`sgs.cardText.${h}`]!;
