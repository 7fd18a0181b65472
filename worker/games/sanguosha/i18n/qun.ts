/** 群 generals and skills: names, and each skill's full text (`sgs.skillText.<id>`). */
import type { Rows } from './rows';

export const QUN: Rows = {
  'sgs.general.huatuo': ['华佗', '華佗', 'Hua Tuo'],
  'sgs.general.lvbu': ['吕布', '呂布', 'Lü Bu'],
  'sgs.general.diaochan': ['貂蝉', '貂蟬', 'Diao Chan'],
  'sgs.general.zhangjiao': ['张角', '張角', 'Zhang Jiao'],
  'sgs.general.yuanshao': ['袁绍', '袁紹', 'Yuan Shao'],
  'sgs.skill.qingnang': ['青囊', '青囊', 'Green Satchel'],
  'sgs.skill.jijiu': ['急救', '急救', 'First Aid'],
  'sgs.skill.wushuang': ['无双', '無雙', 'Peerless'],
  'sgs.skill.lijian': ['离间', '離間', 'Estrangement'],
  'sgs.skill.biyue': ['闭月', '閉月', 'Eclipse the Moon'],
  'sgs.skill.leiji': ['雷击', '雷擊', 'Lightning Strike'],
  'sgs.skill.guidao': ['鬼道', '鬼道', 'Dark Sorcery'],
  'sgs.skill.huangtian': ['黄天', '黃天', 'Yellow Heaven'],
  'sgs.skill.luanji': ['乱击', '亂擊', 'Random Strike'],
  'sgs.skill.xueyi': ['血裔', '血裔', 'Noble Blood'],
};
