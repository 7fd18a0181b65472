/** 魏 generals and skills: names, and each skill's full text (`sgs.skillText.<id>`) for the selection screen and the rules. */
import type { Rows } from './rows';

export const WEI: Rows = {
  'sgs.general.caocao': ['曹操', '曹操', 'Cao Cao'],
  'sgs.general.simayi': ['司马懿', '司馬懿', 'Sima Yi'],
  'sgs.general.xiahoudun': ['夏侯惇', '夏侯惇', 'Xiahou Dun'],
  'sgs.general.zhangliao': ['张辽', '張遼', 'Zhang Liao'],
  'sgs.general.xuchu': ['许褚', '許褚', 'Xu Chu'],
  'sgs.general.guojia': ['郭嘉', '郭嘉', 'Guo Jia'],
  'sgs.general.zhenji': ['甄姬', '甄姬', 'Zhen Ji'],
  'sgs.general.caopi': ['曹丕', '曹丕', 'Cao Pi'],
  'sgs.skill.jianxiong': ['奸雄', '奸雄', 'Villainous Hero'],
  'sgs.skill.hujia': ['护驾', '護駕', 'Royal Escort'],
  'sgs.skill.guicai': ['鬼才', '鬼才', 'Demonic Talent'],
  'sgs.skill.fankui': ['反馈', '反饋', 'Retaliation'],
  'sgs.skill.ganglie': ['刚烈', '剛烈', 'Unyielding'],
  'sgs.skill.tuxi': ['突袭', '突襲', 'Sudden Raid'],
  'sgs.skill.luoyi': ['裸衣', '裸衣', 'Bare-Chested'],
  'sgs.skill.tiandu': ['天妒', '天妒', 'Envy of Heaven'],
  'sgs.skill.yiji': ['遗计', '遺計', 'Bequeathed Strategy'],
  'sgs.skill.luoshen': ['洛神', '洛神', 'Goddess of the Luo'],
  'sgs.skill.qingguo': ['倾国', '傾國', 'Captivating Beauty'],
  'sgs.skill.xingshang': ['行殇', '行殤', 'Mourning Procession'],
  'sgs.skill.fangzhu': ['放逐', '放逐', 'Exile'],
  'sgs.skill.songwei': ['颂威', '頌威', 'Praise of Power'],
  'sgs.skillText.jianxiong': ['当你受到伤害后，你可以获得对你造成伤害的牌。', '當你受到傷害後，你可以獲得對你造成傷害的牌。', 'After you take damage, you may take the card that caused it.'],
  'sgs.skillText.hujia': [
    '主公技，当你需要使用或打出一张【闪】时，你可以令其他魏势力角色依次选择是否打出一张【闪】（视为由你使用或打出）。',
    '主公技，當你需要使用或打出一張【閃】時，你可以令其他魏勢力角色依次選擇是否打出一張【閃】（視為由你使用或打出）。',
    'Lord skill. When you need to use or play a Dodge, you may ask the other Wei characters in turn to play one for you (it counts as yours).',
  ],
};
