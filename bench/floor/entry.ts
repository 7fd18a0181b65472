import { DurableObject } from 'cloudflare:workers';

/**
 * The floor under the workerd bench: the least a room could do per answer, on the same runtime, transport and
 * client as the real room (bench/live.ts speaks to it unchanged). One instance is one game of the hidden-hand
 * fixture reduced to its wire protocol: four seats whose turns go round, one card offered per prompt. An answer is
 * checked against the open prompt and the version, written as one move row in one transaction (the runtime then
 * holds the outgoing messages until the write is durable, as it does for the real room), and a small full state is
 * sent to every socket. No rules, no views, no log, no clocks: what this costs is what the runtime, its storage
 * and the bench's own client cost, measured under the same load as the real room. Nothing here is used by the
 * Worker.
 */
interface Seat {
  seat: number;
}

const SEATS = 4;

export class GameRoom extends DurableObject<Record<string, never>> {
  private version = 1;
  private moves = 0;
  private limit = 100;
  private seated = 0;

  constructor(ctx: DurableObjectState, env: Record<string, never>) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS moves (n INTEGER PRIMARY KEY, seat INTEGER, answer TEXT)');
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** The body a seat's socket gets: the prompt only for the seat whose turn it is. */
  private stateFor(seat: number): string {
    const over = this.moves >= this.limit;
    const mine = !over && seat === this.moves % SEATS;
    return JSON.stringify({ type: 'state', version: this.version, status: over ? 'finished' : 'playing', view: { moves: this.moves }, prompts: mine ? [{ id: `p${this.moves}`, options: [{ id: 'play', cards: { from: [`c${this.moves % 52}`] } }] }] : [] });
  }

  override async fetch(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname.split('/').slice(3).join('/');
    if (path === 'create') {
      this.limit = ((await req.json()) as { limit: number }).limit;
      return Response.json({ ok: true });
    }
    if (path === 'seats') return Response.json({ token: String(this.seated++) });
    if (path === 'start') return Response.json({ ok: true });
    if (path === 'state') return Response.json({ version: this.version, view: { moves: this.moves } });
    if (path === 'answers') {
      const seat = Number(req.headers.get('authorization')?.replace('Bearer ', ''));
      const body = (await req.json()) as { version?: number; answer?: { prompt: string } };
      if (!this.accept(seat, body)) return Response.json({ error: { code: 'stale' } }, { status: 409 });
      return new Response(this.stateFor(seat), { headers: { 'content-type': 'application/json' } });
    }
    if (path === 'live') {
      const pair = new WebSocketPair();
      this.ctx.acceptWebSocket(pair[1]);
      return new Response(null, { status: 101, webSocket: pair[0] });
    }
    return Response.json({ error: 'not found' }, { status: 404 });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const msg = JSON.parse(typeof message === 'string' ? message : new TextDecoder().decode(message)) as { type: string; token?: string; version?: number; answer?: { prompt: string } };
    if (msg.type === 'hello') {
      const seat = Number(msg.token);
      ws.serializeAttachment({ seat } satisfies Seat);
      ws.send(this.stateFor(seat));
      return;
    }
    const { seat } = ws.deserializeAttachment() as Seat;
    if (!this.accept(seat, msg)) {
      ws.send(JSON.stringify({ type: 'error', error: { code: 'stale' } }));
      return;
    }
    ws.send('{"type":"ok"}');
  }

  /** An answer (on a socket or by POST): checked, written, and every socket sent the new state. */
  private accept(seat: number, msg: { version?: number; answer?: { prompt: string } }): boolean {
    if (msg.version !== this.version || msg.answer?.prompt !== `p${this.moves}` || seat !== this.moves % SEATS) return false;
    this.ctx.storage.transactionSync(() => this.ctx.storage.sql.exec('INSERT INTO moves (n, seat, answer) VALUES (?, ?, ?)', this.moves + 1, seat, JSON.stringify(msg.answer)));
    this.moves++;
    this.version++;
    for (const w of this.ctx.getWebSockets()) w.send(this.stateFor((w.deserializeAttachment() as Seat).seat));
    return true;
  }
}

/** The API paths bench/live.ts uses, each game its own instance. */
export default {
  async fetch(req: Request, env: { GAME_ROOM: DurableObjectNamespace }): Promise<Response> {
    const url = new URL(req.url);
    const parts = url.pathname.split('/');
    if (req.method === 'POST' && url.pathname === '/api/games') {
      const id = crypto.randomUUID().replaceAll('-', '').slice(0, 14);
      const body = (await req.json()) as { options: { limit: number } };
      await env.GAME_ROOM.get(env.GAME_ROOM.idFromName(id)).fetch(`http://room/api/games/create`, { method: 'POST', body: JSON.stringify({ limit: body.options.limit }) });
      return Response.json({ id, adminToken: 'admin' });
    }
    const id = parts[3];
    if (!id) return Response.json({ error: 'not found' }, { status: 404 });
    const inner = new URL(req.url);
    inner.pathname = `/api/games/${parts.slice(4).join('/')}`;
    return env.GAME_ROOM.get(env.GAME_ROOM.idFromName(id)).fetch(new Request(inner, req));
  },
};
