/**
 * Display strings of 三国杀 (key → template with `{param}`), shared by the client and notifications.
 * Seat params (seat, target, source, from, to, by) render as names, card params as "杀 ♠7".
 */
import { CARD_TEXTS } from './cards';
import { WEI } from './wei';
import { SHU } from './shu';
import { WU } from './wu';
import { QUN } from './qun';
import type { Rows } from './rows';
import { KINDS } from '../kinds';
import { ORDER_ROWS } from './orders';

const HORSES: Rows = { plus_horse: ['+1马', '+1馬', '+1 horse'], minus_horse: ['−1马', '−1馬', '−1 horse'] };

const CARDS: Record<string, [string, string, string]> = {
  slash: ['杀', '殺', 'Slash'],
  thunder_slash: ['雷杀', '雷殺', 'Thunder Slash'],
  fire_slash: ['火杀', '火殺', 'Fire Slash'],
  jink: ['闪', '閃', 'Dodge'],
  peach: ['桃', '桃', 'Peach'],
  analeptic: ['酒', '酒', 'Wine'],
  dismantlement: ['过河拆桥', '過河拆橋', 'Dismantle'],
  snatch: ['顺手牵羊', '順手牽羊', 'Snatch'],
  ex_nihilo: ['无中生有', '無中生有', 'Something for Nothing'],
  duel: ['决斗', '決鬥', 'Duel'],
  collateral: ['借刀杀人', '借刀殺人', 'Borrowed Sword'],
  savage_assault: ['南蛮入侵', '南蠻入侵', 'Barbarian Invasion'],
  archery_attack: ['万箭齐发', '萬箭齊發', 'Arrow Barrage'],
  god_salvation: ['桃园结义', '桃園結義', 'Peach Garden'],
  amazing_grace: ['五谷丰登', '五穀豐登', 'Bountiful Harvest'],
  iron_chain: ['铁索连环', '鐵索連環', 'Iron Chain'],
  fire_attack: ['火攻', '火攻', 'Fire Attack'],
  nullification: ['无懈可击', '無懈可擊', 'Negate'],
  indulgence: ['乐不思蜀', '樂不思蜀', 'Indul\u00ADgence'], // a soft hyphen: on a phone's hand card the word breaks as Indul-gence
  supply_shortage: ['兵粮寸断', '兵糧寸斷', 'Supply Shortage'],
  lightning: ['闪电', '閃電', 'Lightning'],
  crossbow: ['诸葛连弩', '諸葛連弩', 'Zhuge Crossbow'],
  qinggang_sword: ['青釭剑', '青釭劍', 'Qinggang Sword'],
  ice_sword: ['寒冰剑', '寒冰劍', 'Ice Sword'],
  double_swords: ['雌雄双股剑', '雌雄雙股劍', 'Gender Swords'],
  guding_blade: ['古锭刀', '古錠刀', 'Ancient Scimitar'],
  blade: ['青龙偃月刀', '青龍偃月刀', 'Green Dragon Blade'],
  spear: ['丈八蛇矛', '丈八蛇矛', 'Serpent Spear'],
  axe: ['贯石斧', '貫石斧', 'Rock Cleaving Axe'],
  halberd: ['方天画戟', '方天畫戟', 'Heaven Halberd'],
  fan: ['朱雀羽扇', '朱雀羽扇', 'Vermilion Fan'],
  kylin_bow: ['麒麟弓', '麒麟弓', 'Kirin Bow'],
  eight_diagram: ['八卦阵', '八卦陣', 'Eight Trigrams'],
  nioh_shield: ['仁王盾', '仁王盾', 'Nioh Shield'],
  vine: ['藤甲', '藤甲', 'Rattan Armour'],
  silver_lion: ['白银狮子', '白銀獅子', 'Silver Lion'],
  jueying: ['绝影', '絕影', 'Jueying (+1)'],
  dilu: ['的卢', '的盧', 'Dilu (+1)'],
  zhuahuangfeidian: ['爪黄飞电', '爪黃飛電', 'Zhuahuang (+1)'],
  hualiu: ['骅骝', '驊騮', 'Hualiu (+1)'],
  chitu: ['赤兔', '赤兔', 'Red Hare (−1)'],
  dayuan: ['大宛', '大宛', 'Dayuan (−1)'],
  zixing: ['紫骍', '紫騂', 'Zixing (−1)'],
  plus_horse: ['+1马', '+1馬', '+1 horse'],
  minus_horse: ['−1马', '−1馬', '−1 horse'],
  hand: ['一张手牌', '一張手牌', 'a hand card'],
};

