import { signal } from '@preact/signals';
import {
  CLOSE_RELOAD,
  PROTOCOL,
  type Answer,
  type ClientMessage,
  type ServerMessage,
  type StateBody,
} from '../../worker/protocol';
import { api, ApiError, staleState } from './api';
import { mergeLog, type LogBook } from './logbook';
import { decide, optionLabel, type OutboxState, type Queued } from './outbox';
import { getGame, saveGame } from './store';

/**
 * Reload the page for the client the server speaks with (its hello was refused as another protocol version), at
 * most once a minute: a server that is older than this page (a deploy under way) would otherwise reload it in a
 * loop. Meanwhile the page goes on polling `/state`, whose body is the same in every version.
 */
function reloadOnce(): void {
  const KEY = 'teahouse.reloadedAt';
  const last = Number(sessionStorage.getItem(KEY) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(KEY, String(Date.now()));
  location.reload();
}

/**
 * `next`, with every part that equals the same part of `prev` replaced by `prev`'s own object: each message
 * brings the whole view, parsed afresh, and a part of the page drawn from an unchanged part (a seat's tile, the
 * hand, a log line) sees the same object and is skipped (`memo`). Comparing is cheap beside drawing: a table's
 * state is a few kilobytes.
 */
function keep<T>(prev: T, next: T): T {
  if (prev === next || typeof prev !== 'object' || typeof next !== 'object' || !prev || !next) return next;
  if (Array.isArray(prev) !== Array.isArray(next)) return next;
  const a = prev as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const out = (Array.isArray(next) ? [] : {}) as Record<string, unknown>;
  const keys = Object.keys(b);
  let same = keys.length === Object.keys(a).length;
  for (const k of keys) {
    out[k] = keep(a[k], b[k]);
    if (out[k] !== a[k]) same = false;
  }
  return same ? prev : (out as T);
}

export type ConnState = 'connecting' | 'live' | 'polling' | 'offline';

/** Does the browser say it is online? (Outside a browser there is no such signal: assume yes.) */
const onLine = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * One game's state as this viewer sees it, kept fresh. The WebSocket is the main channel (the server sends
 * this viewer's whole `state` after every change; a server of another protocol version closes the socket with
 * `CLOSE_RELOAD`, and the page reloads to get the client that speaks it); when it drops we reconnect with exponential backoff
 * and, meanwhile, poll `GET /state?since=V` (304 = unchanged) so the page never goes stale. A state is only
 * accepted if its version is not older than the one shown, so a late poll cannot undo a newer socket push.
 *
 * The log comes in slices (only the new lines after a change): every body's slice is merged into one book by
 * engine index, and the `state` signal shows the book as `log` (`logFrom`..`logEnd` = what it holds). Every
 * request says where the book ends (`?log=`, hello `log`), and a slice starting beyond it is a gap, filled
 * with one `GET /state?log=<end>`.
 *
 * Nothing the player answers is lost: an answer made offline, or whose request failed on the way, waits in
 * `outbox` and goes out once the connection is back (the `online` event, the socket reopening, a poll that
 * succeeds) — exactly once, with the version it was made against. If its prompt has gone meanwhile (the
 * deadline took it) or the room refuses it, `outbox` says so plainly instead. A waiting answer is kept in
 * localStorage too: a page closed while offline sends it when the game is opened again, and of two tabs of
 * the game only the one that takes it out of storage first sends it.
 *
 * Why not partysocket: its buffering sends queued messages blind on reconnect, with no reply to tie back to an
 * answer, so it could neither say "not sent" nor check the prompt first; and the polling fallback is still
 * needed where sockets are blocked. Measured 2026-12: PartySocket is 4,057 bytes gzip (its
 * ReconnectingWebSocket alone 2,744), this whole class with the outbox 2,099.
 */
