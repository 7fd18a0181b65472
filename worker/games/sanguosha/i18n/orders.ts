/** 三国杀's standing orders' strings (orders.ts lists the orders). */
import type { Rows } from './rows';

/** [zh-CN, zh-TW, en] per key: each order's label (`sgs.order.<id>`) and explanation (`sgs.orderHint.<id>`). */
export const ORDER_ROWS: Rows = {
  'sgs.order.jinkSlash': [
    '有闪时，对任何杀打出闪',
    '有閃時，對任何殺打出閃',
    'Play a Dodge against any Slash, if I have one',
  ],
  'sgs.orderHint.jinkSlash': [
    '杀指定你时，若手中有闪，立即打出一张；没有闪时照常询问你。',
    '殺指定你時，若手中有閃，立即打出一張；沒有閃時照常詢問你。',
    'When a Slash targets you and you hold a Dodge, one is played at once; without one you are asked as usual.',
  ],
  'sgs.order.jinkArchery': [
    '有闪时，对万箭齐发打出闪',
    '有閃時，對萬箭齊發打出閃',
    'Play a Dodge against Arrow Barrage, if I have one',
  ],
  'sgs.orderHint.jinkArchery': [
    '万箭齐发轮到你时，若手中有闪，立即打出一张。',
    '萬箭齊發輪到你時，若手中有閃，立即打出一張。',
    'When Arrow Barrage reaches you and you hold a Dodge, one is played at once.',
  ],
  'sgs.order.slashSavage': [
    '有杀时，对南蛮入侵打出杀',
    '有殺時，對南蠻入侵打出殺',
    'Play a Slash against Barbarian Invasion, if I have one',
  ],
  'sgs.orderHint.slashSavage': [
    '南蛮入侵轮到你时，若手中有杀，立即打出一张（普通杀优先）。',
    '南蠻入侵輪到你時，若手中有殺，立即打出一張（普通殺優先）。',
    'When Barbarian Invasion reaches you and you hold a Slash, one is played at once (a plain Slash first).',
  ],
  'sgs.order.eightDiagram': ['八卦阵总是进行判定', '八卦陣總是進行判定', 'Always use Eight Trigrams'],
  'sgs.orderHint.eightDiagram': [
    '需要闪时，先用八卦阵判定（红色视为打出闪）。',
    '需要閃時，先用八卦陣判定（紅色視為打出閃）。',
    'When a Dodge is asked of you, judge with Eight Trigrams first (red counts as a Dodge).',
  ],
  'sgs.order.wuxieNever': ['无懈可击窗口一律不响应', '無懈可擊窗口一律不回應', 'Pass every Negate window'],
  'sgs.orderHint.wuxieNever': [
    '所有无懈可击的询问都立即回答“不响应”。',
    '所有無懈可擊的詢問都立即回答「不回應」。',
    'Every Negate window is passed at once.',
  ],
  'sgs.order.wuxieOnlyMe': [
    '除非锦囊以我为目标，不使用无懈可击',
    '除非錦囊以我為目標，不使用無懈可擊',
    'Never Negate unless the trick targets me',
  ],
  'sgs.orderHint.wuxieOnlyMe': [
    '目标是别人的无懈可击窗口立即不响应；目标是你时照常询问你。',
    '目標是別人的無懈可擊窗口立即不回應；目標是你時照常詢問你。',
    'Windows on tricks aimed at others are passed at once; when the trick targets you, you are asked.',
  ],
  'sgs.order.rescueSelf': [
    '濒死时用酒或桃自救',
    '瀕死時用酒或桃自救',
    'When I am dying, save myself with Wine or a Peach',
  ],
  'sgs.orderHint.rescueSelf': [
    '你濒死时，若手中有酒或桃，立即使用一张（酒优先）。',
    '你瀕死時，若手中有酒或桃，立即使用一張（酒優先）。',
    'When you are dying and hold Wine or a Peach, one is used at once (Wine first).',
  ],
  'sgs.order.rescueAlly': [
    '亮明身份的同伴濒死时，给他桃',
    '亮明身分的同伴瀕死時，給他桃',
    'Give a Peach to a dying ally whose identity is shown',
  ],
  'sgs.orderHint.rescueAlly': [
    '同伴：主公与亮明的忠臣（对主公和忠臣而言），亮明的反贼（对反贼而言）；内奸没有同伴。',
    '同伴：主公與亮明的忠臣（對主公和忠臣而言），亮明的反賊（對反賊而言）；內奸沒有同伴。',
    'An ally: the lord and shown loyalists (for the lord and loyalists), shown rebels (for a rebel); a traitor has none.',
  ],
  'sgs.order.rescueOthers': ['其他人濒死时不救', '其他人瀕死時不救', 'Do not save anyone else who is dying'],
  'sgs.orderHint.rescueOthers': [
    '濒死的不是你、也不是亮明身份的同伴时，立即不响应。',
    '瀕死的不是你、也不是亮明身分的同伴時，立即不回應。',
    'When the dying one is neither you nor an ally whose identity is shown, you pass at once.',
  ],
  'sgs.order.passNothing': ['无牌可出时不响应', '無牌可出時不回應', 'Pass when I have nothing to answer with'],
  'sgs.orderHint.passNothing': [
    '只能选“不响应”的询问由系统替你回答，稍作停顿，别人看不出你手里没有牌。',
    '只能選「不回應」的詢問由系統替你回答，稍作停頓，別人看不出你手裡沒有牌。',
    'Prompts where “No” is the only choice are answered for you, after a pause, so nobody learns that you hold nothing.',
  ],
  'sgs.order.graceBest': [
    '五谷丰登时拿最有用的牌',
    '五穀豐登時拿最有用的牌',
    'Bountiful Harvest: take the most useful card',
  ],
  'sgs.orderHint.graceBest': [
    '依次：桃、无懈可击、闪、酒、无中生有、杀……，装备和其余的牌在后。',
    '依次：桃、無懈可擊、閃、酒、無中生有、殺……，裝備和其餘的牌在後。',
    'In this order: Peach, Negate, Dodge, Wine, Something for Nothing, Slash…, then equipment and the rest.',
  ],
  'sgs.order.alwaysSkill': ['总是发动{skill}', '總是發動{skill}', 'Always use {skill}'],
  'sgs.orderHint.alwaysSkill': [
    '{skill}询问是否发动时，立即发动。',
    '{skill}詢問是否發動時，立即發動。',
    'When {skill} asks whether to use it, it is used at once.',
  ],
  'sgs.order.neverSkill': ['从不发动{skill}', '從不發動{skill}', 'Never use {skill}'],
  'sgs.orderHint.neverSkill': [
    '{skill}询问是否发动时，立即放弃。',
    '{skill}詢問是否發動時，立即放棄。',
    'When {skill} asks whether to use it, it is passed at once.',
  ],
};
