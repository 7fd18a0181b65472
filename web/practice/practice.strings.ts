import type { Lang, Strings } from '../games/types';

/**
 * The practice page's strings, in the games' row format (key → [简体, 繁體, English]). A strings module of its own,
 * so the build ships them only to the practice page, in the visitor's language (web/tools/split-strings.ts).
 */
// biome-ignore format: one row per line
const ROWS: Record<string, [string, string, string]> = {
  'practice.title': ['单人练习', '單人練習', 'Practice'],
  'practice.heading': ['和机器人练一局', '和機器人練一局', 'Practise against the bots'],
  'practice.lead': ['整局都在你的浏览器里进行，断网也能玩；牌局只保存在这台设备上，刷新或关掉页面后可以接着打。', '整局都在你的瀏覽器裡進行，斷網也能玩；牌局只儲存在這台裝置上，重新整理或關掉頁面後可以接著打。', 'The whole game runs in your browser, with or without a connection; it is kept on this device, so a reload or a closed tab picks up where you left off.'],
  'practice.generals': ['使用武将', '使用武將', 'With generals'],
  'practice.generals.hint': ['关掉后人人 4 体力、没有技能，适合第一次玩。', '關掉後人人 4 體力、沒有技能，適合第一次玩。', 'Off: everyone has 4 HP and no skills — good for a first game.'],
  'practice.level': ['机器人水平', '機器人水準', 'Bots'],
  'practice.level.good': ['会玩', '會玩', 'Good'],
  'practice.level.easy': ['入门', '入門', 'Easy'],
  'practice.name': ['你的名字', '你的名字', 'Your name'],
  // The player's name when none is given: a name the log reads in the third person ("Player draws 2").
  'practice.you': ['你', '你', 'Player'],
  'practice.start': ['开始练习', '開始練習', 'Start practising'],
  'practice.bar': ['练习局：其他座位都是机器人，只存在这台设备上。', '練習局：其他座位都是機器人，只存在這台裝置上。', 'Practice: every other seat is a bot; kept on this device only.'],
  'practice.autoplay': ['机器人替我打', '機器人替我打', 'Bot plays my seat'],
  'practice.quit': ['放弃这局', '放棄這局', 'Give up'],
  'practice.quitConfirm': ['放弃这局练习？它会从这台设备上删除。', '放棄這局練習？它會從這台裝置上刪除。', 'Give up this practice game? It is removed from this device.'],
  'practice.last': ['上一局已经结束。', '上一局已經結束。', 'Your last game is over.'],
  'practice.replay': ['看上一局的回放', '看上一局的回放', 'Watch its replay'],
  'practice.again': ['再练一局', '再練一局', 'Practise again'],
};

const at = (i: number): Strings => Object.fromEntries(Object.entries(ROWS).map(([k, v]) => [k, v[i]!]));

export const strings: Record<Lang, Strings> = { 'zh-CN': at(0), 'zh-TW': at(1), en: at(2) };