/** [zh-CN, zh-TW, en] per key. */
const T: Record<string, [string, string, string]> = {
  'sgs.title': ['三国杀', '三國殺', 'Sanguosha'],
  'sgs.summary': ['第{round}轮 · {seat}的回合', '第{round}輪 · {seat}的回合', 'round {round} · {seat}’s turn'],
  'sgs.role.lord': ['主公', '主公', 'Lord'],
  'sgs.role.loyalist': ['忠臣', '忠臣', 'Loyalist'],
  'sgs.role.rebel': ['反贼', '反賊', 'Rebel'],
  'sgs.role.traitor': ['内奸', '內奸', 'Traitor'],
  'sgs.phase.start': ['准备阶段', '準備階段', 'start phase'],
  'sgs.phase.judge': ['判定阶段', '判定階段', 'judge phase'],
  'sgs.phase.draw': ['摸牌阶段', '摸牌階段', 'draw phase'],
  'sgs.phase.play': ['出牌阶段', '出牌階段', 'play phase'],
  'sgs.phase.discard': ['弃牌阶段', '棄牌階段', 'discard phase'],
  'sgs.phase.end': ['结束阶段', '結束階段', 'end phase'],
  'sgs.phase.none': ['回合外', '回合外', 'between turns'],
  'sgs.nature.normal': ['', '', ''],
  'sgs.nature.fire': ['火焰', '火焰', 'fire '],
  'sgs.nature.thunder': ['雷电', '雷電', 'thunder '],
  'sgs.option.deck': ['牌堆', '牌堆', 'Deck'],
  'sgs.option.deck.full': ['军争（160张）', '軍爭（160張）', 'Full, with battle expansion (160)'],
  'sgs.option.deck.standard': ['标准+EX（108张）', '標準+EX（108張）', 'Standard + EX (108)'],
  'sgs.option.autoPass': ['无法响应时自动放弃', '無法回應時自動放棄', 'Pass automatically when you cannot respond'],
  'sgs.option.doubleTraitor': ['双内奸（6人/8人）', '雙內奸（6人/8人）', 'Two traitors (6 or 8 players)'],

  'sgs.ask.play': [
    '出牌阶段：使用一张牌，或结束出牌',
    '出牌階段：使用一張牌，或結束出牌',
    'Your play phase: use a card, or end the phase',
  ],
  'sgs.ask.jinkSlash': [
    '{source}对你使用了{card}，是否使用闪？',
    '{source}對你使用了{card}，是否使用閃？',
    '{source} uses {card} on you — use a Dodge?',
  ],
  // 无双: when more than one is still needed the question says how many (the `.other` row of the plural rule).
  'sgs.ask.jinkSlash.other': [
    '{source}对你使用了{card}，需要{n}张闪才能抵消，是否使用闪？',
    '{source}對你使用了{card}，需要{n}張閃才能抵消，是否使用閃？',
    '{source} uses {card} on you — it takes {n} Dodges to cancel; use a Dodge?',
  ],
  'sgs.ask.savage': [
    '{source}使用了{card}，是否打出杀？',
    '{source}使用了{card}，是否打出殺？',
    '{source} plays {card} — play a Slash or take 1 damage?',
  ],
  'sgs.ask.archery': [
    '{source}使用了{card}，是否打出闪？',
    '{source}使用了{card}，是否打出閃？',
    '{source} plays {card} — play Dodge or take 1 damage?',
  ],
  'sgs.ask.duelNoCard': [
    '与{source}决斗：是否打出杀？',
    '與{source}決鬥：是否打出殺？',
    'Duel with {source} — play a Slash?',
  ],
  'sgs.ask.duel': [
    '与{source}决斗（{card}）：是否打出杀？',
    '與{source}決鬥（{card}）：是否打出殺？',
    'Duel with {source} ({card}) — play a Slash?',
  ],
  'sgs.ask.duelNoCard.other': [
    '与{source}决斗：需要打出{n}张杀，是否打出杀？',
    '與{source}決鬥：需要打出{n}張殺，是否打出殺？',
    'Duel with {source} — {n} Slashes are needed; play a Slash?',
  ],
  'sgs.ask.duel.other': [
    '与{source}决斗（{card}）：需要打出{n}张杀，是否打出杀？',
    '與{source}決鬥（{card}）：需要打出{n}張殺，是否打出殺？',
    'Duel with {source} ({card}) — {n} Slashes are needed; play a Slash?',
  ],
  'sgs.ask.wuxie': [
    '{source}对{target}使用了{card}，是否使用无懈可击？',
    '{source}對{target}使用了{card}，是否使用無懈可擊？',
    '{source} uses {card} on {target} — play Negate?',
  ],
  'sgs.ask.wuxieDelayed': [
    '{target}的{card}即将判定，是否使用无懈可击？',
    '{target}的{card}即將判定，是否使用無懈可擊？',
    '{target}’s {card} is about to be judged — play Negate?',
  ],
  'sgs.ask.wuxieCounter': [
    '{by}用无懈可击抵消了{card}对{target}的效果，是否再使用无懈可击？',
    '{by}用無懈可擊抵消了{card}對{target}的效果，是否再使用無懈可擊？',
    '{by} negated {card} on {target} — negate that Negate?',
  ],
  'sgs.ask.rescue': [
    '{target}濒死（体力{hp}，需要{n}个桃），是否对其使用桃？',
    '{target}瀕死（體力{hp}，需要{n}個桃），是否對其使用桃？',
    '{target} is dying ({hp} HP, needs {n} Peach) — use a Peach on them?',
  ],
  'sgs.ask.rescueSelf': [
    '你濒死（体力{hp}，需要{n}个桃或酒），是否使用桃或酒？',
    '你瀕死（體力{hp}，需要{n}個桃或酒），是否使用桃或酒？',
    'You are dying ({hp} HP, need {n} Peach or Wine) — use one?',
  ],
  'sgs.ask.discard': [
    '弃牌阶段：手牌上限为{hp}，请弃置{n}张牌',
    '棄牌階段：手牌上限為{hp}，請棄置{n}張牌',
    'Discard phase: your hand limit is {hp}; discard {n} cards',
  ],
  'sgs.ask.pickDiscard': [
    '{reason}：弃置{target}的一张牌',
    '{reason}：棄置{target}的一張牌',
    '{reason}: discard one of {target}’s cards',
  ],
  'sgs.ask.pickTake': [
    '{reason}：获得{target}的一张牌',
    '{reason}：獲得{target}的一張牌',
    '{reason}: take one of {target}’s cards',
  ],
  'sgs.ask.collateral': [
    '{source}对你使用借刀杀人：对{target}使用杀，或将{card}交给{source}',
    '{source}對你使用借刀殺人：對{target}使用殺，或將{card}交給{source}',
    '{source} uses Borrowed Sword on you — use a Slash on {target}, or give {card} to {source}',
  ],
  'sgs.ask.grace': ['五谷丰登：选择一张牌', '五穀豐登：選擇一張牌', 'Bountiful Harvest: take one card'],
  'sgs.ask.fireShow': [
    '{source}对你使用火攻：展示一张手牌',
    '{source}對你使用火攻：展示一張手牌',
    '{source} uses Fire Attack on you — show a hand card',
  ],
  'sgs.ask.fireDiscard': [
    '{target}展示了{card}：是否弃置一张同花色手牌造成1点火焰伤害？',
    '{target}展示了{card}：是否棄置一張同花色手牌造成1點火焰傷害？',
    '{target} showed {card} — discard a hand card of that suit to deal 1 fire damage?',
  ],
  'sgs.ask.chooseGeneralLord': [
    '你是主公：选择你的武将（将向所有人亮出）',
    '你是主公：選擇你的武將（將向所有人亮出）',
    'You are the lord: choose your general (everyone will see it)',
  ],
  'sgs.ask.chooseGeneral': [
    '主公{lord}选择了{general}。选择你的武将（暗选，所有人选好后一同亮出）',
    '主公{lord}選擇了{general}。選擇你的武將（暗選，所有人選好後一同亮出）',
    'The lord {lord} chose {general}. Choose your general (face down; all are revealed together)',
  ],
  'sgs.ask.jianxiong': ['奸雄：是否获得{cards}？', '奸雄：是否獲得{cards}？', 'Villainous Hero: take {cards}?'],
  'sgs.ask.hujiaUse': [
    '护驾：是否请其他魏势力角色替你打出闪？',
    '護駕：是否請其他魏勢力角色替你打出閃？',
    'Royal Escort: ask the other Wei characters to play a Dodge for you?',
  ],
  'sgs.ask.hujia': [
    '{lord}发动护驾：是否替其打出一张闪？',
    '{lord}發動護駕：是否替其打出一張閃？',
    '{lord} uses Royal Escort — play a Dodge for them?',
  ],
  'sgs.ask.arrangeTop': [
    '{skill}：选择放在牌堆顶的牌（先选的在最上面），其余置于牌堆底',
    '{skill}：選擇放在牌堆頂的牌（先選的在最上面），其餘置於牌堆底',
    '{skill}: pick the cards to put on top of the deck (first picked on top); the rest go to the bottom',
  ],
  'sgs.ask.arrangeBottom': [
    '{skill}：排列置于牌堆底的{n}张牌（先选的在上）',
    '{skill}：排列置於牌堆底的{n}張牌（先選的在上）',
    '{skill}: order the {n} cards for the bottom of the deck (first picked higher)',
  ],
  'sgs.ask.distribute': [
    '{skill}：将{n}张牌分给任意角色',
    '{skill}：將{n}張牌分給任意角色',
    '{skill}: hand out {n} cards to any characters',
  ],
  'sgs.ask.ice_sword': [
    '寒冰剑：是否防止对{target}的伤害，改为弃置其两张牌？',
    '寒冰劍：是否防止對{target}的傷害，改為棄置其兩張牌？',
    'Ice Sword: prevent the damage to {target} and discard two of their cards instead?',
  ],
  'sgs.ask.double_swords': [
    '雌雄双股剑：是否令{target}选择弃一张手牌或让你摸一张牌？',
    '雌雄雙股劍：是否令{target}選擇棄一張手牌或讓你摸一張牌？',
    'Gender Swords: make {target} discard a hand card or let you draw one?',
  ],
  'sgs.ask.double_swords_target': [
    '{source}发动雌雄双股剑：弃置一张手牌，否则其摸一张牌',
    '{source}發動雌雄雙股劍：棄置一張手牌，否則其摸一張牌',
    '{source}’s Gender Swords: discard a hand card, or they draw one',
  ],
  'sgs.ask.blade': [
    '青龙偃月刀：是否对{target}再使用一张杀？',
    '青龍偃月刀：是否對{target}再使用一張殺？',
    'Green Dragon Blade: use another Slash on {target}?',
  ],
  'sgs.ask.axe': [
    '贯石斧：是否弃置两张牌令此杀对{target}依然造成伤害？',
    '貫石斧：是否棄置兩張牌令此殺對{target}依然造成傷害？',
    'Rock Cleaving Axe: discard two cards so the Slash hits {target} anyway?',
  ],
  'sgs.ask.kylin_bow': [
    '麒麟弓：是否弃置{target}的一匹马？',
    '麒麟弓：是否棄置{target}的一匹馬？',
    'Kirin Bow: discard one of {target}’s horses?',
  ],
  'sgs.ask.fan': [
    '朱雀羽扇：是否将此杀改为火杀？',
    '朱雀羽扇：是否將此殺改為火殺？',
    'Vermilion Fan: make this Slash a Fire Slash?',
  ],
  'sgs.ask.eight_diagram': [
    '八卦阵：是否进行判定（红色视为打出闪）？',
    '八卦陣：是否進行判定（紅色視為打出閃）？',
    'Eight Trigrams: judge? (red counts as a Dodge)',
  ],

  'sgs.opt.use': ['使用{card}', '使用{card}', 'Use {card}'],
  'sgs.opt.useCollateral': [
    '使用{card}（先选有武器的角色，再选其攻击范围内的目标）',
    '使用{card}（先選有武器的角色，再選其攻擊範圍內的目標）',
    'Use {card} (pick the weapon holder first, then a target in their range)',
  ],
  'sgs.opt.recast': ['重铸{card}', '重鑄{card}', 'Recast {card}'],
  'sgs.opt.spear': ['丈八蛇矛：两张手牌当杀', '丈八蛇矛：兩張手牌當殺', 'Serpent Spear: two hand cards as a Slash'],
  'sgs.opt.endPlay': ['结束出牌', '結束出牌', 'End play phase'],
  'sgs.opt.play': ['打出{pattern}', '打出{pattern}', 'Play {pattern}'],
  'sgs.opt.noResponse': ['不响应', '不回應', 'No'],
  'sgs.opt.rescue': ['使用桃/酒', '使用桃/酒', 'Use Peach / Wine'],
  'sgs.opt.wuxie': ['使用无懈可击', '使用無懈可擊', 'Play Negate'],
  'sgs.opt.discard': ['弃置{n}张', '棄置{n}張', 'Discard {n}'],
  'sgs.opt.pick': ['选择这张牌', '選擇這張牌', 'Choose this card'],
  'sgs.opt.take': ['获得', '獲得', 'Take'],
  'sgs.opt.show': ['展示', '展示', 'Show'],
  'sgs.opt.fireDiscard': ['弃置并造成伤害', '棄置並造成傷害', 'Discard and deal damage'],
  'sgs.opt.slashOn': ['对{target}使用杀', '對{target}使用殺', 'Use a Slash on {target}'],
  'sgs.opt.giveWeapon': ['将{card}交给{to}', '將{card}交給{to}', 'Give {card} to {to}'],
  'sgs.opt.useAs': ['发动{skill}：将牌当{as}', '發動{skill}：將牌當{as}', '{skill}: cards as {as}'],
  'sgs.opt.useAs.picked': [
    '把{card}当{as}使用（{skill}）',
    '把{card}當{as}使用（{skill}）',
    '{card} used as {as} ({skill})',
  ],
  'sgs.opt.playAs': ['发动{skill}：将牌当{as}打出', '發動{skill}：將牌當{as}打出', '{skill}: play cards as {as}'],
  'sgs.opt.playAs.picked': [
    '把{card}当{as}打出（{skill}）',
    '把{card}當{as}打出（{skill}）',
    '{card} played as {as} ({skill})',
  ],
  'sgs.opt.skill': ['发动{skill}', '發動{skill}', 'Use {skill}'],
  'sgs.opt.rescuePeach': ['使用桃', '使用桃', 'Use a Peach'],
  'sgs.opt.general': ['选择{general}', '選擇{general}', 'Choose {general}'],
  'sgs.opt.hujiaGive': ['替{lord}打出闪', '替{lord}打出閃', 'Play a Dodge for {lord}'],
  'sgs.opt.arrangeTop': ['放在牌堆顶', '放在牌堆頂', 'Put on top'],
  'sgs.opt.arrangeBottom': ['按此顺序置于牌堆底', '按此順序置於牌堆底', 'Put at the bottom in this order'],
  'sgs.opt.give': ['交给该角色', '交給該角色', 'Give to this character'],
  'sgs.opt.useSkill': ['发动{skill}', '發動{skill}', 'Use {skill}'],

  'sgs.log.start': [
    '游戏开始：{n}人身份局，{seat}是主公',
    '遊戲開始：{n}人身份局，{seat}是主公',
    'The game begins: {n} players, {seat} is the Lord',
  ],
  'sgs.log.start.you': ['游戏开始：{n}人身份局，你是主公', '遊戲開始：{n}人身份局，你是主公', 'The game begins: {n} players, you are the Lord'],
  'sgs.log.roleSecret': [
    '{seat}的身份：{role}（仅本人可见）',
    '{seat}的身份：{role}（僅本人可見）',
    '{seat} is the {role} (only they see this)',
  ],
  'sgs.log.roleSecret.you': ['你的身份：{role}（仅你可见）', '你的身份：{role}（僅你可見）', 'You are the {role} (only you see this)'],
  'sgs.log.turn': ['第{round}轮：{seat}的回合', '第{round}輪：{seat}的回合', 'Round {round}: {seat}’s turn'],
  'sgs.log.draw': ['{seat}摸了{n}张牌', '{seat}摸了{n}張牌', '{seat} draws {n}'],
  'sgs.log.drawSecret': ['{seat}摸到了{cards}', '{seat}摸到了{cards}', '{seat} drew {cards}'],
  'sgs.log.reshuffle': [
    '牌堆耗尽，弃牌堆洗入牌堆',
    '牌堆耗盡，棄牌堆洗入牌堆',
    'The draw pile ran out; the discard pile is shuffled in',
  ],
  'sgs.log.exhausted': ['牌堆与弃牌堆均已耗尽', '牌堆與棄牌堆均已耗盡', 'Both piles are exhausted'],
  'sgs.log.use': [
    '{seat}使用了{card}（目标：{targets}）',
    '{seat}使用了{card}（目標：{targets}）',
    '{seat} uses {card} (targets: {targets})',
  ],
  'sgs.log.useCollateral': [
    '{seat}对{targets}使用了{card}，令其对{victimSeat}使用杀',
    '{seat}對{targets}使用了{card}，令其對{victimSeat}使用殺',
    '{seat} uses {card} on {targets}: Slash {victimSeat}, or hand over the weapon',
  ],
  'sgs.log.useSelf': ['{seat}使用了{card}', '{seat}使用了{card}', '{seat} uses {card}'],
  'sgs.log.useAsSkill': [
    '{seat}发动{skill}，将{cards}当{as}使用（目标：{targets}）',
    '{seat}發動{skill}，將{cards}當{as}使用（目標：{targets}）',
    '{seat} uses {skill}: {cards} as {as} (targets: {targets})',
  ],
  'sgs.log.playAsSkill': [
    '{seat}发动{skill}，将{cards}当{as}打出',
    '{seat}發動{skill}，將{cards}當{as}打出',
    '{seat} uses {skill}: plays {cards} as {as}',
  ],
  'sgs.log.noJink': ['{target}不能使用闪响应此杀', '{target}不能使用閃回應此殺', '{target} cannot Dodge this Slash'],
  'sgs.log.loseHp': [
    '{seat}失去了{n}点体力（剩余{hp}）',
    '{seat}失去了{n}點體力（剩餘{hp}）',
    '{seat} loses {n} HP ({hp} left)',
  ],
  'sgs.log.turnBack': [
    '{seat}的武将牌翻回正面，跳过此回合',
    '{seat}的武將牌翻回正面，跳過此回合',
    '{seat} turns face up again and skips this turn',
  ],
  'sgs.log.wuxieCounter': [
    '{seat}使用{card}抵消了{by}的无懈可击',
    '{seat}使用{card}抵消了{by}的無懈可擊',
    '{seat} plays {card}, cancelling {by}’s Negate',
  ],
  'sgs.log.generalRevealed': ['{seat}亮出武将：{general}', '{seat}亮出武將：{general}', '{seat} reveals {general}'],
  'sgs.log.lordGeneral': [
    '主公{seat}选择了{general}',
    '主公{seat}選擇了{general}',
    'The lord {seat} chooses {general}',
  ],
  'sgs.log.generalPicked': [
    '你选择了{general}（亮出前只有你知道）',
    '你選擇了{general}（亮出前只有你知道）',
    'You chose {general} (secret until the reveal)',
  ],
  'sgs.log.skillUse': ['{seat}发动了{skill}', '{seat}發動了{skill}', '{seat} uses {skill}'],
  'sgs.log.jianxiong': [
    '{seat}发动奸雄，获得了{cards}',
    '{seat}發動奸雄，獲得了{cards}',
    '{seat} uses Villainous Hero and takes {cards}',
  ],
  'sgs.log.hujiaGive': [
    '{seat}替{lord}打出了闪（{cards}）',
    '{seat}替{lord}打出了閃（{cards}）',
    '{seat} plays a Dodge for {lord} ({cards})',
  ],
  'sgs.log.zhiheng': [
    '{seat}发动制衡，弃置了{cards}',
    '{seat}發動制衡，棄置了{cards}',
    '{seat} uses Balance of Power, discarding {cards}',
  ],
  'sgs.log.arrange': [
    '{seat}发动{skill}，将{top}张牌置于牌堆顶，{bottom}张置于牌堆底',
    '{seat}發動{skill}，將{top}張牌置於牌堆頂，{bottom}張置於牌堆底',
    '{seat} uses {skill}: {top} cards on top of the deck, {bottom} at the bottom',
  ],
  'sgs.log.distribute': ['{seat}将{n}张牌交给了{to}', '{seat}將{n}張牌交給了{to}', '{seat} gives {n} cards to {to}'],
  'sgs.log.distributeSecret': [
    '{seat}交给{to}的牌：{cards}',
    '{seat}交給{to}的牌：{cards}',
    'The cards {seat} gave {to}: {cards}',
  ],
  'sgs.log.useAs': [
    '{seat}将{cards}当{as}使用（目标：{targets}）',
    '{seat}將{cards}當{as}使用（目標：{targets}）',
    '{seat} uses {cards} as {as} (targets: {targets})',
  ],
  'sgs.log.play': ['{seat}打出了{card}', '{seat}打出了{card}', '{seat} plays {card}'],
  'sgs.log.respondUse': ['{seat}使用了{card}', '{seat}使用了{card}', '{seat} uses {card}'],
  'sgs.opt.dsDiscard': ['弃置一张手牌', '棄置一張手牌', 'Discard a hand card'],
  'sgs.opt.dsLetDraw': ['让其摸一张牌', '讓其摸一張牌', 'Let them draw a card'],
  'sgs.log.playAs': ['{seat}将{cards}当{as}打出', '{seat}將{cards}當{as}打出', '{seat} plays {cards} as {as}'],
  'sgs.log.noResponse': ['{seat}没有响应', '{seat}沒有回應', '{seat} does not respond'],
  'sgs.log.noEffect': ['{card}对{target}无效', '{card}對{target}無效', '{card} has no effect on {target}'],
  'sgs.log.damage': [
    '{source}对{target}造成{n}点{nature}伤害（体力{hp}）',
    '{source}對{target}造成{n}點{nature}傷害（體力{hp}）',
    '{source} deals {n} {nature}damage to {target} (HP {hp})',
  ],
  'sgs.log.damageNoSource': [
    '{target}受到{n}点{nature}伤害（体力{hp}）',
    '{target}受到{n}點{nature}傷害（體力{hp}）',
    '{target} takes {n} {nature}damage (HP {hp})',
  ],
  'sgs.log.recover': [
    '{seat}回复了{n}点体力（体力{hp}）',
    '{seat}回復了{n}點體力（體力{hp}）',
    '{seat} recovers {n} HP (HP {hp})',
  ],
  'sgs.log.chain': ['{seat}被横置', '{seat}被橫置', '{seat} is chained'],
  'sgs.log.unchain': ['{seat}重置', '{seat}重置', '{seat} is unchained'],
  'sgs.log.dying': ['{seat}进入濒死状态（体力{hp}）', '{seat}進入瀕死狀態（體力{hp}）', '{seat} is dying ({hp} HP)'],
  'sgs.log.death': [
    '{seat}被{by}杀死，身份是{role}',
    '{seat}被{by}殺死，身份是{role}',
    '{seat} is killed by {by}; they were the {role}',
  ],
  'sgs.log.deathNoKiller': [
    '{seat}阵亡，身份是{role}',
    '{seat}陣亡，身份是{role}',
    '{seat} dies; they were the {role}',
  ],
  'sgs.log.rewardRebel': ['{seat}杀死反贼，摸三张牌', '{seat}殺死反賊，摸三張牌', '{seat} killed a Rebel and draws 3'],
  'sgs.log.lordPenalty': [
    '主公{seat}误杀忠臣，弃置所有手牌和装备',
    '主公{seat}誤殺忠臣，棄置所有手牌和裝備',
    'The Lord {seat} killed a Loyalist and discards every hand and equipped card',
  ],
  'sgs.log.gameOver': ['游戏结束：{reason}', '遊戲結束：{reason}', 'Game over: {reason}'],
  'sgs.log.judge': [
    '{seat}的{reason}判定结果：{card}',
    '{seat}的{reason}判定結果：{card}',
    '{seat}’s judgement for {reason}: {card}',
  ],
  'sgs.log.judgeChanged': [
    '{seat}的判定牌改为{card}',
    '{seat}的判定牌改為{card}',
    '{seat}’s judgement card becomes {card}',
  ],
  'sgs.log.delayedHit': ['{seat}的{card}生效', '{seat}的{card}生效', '{card} takes effect on {seat}'],
  'sgs.log.delayedMiss': ['{seat}的{card}未生效', '{seat}的{card}未生效', '{card} fails on {seat}'],
  'sgs.log.lightningMoves': ['{card}从{from}移至{to}', '{card}從{from}移至{to}', '{card} moves from {from} to {to}'],
  'sgs.log.skipPhase': ['{seat}跳过{phase}', '{seat}跳過{phase}', '{seat} skips the {phase}'],
  'sgs.log.wuxie': [
    '{seat}使用{card}抵消了{trick}对{target}的效果',
    '{seat}使用{card}抵消了{trick}對{target}的效果',
    '{seat} plays {card} against {trick} on {target}',
  ],
  'sgs.log.equip': ['{seat}装备了{card}', '{seat}裝備了{card}', '{seat} equips {card}'],
  'sgs.log.discard': ['{seat}弃置了{cards}', '{seat}棄置了{cards}', '{seat} discards {cards}'],
  'sgs.log.dismantle': ['{by}弃置了{target}的{card}', '{by}棄置了{target}的{card}', '{by} discards {target}’s {card}'],
  'sgs.log.take': ['{by}获得了{target}的{card}', '{by}獲得了{target}的{card}', '{by} takes {target}’s {card}'],
  'sgs.log.takeHand': [
    '{by}获得了{target}的一张手牌',
    '{by}獲得了{target}的一張手牌',
    '{by} takes a hand card from {target}',
  ],
  'sgs.log.takeHandSecret': [
    '{by}从{target}处获得的是{card}',
    '{by}從{target}處獲得的是{card}',
    'The card {by} took from {target} is {card}',
  ],
  'sgs.log.giveWeapon': ['{from}将{card}交给了{to}', '{from}將{card}交給了{to}', '{from} gives {card} to {to}'],
  'sgs.log.graceReveal': ['五谷丰登亮出了{cards}', '五穀豐登亮出了{cards}', 'Bountiful Harvest reveals {cards}'],
  'sgs.log.graceTake': ['{seat}选择了{card}', '{seat}選擇了{card}', '{seat} takes {card}'],
  'sgs.log.fireShow': ['{seat}展示了{card}', '{seat}展示了{card}', '{seat} shows {card}'],
  'sgs.log.recast': ['{seat}重铸了{card}', '{seat}重鑄了{card}', '{seat} recasts {card}'],
  'sgs.log.skill': ['{seat}的{skill}生效', '{seat}的{skill}生效', '{seat}’s {skill} takes effect'],
  'sgs.log.skillCards': [
    '{seat}发动{skill}，弃置了{cards}',
    '{seat}發動{skill}，棄置了{cards}',
    '{seat} uses {skill}, discarding {cards}',
  ],
  'sgs.log.eightDiagram': [
    '{seat}的八卦阵判定为红色，视为打出闪',
    '{seat}的八卦陣判定為紅色，視為打出閃',
    '{seat}’s Eight Trigrams judged red: it counts as a Dodge',
  ],

  'sgs.end.lord': ['主公和忠臣获胜', '主公和忠臣獲勝', 'The Lord and Loyalists win'],
  'sgs.end.rebels': ['反贼获胜', '反賊獲勝', 'The Rebels win'],
  'sgs.end.traitor': ['内奸获胜', '內奸獲勝', 'The Traitor wins'],
  'sgs.end.exhausted': ['牌已摸完，平局', '牌已摸完，平局', 'No cards left to draw: a draw'],
  'sgs.status': ['第{round}轮 · {seat}的{phase}', '第{round}輪 · {seat}的{phase}', 'Round {round} · {seat}, {phase}'],
  'sgs.status.over': ['游戏结束：{reason}', '遊戲結束：{reason}', 'Game over: {reason}'],
  'sgs.ui.hp': ['体力{hp}/{max}', '體力{hp}/{max}', 'HP {hp}/{max}'],
  'sgs.ui.handCount': ['手牌{n}', '手牌{n}', '{n} in hand'],
  'sgs.why.skill': ['{skill}：不能成为目标', '{skill}：不能成為目標', '{skill}: cannot be targeted'],
  'sgs.why.noHand': ['没有其他手牌', '沒有其他手牌', 'no other hand card'],
  'sgs.kingdom.wei': ['魏', '魏', 'Wei'],
  'sgs.kingdom.shu': ['蜀', '蜀', 'Shu'],
  'sgs.kingdom.wu': ['吴', '吳', 'Wu'],
  'sgs.kingdom.qun': ['群', '群', 'Qun'],
  'sgs.option.noGenerals': [
    '不用武将（人人4体力、无技能）',
    '不用武將（人人4體力、無技能）',
    'No generals (everyone 4 HP, no skills)',
  ],
  'sgs.option.extraLords': [
    '主公可选张角、袁绍、曹丕、刘禅',
    '主公可選張角、袁紹、曹丕、劉禪',
    'Extra lords: Zhang Jiao, Yuan Shao, Cao Pi, Liu Shan',
  ],
  'sgs.ui.inRange': ['在攻击范围内', '在攻擊範圍內', 'in range'],
  'sgs.ui.range': ['攻击范围{n}', '攻擊範圍{n}', 'attack range {n}'],
  'sgs.ui.current': ['当前回合', '當前回合', 'their turn'],
  'sgs.ui.table': ['处理区', '處理區', 'On the table'],
  'sgs.ui.grace': ['五谷丰登亮出的牌', '五穀豐登亮出的牌', 'Bountiful Harvest cards'],
  'sgs.ui.discardTop': ['弃牌堆顶', '棄牌堆頂', 'Top of the discard pile'],
  'sgs.ui.judgeArea': ['判定区', '判定區', 'judgement area'],
  'sgs.ui.equipArea': ['装备', '裝備', 'equipment'],
  'sgs.ui.noEquip': ['无装备', '無裝備', 'no equipment'],
  'sgs.ui.yourHand': ['你的手牌', '你的手牌', 'Your hand'],
  'sgs.ui.emptyHand': ['没有手牌', '沒有手牌', 'No cards in hand'],
  'sgs.ui.self': ['不能以自己为目标', '不能以自己為目標', 'not yourself'],
  'sgs.ui.notTarget': ['不是合法目标', '不是合法目標', 'not a legal target'],
  'sgs.ui.winner': ['胜利', '勝利', 'winner'],
  'sgs.ui.identities': ['身份', '身份', 'Identities'],
  'sgs.ui.order': [
    '座次（从你开始，依次为下家）',
    '座次（從你開始，依次為下家）',
    'Seat order (from you; each next seat plays after)',
  ],
  'sgs.ui.hand': ['手牌', '手牌', 'Hand'],
  'sgs.ui.distance': ['距离{n}', '距離{n}', 'distance {n}'],
  'sgs.ui.outOfRange': ['不在攻击范围内', '不在攻擊範圍內', 'out of range'],
  'sgs.ui.tooFar': ['距离大于1', '距離大於1', 'farther than 1'],
  'sgs.ui.noCards': ['没有牌', '沒有牌', 'has no cards'],
  'sgs.ui.hasOne': ['已有同名延时锦囊', '已有同名延時錦囊', 'already has one'],
  'sgs.ui.chained': ['连环', '連環', 'chained'],
  'sgs.ui.dead': ['阵亡', '陣亡', 'dead'],
  'sgs.ui.drawPile': ['牌堆{n}', '牌堆{n}', 'deck {n}'],
  'sgs.ui.you': ['你', '你', 'you'],
  'sgs.ui.next': ['下家', '下家', 'next'],
};

/** The generals' names, skill names and texts, one file per kingdom. */
const GENERAL_ROWS: Rows = { ...WEI, ...SHU, ...WU, ...QUN };

/** Every row of the game: key → [zh-CN, zh-TW, en]. */
function allRows(): Rows {
  const out: Rows = {};
  for (const [k, v] of Object.entries(CARDS)) out[`sgs.card.${k}`] = v;
  for (const [k, v] of Object.entries({ ...T, ...CARD_TEXTS })) out[k] = v;
  for (const [k, v] of Object.entries(GENERAL_ROWS)) out[k] = v;
  for (const [k, v] of Object.entries(ORDER_ROWS)) out[k] = v;
  // Equipment skills are named after their card (horses after their kind).
  for (const [k, kind] of Object.entries(KINDS))
    if (kind.type === 'equip' && kind.slot !== 'plus' && kind.slot !== 'minus') out[`sgs.skill.${k}`] = CARDS[k]!;
  for (const [k, v] of Object.entries(HORSES)) out[`sgs.skill.${k}`] = v;
  return out;
}
export const ROWS: Rows = allRows();
