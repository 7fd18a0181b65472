/** 蜀 generals and skills: names, and each skill's full text (`sgs.skillText.<id>`). */
import type { Rows } from './rows';

export const SHU: Rows = {
  'sgs.general.liubei': ['刘备', '劉備', 'Liu Bei'],
  'sgs.general.guanyu': ['关羽', '關羽', 'Guan Yu'],
  'sgs.general.zhangfei': ['张飞', '張飛', 'Zhang Fei'],
  'sgs.general.zhugeliang': ['诸葛亮', '諸葛亮', 'Zhuge Liang'],
  'sgs.general.zhaoyun': ['赵云', '趙雲', 'Zhao Yun'],
  'sgs.general.machao': ['马超', '馬超', 'Ma Chao'],
  'sgs.general.huangyueying': ['黄月英', '黃月英', 'Huang Yueying'],
  'sgs.general.liushan': ['刘禅', '劉禪', 'Liu Shan'],
  'sgs.skill.rende': ['仁德', '仁德', 'Benevolence'],
  'sgs.skill.jijiang': ['激将', '激將', 'Rouse'],
  'sgs.skill.wusheng': ['武圣', '武聖', 'Warrior Saint'],
  'sgs.skill.paoxiao': ['咆哮', '咆哮', 'Roar'],
  'sgs.skill.guanxing': ['观星', '觀星', 'Stargazing'],
  'sgs.skill.kongcheng': ['空城', '空城', 'Empty City'],
  'sgs.skill.longdan': ['龙胆', '龍膽', 'Dragon Heart'],
  'sgs.skill.mashu': ['马术', '馬術', 'Horsemanship'],
  'sgs.skill.tieqi': ['铁骑', '鐵騎', 'Iron Cavalry'],
  'sgs.skill.jizhi': ['集智', '集智', 'Gathered Wisdom'],
  'sgs.skill.qicai': ['奇才', '奇才', 'Rare Talent'],
  'sgs.skill.xiangle': ['享乐', '享樂', 'Pleasure'],
  'sgs.skill.fangquan': ['放权', '放權', 'Delegation'],
  'sgs.skill.ruoyu': ['若愚', '若愚', 'Seeming Fool'],
  'sgs.skillText.wusheng': ['你可以将一张红色牌当【杀】使用或打出。', '你可以將一張紅色牌當【殺】使用或打出。', 'You may use or play any red card (in hand or equipped) as a Slash.'],
};
