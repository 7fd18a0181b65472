import type { Lang, Strings } from '../games/types';

/**
 * Strings of playing again (the end screen's proposal) and of the series page, in the games' row format (key →
 * [简体, 繁體, English]). A strings module of its own: the build ships them only to a finished table and to the
 * series page, in the visitor's language (web/tools/split-strings.ts).
 */
// biome-ignore format: one row per line
const ROWS: Record<string, [string, string, string]> = {
  'again.title': ['再来一局？', '再來一局？', 'Play again?'],
  'again.propose': ['同一桌再来一局', '同一桌再來一局', 'Play again with this table'],
  'again.proposedBy': ['{name}提议同一桌再来一局。', '{name}提議同一桌再來一局。', '{name} proposes another game with this table.'],
  'again.proposedByHost': ['房主提议同一桌再来一局。', '房主提議同一桌再來一局。', 'The host proposes another game with this table.'],
  'again.accept': ['我来', '我來', 'I’m in'],
  'again.decline': ['这次不了', '這次不了', 'Not this time'],
  'again.accepted': ['来', '來', 'in'],
  'again.declined': ['不来', '不來', 'out'],
  'again.waiting': ['未答复', '未答覆', 'not yet'],
  'again.youAccepted': ['你已答应。所有人答复后（或截止时）新的一局就会开始，你的座位链接照样能用。', '你已答應。所有人答覆後（或截止時）新的一局就會開始，你的座位連結照樣能用。', 'You are in. The new game starts once everyone has answered (or at the deadline); your seat link keeps working.'],
  'again.youDeclined': ['你这次不来。截止前还可以改主意。', '你這次不來。截止前還可以改主意。', 'You are out this time. You can change your mind until the deadline.'],
  'again.options': ['下一局的选项（房主）', '下一局的選項（房主）', 'Options of the next game (host)'],
  'again.replaceWith': ['不来的座位：', '不來的座位：', 'Seats of those who do not come:'],
  'again.replaceBot': ['由机器人接替', '由機器人接替', 'a bot takes them'],
  'again.replaceInvite': ['留给邀请链接', '留給邀請連結', 'left open for the invite link'],
  'again.toNext': ['去新的一局', '去新的一局', 'Go to the next game'],
  'again.nextReady': ['新的一局已经开好了。', '新的一局已經開好了。', 'The next game is ready.'],
  'again.prev': ['← 上一局', '← 上一局', '← Previous game'],
  'again.series': ['这一桌的战绩', '這一桌的戰績', 'This table’s series'],
  'series.title': ['{game} · 同桌战绩', '{game} · 同桌戰績', '{game} · the table’s series'],
  'series.games': ['每一局', '每一局', 'Every game'],
  'series.game': ['第 {n} 局', '第 {n} 局', 'Game {n}'],
  'series.playing': ['进行中——结束前不显示身份', '進行中——結束前不顯示身分', 'In play — identities stay hidden until the end'],
  'series.lobby': ['入座中', '入座中', 'Seating'],
  'series.wonAs': ['{name}（{role}）', '{name}（{role}）', '{name} ({role})'],
  'series.winners': ['胜者：{names}', '勝者：{names}', 'Won: {names}'],
  'series.draw': ['无人获胜', '無人獲勝', 'Nobody won'],
  'series.open': ['牌桌', '牌桌', 'Table'],
  'series.replay': ['回放', '回放', 'Replay'],
  'series.score': ['累计', '累計', 'Running score'],
  'series.player': ['玩家', '玩家', 'Player'],
  'series.played': ['局数', '局數', 'Played'],
  'series.wins': ['胜', '勝', 'Wins'],
  'series.points': ['分', '分', 'Points'],
  'series.winsAs': ['以何身份获胜', '以何身分獲勝', 'Won as'],
  'series.none': ['还没有结束的牌局。', '還沒有結束的牌局。', 'No game has ended yet.'],
  'series.missing': ['没有这一桌的战绩', '沒有這一桌的戰績', 'No such series'],
};

const at = (i: number): Strings => Object.fromEntries(Object.entries(ROWS).map(([k, v]) => [k, v[i]!]));
export const strings: Record<Lang, Strings> = { 'zh-CN': at(0), 'zh-TW': at(1), en: at(2) };
