import type { Rows } from './rows';

/** [zh-CN, zh-TW, en] per key: each order's label (`ghost.order.<id>`) and explanation (`ghost.orderHint.<id>`). */
export const ORDERS: Rows = {
  'ghost.order.passWindows': ['反应窗口一律不出牌', '反應窗口一律不出牌', 'Pass every reaction window'],
  'ghost.orderHint.passWindows': ['鬼魂出没前后的⚡窗口都立即回答“不使用”（下次仍会询问，可随时改）。', '鬼魂出沒前後的⚡窗口都立即回答「不使用」（下次仍會詢問，可隨時改）。', 'The ⚡ windows before and after the haunting are passed at once (you can change this at any time).'],
  'ghost.order.voteOwnColour': ['只为本方颜色的小鬼投票', '只為本方顏色的小鬼投票', 'Vote only on imps of my colour'],
  'ghost.orderHint.voteOwnColour': ['别人发起驱除另一种颜色的小鬼时不投票；是你本方颜色的小鬼时照常询问你。邪道总是被询问。为免泄露身份，稍作停顿后才回答。', '別人發起驅除另一種顏色的小鬼時不投票；是你本方顏色的小鬼時照常詢問你。邪道總是被詢問。為免洩露身分，稍作停頓後才回答。', 'When someone exorcises an imp of the other colour you do not vote; for an imp of your colour you are asked. A heretic is always asked. Answered after a pause, so the timing does not give your identity away.'],
};

