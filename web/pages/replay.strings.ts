import type { Lang, Strings } from '../games/types';

/**
 * The replay page's strings, in the games' row format (key → [简体, 繁體, English]). A strings module of its own,
 * so the build ships them only to the replay page, in the visitor's language (web/tools/split-strings.ts).
 */
// biome-ignore format: one row per line
const ROWS: Record<string, [string, string, string]> = {
  'replay.title': ['回放', '回放', 'Replay'],
  'replay.of': ['{game} · 回放', '{game} · 回放', '{game} · replay'],
  'replay.first': ['回到开局', '回到開局', 'To the start'],
  'replay.prev': ['上一步', '上一步', 'Previous move'],
  'replay.next': ['下一步', '下一步', 'Next move'],
  'replay.last': ['跳到结局', '跳到結局', 'To the end'],
  'replay.play': ['自动播放', '自動播放', 'Play'],
  'replay.pause': ['暂停', '暫停', 'Pause'],
  'replay.step': ['第{k}步 / 共{n}步', '第{k}步 / 共{n}步', 'Move {k} of {n}'],
  'replay.slider': ['选择步数', '選擇步數', 'Move'],
  'replay.seenBy': ['视角', '視角', 'Seen by'],
  'replay.spectator': ['旁观者（看不到手牌）', '旁觀者（看不到手牌）', 'a spectator (no hands)'],
  'replay.start': ['开局。', '開局。', 'The start.'],
  'replay.nextMove': ['下一步：{name}——{option}', '下一步：{name}——{option}', 'Next: {name} — {option}'],
  'replay.end': ['终局。', '終局。', 'The end.'],
  'replay.notYet': ['牌局结束后才能观看回放。', '牌局結束後才能觀看回放。', 'The replay opens once the game has ended.'],
  'replay.toTable': ['回到牌桌', '回到牌桌', 'Back to the table'],
  'replay.broken': ['记录在第{k}步中断：规则在这局之后改过，无法继续重放。', '紀錄在第{k}步中斷：規則在這局之後改過，無法繼續重播。', 'The record stops at move {k}: the rules have changed since this game was played.'],
  'replay.noEngine': ['这个游戏没有可在浏览器里重放的规则。', '這個遊戲沒有可在瀏覽器裡重播的規則。', 'This game has no rules the browser can replay.'],
  'replay.keys': ['键盘：← → 逐步，Home / End 跳到首尾。', '鍵盤：← → 逐步，Home / End 跳到首尾。', 'Keys: ← → step, Home / End jump.'],
};

const at = (i: number): Strings => Object.fromEntries(Object.entries(ROWS).map(([k, v]) => [k, v[i]!]));
export const strings: Record<Lang, Strings> = { 'zh-CN': at(0), 'zh-TW': at(1), en: at(2) };
