/**
 * Shell strings of the client plumbing (the outbox, the link to a replay), in the games' row format: key → [简体, 繁體,
 * English]. Merged into the shell's strings (web/i18n/strings.ts); the build ships one language at a time.
 */
// biome-ignore format: one row per line
export const ROWS: Record<string, [string, string, string]> = {
  'outbox.queued': ['已记下你的回答「{answer}」：网络恢复后自动发出。', '已記下你的回答「{answer}」：網路恢復後自動送出。', 'Your answer “{answer}” is saved: it will be sent as soon as you are back online.'],
  'outbox.sending': ['正在发送你的回答「{answer}」…', '正在送出你的回答「{answer}」…', 'Sending your answer “{answer}”…'],
  'outbox.takeBack': ['撤回', '撤回', 'Take it back'],
  'outbox.dismiss': ['知道了', '知道了', 'OK'],
  'outbox.notSent.timedOut': ['你的回答「{answer}」没有发出：断线期间已过时限，系统已替你作了默认选择。', '你的回答「{answer}」沒有送出：斷線期間已過時限，系統已替你作了預設選擇。', 'Your answer “{answer}” was not sent: the deadline passed while you were offline, and the default was taken for you.'],
  'outbox.notSent.gone': ['你的回答「{answer}」没有发出：这个问题在断线期间已经结束。', '你的回答「{answer}」沒有送出：這個問題在斷線期間已經結束。', 'Your answer “{answer}” was not sent: that question closed while you were offline.'],
  'outbox.notSent.moved': ['你的回答「{answer}」没有发出：牌局已经往下走了，请看看现在的情况再决定。', '你的回答「{answer}」沒有送出：牌局已經往下走了，請看看現在的情況再決定。', 'Your answer “{answer}” was not sent: the table has moved on. Have a look and decide again.'],
  'outbox.notSent.unconfirmed': ['无法确认你的回答「{answer}」是否送达：发送时断线了，牌局已经往下走。请查看记录。', '無法確認你的回答「{answer}」是否送達：送出時斷線了，牌局已經往下走。請查看紀錄。', 'We could not confirm your answer “{answer}”: the connection dropped while it was being sent, and the table has moved on. Check the log.'],
  'outbox.notSent.refused': ['你的回答「{answer}」没有被接受：{message}', '你的回答「{answer}」沒有被接受：{message}', 'Your answer “{answer}” was not accepted: {message}'],
  // The notification formats' names in the format menus (worker/notify/formats: each format's `label`).
  'notify.format.discord': ['Discord', 'Discord', 'Discord'],
  'notify.format.slack': ['Slack', 'Slack', 'Slack'],
  'notify.format.telegram': ['Telegram', 'Telegram', 'Telegram'],
  'notify.format.ntfy': ['ntfy', 'ntfy', 'ntfy'],
  'notify.format.json': ['JSON', 'JSON', 'JSON'],
  'table.replay': ['观看整局回放', '觀看整局回放', 'Watch the replay'],
};
