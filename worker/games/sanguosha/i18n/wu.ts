/** 吴 generals and skills: names, and each skill's full text (`sgs.skillText.<id>`). */
import type { Rows } from './rows';

export const WU: Rows = {
  'sgs.general.sunquan': ['孙权', '孫權', 'Sun Quan'],
  'sgs.general.ganning': ['甘宁', '甘寧', 'Gan Ning'],
  'sgs.general.lvmeng': ['吕蒙', '呂蒙', 'Lü Meng'],
  'sgs.general.huanggai': ['黄盖', '黃蓋', 'Huang Gai'],
  'sgs.general.zhouyu': ['周瑜', '周瑜', 'Zhou Yu'],
  'sgs.general.daqiao': ['大乔', '大喬', 'Da Qiao'],
  'sgs.general.luxun': ['陆逊', '陸遜', 'Lu Xun'],
  'sgs.general.sunshangxiang': ['孙尚香', '孫尚香', 'Sun Shangxiang'],
  'sgs.skill.zhiheng': ['制衡', '制衡', 'Balance of Power'],
  'sgs.skill.jiuyuan': ['救援', '救援', 'Rescue'],
  'sgs.skill.qixi': ['奇袭', '奇襲', 'Surprise Raid'],
  'sgs.skill.keji': ['克己', '克己', 'Self-Restraint'],
  'sgs.skill.kurou': ['苦肉', '苦肉', 'Self-Injury'],
  'sgs.skill.yingzi': ['英姿', '英姿', 'Heroic Bearing'],
  'sgs.skill.fanjian': ['反间', '反間', 'Sow Discord'],
  'sgs.skill.guose': ['国色', '國色', 'National Beauty'],
  'sgs.skill.liuli': ['流离', '流離', 'Deflection'],
  'sgs.skill.qianxun': ['谦逊', '謙遜', 'Modesty'],
  'sgs.skill.lianying': ['连营', '連營', 'Continuous Camps'],
  'sgs.skill.xiaoji': ['枭姬', '梟姬', 'Warrior Princess'],
  'sgs.skill.jieyin': ['结姻', '結姻', 'Marriage'],
  'sgs.skillText.zhiheng': ['出牌阶段限一次，你可以弃置任意张牌，然后摸等量的牌。', '出牌階段限一次，你可以棄置任意張牌，然後摸等量的牌。', 'Once per play phase: discard any number of your cards (hand or equipped), then draw as many.'],
  'sgs.skillText.jiuyuan': [
    '主公技，锁定技，你处于濒死状态时，其他吴势力角色对你使用【桃】时，你额外回复1点体力。',
    '主公技，鎖定技，你處於瀕死狀態時，其他吳勢力角色對你使用【桃】時，你額外回復1點體力。',
    'Lord skill, compulsory. While you are dying, a Peach another Wu character uses on you recovers 1 more HP.',
  ],
};