export class Live {
  readonly state = signal<StateBody | null>(null);
  readonly conn = signal<ConnState>('connecting');
  readonly error = signal<ApiError | null>(null);
  /** The answer waiting for the connection, or the last one that could not be sent (until dismissed). */
  readonly outbox = signal<OutboxState>(null);
  private flushing = false;
  /** The waiting answer is also in localStorage (so a reload or another tab of this game still has it). */
  private persisted = false;
  private ws: WebSocket | null = null;
  private retry = 0;
  private wsTimer: ReturnType<typeof setTimeout> | undefined;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** The last poll failed for want of a network: the next one that goes through reopens the socket at once. */
  private down = false;
  private book: LogBook | null = null;
  private filling: number | null = null;
  private readonly onVisibility = () => this.visibilityChanged();
  private readonly onOnline = () => this.cameOnline();
  private readonly onOffline = () => {
    this.conn.value = 'offline';
  };

  /**
   * `needFrom`: the first log index the page needs even when it is older than the default tail (the line after
   * the last one seen on this device, for "since you were last here").
   */
  constructor(
    readonly id: string,
    private token: string | undefined,
    private readonly needFrom?: number,
  ) {
    const saved = token ? getGame(id)?.outbox : undefined;
    if (saved) {
      this.outbox.value = { ...saved, status: 'queued' };
      this.persisted = true;
    }
  }

  /** Show what became of the waiting answer; keep localStorage's copy exactly while one waits. */
  private setOutbox(o: OutboxState): void {
    this.outbox.value = o;
    if (o?.status === 'queued') {
      const q: Queued = {
        answer: o.answer,
        label: o.label,
        version: o.version,
        logEnd: o.logEnd,
        uncertain: o.uncertain,
      };
      saveGame(this.id, { outbox: q });
      this.persisted = getGame(this.id)?.outbox?.answer.prompt === q.answer.prompt;
    } else if (this.persisted && o?.status !== 'sending') {
      saveGame(this.id, { outbox: undefined });
      this.persisted = false;
    }
  }

  /**
   * Take the waiting answer out of localStorage before sending it: false when another tab of this game took
   * it first (that tab sends it, this one forgets it).
   */
  private claim(q: Queued): boolean {
    if (!this.persisted) return true;
    this.persisted = false;
    const stored = getGame(this.id)?.outbox;
    if (!stored || stored.answer.prompt !== q.answer.prompt || stored.version !== q.version) return false;
    saveGame(this.id, { outbox: undefined });
    return true;
  }

  start(): void {
    this.stopped = false;
    document.addEventListener('visibilitychange', this.onVisibility);
    addEventListener('online', this.onOnline);
    addEventListener('offline', this.onOffline);
    void this.poll().then(() => this.openSocket());
  }

