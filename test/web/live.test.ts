import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_RELOAD, PROTOCOL, type LogLine, type StateBody } from '../../worker/protocol';
import { Live } from '../../web/lib/live';

const line = (i: number): LogLine => ({ i, at: i, msg: { key: 'x' } });
/** A state body carrying the visible lines [from, end) (every line visible here). */
function body(version: number, from: number, end: number, extra: Partial<StateBody> = {}): StateBody {
  return {
    id: 'g',
    game: 'duel',
    status: 'playing',
    paused: false,
    seats: [],
    options: {},
    deadlineMinutes: 10,
    createdAt: '',
    version,
    outcome: null,
    you: 0,
    view: null,
    prompts: [],
    waiting: [],
    deadline: null,
    log: [...Array(Math.max(0, end - from)).keys()].map((k) => line(from + k)),
    logFrom: from,
    logEnd: end,
    chat: [],
    ...extra,
  };
}

/** The server: answers `/state?log=N` with lines [N, end) of a log of `end` lines; records every request. */
function server(end: () => number, version: () => number) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const n = Number(new URL(url, 'http://x').searchParams.get('log') ?? Math.max(0, end() - 150));
    return new Response(JSON.stringify(body(version(), Math.min(n, end()), end())), { status: 200 });
  });
  return asked;
}

const indices = (live: Live) => live.state.value!.log.map((l) => l.i);
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => vi.unstubAllGlobals());

describe('the live client keeps one log from slices', () => {
  it('deltas are appended in order; a repeated delta adds nothing', () => {
    server(
      () => 0,
      () => 0,
    );
    const live = new Live('g', 't');
    live.accept(body(1, 0, 3));
    live.accept(body(2, 3, 5));
    live.accept(body(2, 3, 5));
    expect(indices(live)).toEqual([0, 1, 2, 3, 4]);
    expect([live.state.value!.logFrom, live.state.value!.logEnd]).toEqual([0, 5]);
  });

  it('a delta beyond what it holds (a missed change) makes it fetch /state?log=<its end> once, which closes the gap', async () => {
    const asked = server(
      () => 9,
      () => 4,
    );
    const live = new Live('g', 't');
    live.accept(body(1, 0, 3));
    live.accept(body(3, 7, 8));
    live.accept(body(4, 8, 9));
    await settle();
    expect(asked).toEqual(['/api/games/g/state?log=3']);
    expect(indices(live)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(live.state.value!.logEnd).toBe(9);
  });

  it('an older body (a late poll) does not undo newer state, but its lines still count', () => {
    server(
      () => 0,
      () => 0,
    );
    const live = new Live('g', 't');
    live.accept(body(5, 2, 6, { deadline: 'new' }));
    live.accept(body(4, 0, 4, { deadline: 'old' }));
    expect(live.state.value!.version).toBe(5);
    expect(live.state.value!.deadline).toBe('new');
    expect(indices(live)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('"show earlier" fetches the lines before the tail it holds', async () => {
    const asked = server(
      () => 400,
      () => 1,
    );
    const live = new Live('g', 't');
    live.accept(body(1, 250, 400));
    await live.loadEarlier();
    expect(asked).toEqual(['/api/games/g/state?log=0']);
    expect(live.state.value!.logFrom).toBe(0);
    expect(indices(live)).toEqual([...Array(400).keys()]);
  });

  it('a page opened after a long absence fetches the lines since the last one seen, even older than the tail', async () => {
    const asked = server(
      () => 400,
      () => 1,
    );
    const live = new Live('g', 't', 101);
    live.accept(body(1, 250, 400));
    await settle();
    expect(asked).toEqual(['/api/games/g/state?log=101']);
    expect(live.state.value!.logFrom).toBe(101);
    expect(indices(live)[0]).toBe(101);
  });

  it('answers and polls say where its log ends, so replies carry only new lines', async () => {
    const asked = server(
      () => 7,
      () => 2,
    );
    const live = new Live('g', 't');
    live.accept(body(1, 0, 5));
    await live.answer({ prompt: 'p', option: 'o' });
    await live.poll();
    expect(asked).toEqual(['/api/games/g/answers?log=5', '/api/games/g/state?since=2&log=7']);
  });
});

/** A browser around the client: a fake WebSocket (each one made is kept), storage, the page's location. */
function browser() {
  const sockets: FakeSocket[] = [];
  class FakeSocket {
    static OPEN = 1;
    readyState = 0;
    sent: unknown[] = [];
    onopen: (() => void) | null = null;
    onmessage: ((e: { data: string }) => void) | null = null;
    onclose: ((e: { code: number }) => void) | null = null;
    constructor(readonly url: string) {
      sockets.push(this);
    }
    send(s: string) {
      this.sent.push(JSON.parse(s));
    }
    close() {}
    open() {
      this.readyState = 1;
      this.onopen!();
    }
  }
  const storage = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    };
  };
  const reload = vi.fn();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'http:', host: 'teahouse.test', reload });
  vi.stubGlobal('localStorage', storage());
  vi.stubGlobal('sessionStorage', storage());
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('document', { visibilityState: 'visible', addEventListener() {}, removeEventListener() {} });
  vi.stubGlobal('addEventListener', () => {});
  vi.stubGlobal('removeEventListener', () => {});
  return { sockets, reload };
}

