import { CLOSE_RELOAD, PROTOCOL } from '../protocol';
import { makeRoom } from './admission';
import type { Reply } from './reply';
import type { Attachment, Room } from './types';

/**
 * A socket's `hello` (protocol.ts `ClientMessage`): a client speaking another protocol version is told to reload;
 * the seat token says who it is (none: a spectator); admission makes room for it (a seat's hidden or oldest
 * sockets beyond its limit close; spectator places may be full), and its attachment records the seat, its tab's
 * visibility and where its log starts (`log`, as `/state?log=` takes it; absent: the tail). Then it gets its
 * first body; a seat coming online is news for the whole table, and a seat that was played by a stand-in is
 * handed back to its player.
 */
export async function hello(r: Room, ws: WebSocket, att: Attachment, msg: Record<string, unknown>, error: (x: Reply) => void): Promise<void> {
  const st = r.store;
  if (msg.protocol !== PROTOCOL) {
    error(st.rejected('bad_request', `this page speaks protocol ${String(msg.protocol)}, the server ${PROTOCOL}: reload it`, { route: 'live' }));
    ws.close(CLOSE_RELOAD, 'reload');
    return;
  }
  const token = typeof msg.token === 'string' && msg.token ? msg.token : null;
  const who = await r.seats.whoIs(token);
  if (!who) {
    error(st.rejected('unauthorized', 'this seat token is not valid for this game', { route: 'live' }));
    ws.close(4001, 'unauthorized');
    return;
  }
  const room = makeRoom(r.sockets.list(), who.seat, ws);
  if (room === 'full') {
    error(st.rejected('rate_limited', 'every spectator place of this game is taken', { route: 'live' }));
    ws.close(4029, 'full');
    return;
  }
  for (const old of room) r.sockets.drop(old.ws, old.att, 'superseded');
  const cameOnline = who.seat !== null && !r.sockets.online(who.seat);
  const next: Attachment = { sid: att.sid, seat: who.seat, ready: true, visible: msg.visible !== false, whole: false };
  if (att.openedAt !== undefined) next.openedAt = att.openedAt;
  if (att.from !== undefined) next.from = att.from;
  if (typeof msg.log === 'number' && Number.isInteger(msg.log) && msg.log >= 0) next.log = msg.log;
  r.sockets.attach(ws, next);
  // The player is here: a stand-in hands the seat back.
  if (who.seat !== null && r.seats.rows[who.seat]?.stand_in) {
    const seat = who.seat;
    st.mutate((mm) => {
      r.sql.exec('UPDATE seats SET stand_in = 0, expiries = 0 WHERE seat = ?', seat);
      r.seats.reload();
      mm.version++;
      if (st.game) r.clocks.sync(st.game, mm, r.now());
    });
    await r.moves.afterChange();
    return;
  }
  // The version does not change when a seat comes online, since nothing in the game did.
  r.sockets.broadcast(cameOnline ? undefined : [ws]);
}