  stop(): void {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.onVisibility);
    removeEventListener('online', this.onOnline);
    removeEventListener('offline', this.onOffline);
    clearTimeout(this.wsTimer);
    clearTimeout(this.pollTimer);
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, 'bye');
  }

  /**
   * Take a state if it is not older than the one shown. Its log lines are merged whatever its version (lines
   * never change once written), so the book only grows.
   */
  accept(s: StateBody): void {
    const { book, missing } = mergeLog(this.book, s);
    this.book = book;
    const cur = this.state.value;
    const base = cur && s.version < cur.version ? cur : s;
    if (base !== cur || book.lines !== cur?.log) {
      const next = { ...base, log: book.lines, logFrom: book.from, logEnd: book.end };
      this.state.value = cur ? keep(cur, next) : next;
      if (base === s) this.error.value = null;
    }
    if (missing !== null) void this.fill(missing);
    else if (this.needFrom !== undefined && book.from > this.needFrom) void this.fill(this.needFrom);
    this.review();
  }

  /**
   * A newer table while an answer waits: if its prompt has gone (the deadline took it), say so now rather
   * than when the connection comes back; if the connection is up, send it.
   */
  private review(): void {
    const q = this.outbox.value;
    const cur = this.state.value;
    if (!q || q.status !== 'queued' || !cur) return;
    const d = decide(q, cur);
    if (d !== 'send') this.setOutbox({ ...q, status: 'notSent', reason: d });
    else if (onLine() && this.conn.value !== 'offline') void this.flush();
  }

  /** Where the held log ends: the `log` start of the next request (undefined: none held, take the tail). */
  private logParam(): number | undefined {
    return this.book?.end;
  }

  /** Fetch the log lines from `from` on (a gap, or earlier lines); one such request at a time per start. */
  private async fill(from: number): Promise<void> {
    if (this.filling !== null && this.filling <= from) return;
    this.filling = from;
    try {
      const s = await api<StateBody>(this.path(`/state?log=${from}`), { token: this.token });
      if (s) this.accept(s);
    } catch {
      /* the next change or poll retries */
    } finally {
      if (this.filling === from) this.filling = null;
    }
  }

  /** The log holds only a tail: fetch the earlier lines too ("show earlier"). */
  loadEarlier(): Promise<void> {
    return this.fill(0);
  }

  private path(p = ''): string {
    return `/api/games/${encodeURIComponent(this.id)}${p}`;
  }

  /** One `GET /state`; with `since` the server may answer 304. */
  async poll(): Promise<void> {
    const v = this.state.value?.version;
    const q = new URLSearchParams();
    if (v !== undefined) q.set('since', String(v));
    const log = this.logParam();
    if (log !== undefined) q.set('log', String(log));
    try {
      const s = await api<StateBody>(this.path('/state') + (q.toString() ? `?${q}` : ''), { token: this.token });
      if (s) this.accept(s);
      if (this.conn.value === 'offline') this.conn.value = this.ws?.readyState === WebSocket.OPEN ? 'live' : 'polling';
      // The network is back (this request went through) while the socket waits out its backoff: try it now.
      if (this.down && !this.ws && this.wsTimer !== undefined) this.reopen();
      this.down = false;
      void this.flush();
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.code === 'offline') {
          this.conn.value = 'offline';
          this.down = true;
        } else this.error.value = e;
      }
    }
  }

  private schedulePoll(): void {
    clearTimeout(this.pollTimer);
    if (this.stopped || this.ws?.readyState === WebSocket.OPEN) return;
    // Fast while someone looks at the page, slow in a background tab (the socket will catch up on return).
    const ms = document.visibilityState === 'visible' ? 4000 : 30000;
    this.pollTimer = setTimeout(async () => {
      await this.poll();
      this.schedulePoll();
    }, ms);
  }

  private openSocket(): void {
    if (this.stopped || typeof WebSocket === 'undefined') {
      this.conn.value = 'polling';
      this.schedulePoll();
      return;
    }
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${this.path('/live')}`;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      this.socketLost();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.conn.value = 'live';
      clearTimeout(this.pollTimer);
      ws.send(
        JSON.stringify({
          type: 'hello',
          protocol: PROTOCOL,
          token: this.token,
          log: this.logParam() ?? 0,
        } satisfies ClientMessage),
      );
      this.send({ type: 'visible', visible: document.visibilityState === 'visible' });
      // The hello brings the current table, which decides whether a waiting answer still counts.
      if (this.outbox.value?.status === 'queued') void this.poll();
    };
    ws.onmessage = (ev) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (m.type === 'state') {
        const { type: _t, ...body } = m;
        this.accept(body);
      } else if (m.type === 'error') {
        this.error.value = new ApiError(0, m.error.code, m.error.message);
      }
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      if (ev.code === CLOSE_RELOAD) reloadOnce();
      this.socketLost();
    };
  }

  private socketLost(): void {
    this.ws = null;
    if (this.stopped) return;
    this.conn.value = navigator.onLine === false ? 'offline' : 'polling';
    // Resync by version at once, then keep polling until the socket is back.
    void this.poll();
    this.schedulePoll();
    const delay = Math.min(30000, 1000 * 2 ** this.retry) * (0.75 + Math.random() / 2);
    this.retry = Math.min(this.retry + 1, 6);
    clearTimeout(this.wsTimer);
    this.wsTimer = setTimeout(() => this.openSocket(), delay);
  }

  private send(m: ClientMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  private visibilityChanged(): void {
    const visible = document.visibilityState === 'visible';
    this.send({ type: 'visible', visible });
    if (visible && this.ws?.readyState !== WebSocket.OPEN) {
      // Back on the page: catch up now and try the socket again without waiting out the backoff.
      void this.poll();
      clearTimeout(this.wsTimer);
      this.retry = 0;
      if (!this.ws) this.openSocket();
    }
  }

  /**
   * The browser is back online: catch up at once (which sends a waiting answer) and open a fresh socket now.
   * The old one goes even when it still says OPEN: going offline need not close it (Chromium keeps it), and a
   * socket from before a network change may hear nothing more — the page said "Reconnecting" for minutes with
   * no socket tried (issue 28 item 4). The new socket's hello brings the table again.
   */
  private cameOnline(): void {
    if (this.stopped) return;
    if (this.conn.value === 'offline') this.conn.value = 'polling';
    void this.poll();
    this.reopen();
  }

  /** Drop the socket (if any) and open a new one now, without waiting out the backoff. */
  private reopen(): void {
    clearTimeout(this.wsTimer);
    this.retry = 0;
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.openSocket();
  }

  /** Change the viewer (after taking a seat): the socket must say hello again with the new token. */
  setToken(token: string | undefined): void {
    this.token = token;
    this.state.value = null;
    this.setOutbox(null);
    // Another viewer sees other private lines: start the log afresh.
    this.book = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, 'new viewer');
    void this.poll().then(() => this.openSocket());
  }

  /**
   * Send an answer over HTTP (errors come back per request). On 409 the table moved on: show the new state
   * and report the error so the player looks again. Offline, or when the request fails on the way, the
   * answer is queued in `outbox` instead (and this resolves): it goes out when the connection is back.
   */
  async answer(a: Answer): Promise<void> {
    const version = this.state.value?.version ?? 0;
    const q: Queued = {
      answer: a,
      label: optionLabel(this.state.value, a),
      version,
      logEnd: this.book?.end ?? 0,
      uncertain: false,
    };
    if (!onLine()) {
      this.conn.value = 'offline';
      this.setOutbox({ ...q, status: 'queued' });
      return;
    }
    try {
      await this.post(a, version);
      if (this.outbox.value?.status === 'notSent') this.setOutbox(null);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'offline') {
        // The request may have reached the room before the connection failed: the version check makes a
        // repeat harmless, and the outbox will not claim "not sent" for it.
        this.setOutbox({ ...q, uncertain: true, status: 'queued' });
        return;
      }
      throw e;
    }
  }

  private async post(a: Answer, version: number): Promise<void> {
    try {
      const log = this.logParam();
      const s = await api<StateBody>(this.path('/answers') + (log !== undefined ? `?log=${log}` : ''), {
        body: { version, answer: a },
        token: this.token,
      });
      if (s && typeof s.version === 'number') this.accept(s);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        const cur = staleState(e);
        if (cur) this.accept(cur);
        else void this.poll();
      }
      throw e;
    }
  }

  /**
   * Send the waiting answer, once: only one flush runs at a time, and it first looks at the current table (a
   * poll just before, or the state the socket brought) to decide whether the answer still counts.
   */
  private async flush(): Promise<void> {
    const q = this.outbox.value;
    const cur = this.state.value;
    if (!q || q.status !== 'queued' || !cur || this.flushing || !onLine()) return;
    const d = decide(q, cur);
    if (d !== 'send') {
      this.setOutbox({ ...q, status: 'notSent', reason: d });
      return;
    }
    if (!this.claim(q)) {
      this.setOutbox(null);
      return;
    }
    this.flushing = true;
    this.setOutbox({ ...q, status: 'sending' });
    try {
      await this.post(q.answer, q.version);
      this.setOutbox(null);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'offline') this.setOutbox({ ...q, uncertain: true, status: 'queued' });
      else if (e instanceof ApiError && e.status === 409)
        this.setOutbox({ ...q, status: 'notSent', reason: q.uncertain ? 'unconfirmed' : 'moved' });
      else
        this.setOutbox({
          ...q,
          status: 'notSent',
          reason: 'refused',
          message: e instanceof Error ? e.message : String(e),
        });
    } finally {
      this.flushing = false;
    }
  }

  /** The player read the note (or takes the waiting answer back): clear the outbox. */
  dismissOutbox(): void {
    if (this.outbox.value?.status !== 'sending') this.setOutbox(null);
  }

  async chat(text: string): Promise<void> {
    const s = await api<StateBody>(this.path('/chat'), { body: { text }, token: this.token });
    if (s && typeof s.version === 'number' && Array.isArray(s.chat)) this.accept(s);
    else void this.poll();
  }
}