describe('the live socket', () => {
  it('says hello with the protocol version and where its log ends, then takes every state message whole', async () => {
    server(
      () => 5,
      () => 1,
    );
    const { sockets } = browser();
    const live = new Live('g', 't');
    live.start();
    await settle();
    await settle();
    const ws = sockets[0]!;
    ws.open();
    expect(ws.sent[0]).toEqual({ type: 'hello', protocol: PROTOCOL, token: 't', log: 5 });
    ws.onmessage!({ data: JSON.stringify({ type: 'state', ...body(2, 5, 7, { deadline: 'soon' }) }) });
    expect(live.state.value!.version).toBe(2);
    expect(live.state.value!.deadline).toBe('soon');
    expect(indices(live)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    live.stop();
  });

  it('a socket closed for another protocol version reloads the page, at most once a minute (a server older than the page would loop)', async () => {
    server(
      () => 0,
      () => 1,
    );
    const { sockets, reload } = browser();
    for (let k = 0; k < 2; k++) {
      const live = new Live('g', 't');
      live.start();
      await settle();
      await settle();
      sockets.at(-1)!.open();
      sockets.at(-1)!.onclose!({ code: CLOSE_RELOAD });
      live.stop();
    }
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('a new state keeps the objects of the parts that did not change', () => {
  it('an unchanged seat, prompt or view part is the same object as before; a changed one is new', () => {
    server(
      () => 0,
      () => 0,
    );
    const live = new Live('g', 't');
    const view = (hp: number) => ({
      players: [
        { seat: 0, hp: 4 },
        { seat: 1, hp },
      ],
      pile: [1, 2, 3],
    });
    live.accept(body(1, 0, 2, { view: view(4), waiting: [1] }));
    const before = live.state.value!;
    live.accept(body(2, 2, 3, { view: view(3), waiting: [1] }));
    const after = live.state.value!;
    const players = (s: StateBody) => (s.view as { players: unknown[] }).players;
    expect(after).not.toBe(before);
    expect(after.version).toBe(2);
    expect(players(after)[0]).toBe(players(before)[0]);
    expect(players(after)[1]).not.toBe(players(before)[1]);
    expect(players(after)[1]).toEqual({ seat: 1, hp: 3 });
    expect((after.view as { pile: number[] }).pile).toBe((before.view as { pile: number[] }).pile);
    expect(after.waiting).toBe(before.waiting);
    expect(after.log[0]).toBe(before.log[0]);
    expect(after.log.map((l) => l.i)).toEqual([0, 1, 2]);
  });
});
