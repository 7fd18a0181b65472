import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Json, LogLine, Prompt, StateBody } from '../../worker/protocol';
import { Live } from '../../web/lib/live';
import { decide, type Queued } from '../../web/lib/outbox';
import { getGame, saveGame } from '../../web/lib/store';

const prompt = (id: string, seat = 0): Prompt => ({
  id,
  seat,
  kind: 'play',
  message: { key: 'q' },
  options: [{ id: 'pass', message: { key: 'common.pass' } }],
});
const line = (i: number, key = 'x', params?: Record<string, Json>): LogLine => ({
  i,
  at: i,
  msg: params ? { key, params } : { key },
});

function body(version: number, prompts: Prompt[], log: LogLine[] = []): StateBody {
  const end = log.length ? log[log.length - 1]!.i + 1 : 0;
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
    prompts,
    waiting: [0],
    deadline: null,
    log,
    logFrom: 0,
    logEnd: end,
    chat: [],
  };
}

/** The room, as far as the client sees it: the current body for GET /state; POST /answers answers `reply`. */
function room(current: () => StateBody, reply: () => Response | 'network') {
  const posts: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const r = reply();
      if (r === 'network') throw new TypeError('Failed to fetch');
      posts.push(JSON.parse(String(init.body)));
      return r;
    }
    return new Response(JSON.stringify(current()), { status: 200 });
  });
  return posts;
}

const online = (on: boolean) => vi.stubGlobal('navigator', { onLine: on });
const settle = () => new Promise((r) => setTimeout(r, 0));
const q = (over: Partial<Queued> = {}): Queued => ({
  answer: { prompt: 'p1', option: 'pass' },
  label: null,
  version: 3,
  logEnd: 2,
  uncertain: false,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  saveGame('g', { outbox: undefined });
});

describe('a queued answer counts only while its prompt is open', () => {
  it('an answer whose prompt is still open is sent, even after other seats moved (the room judges the version)', () => {
    expect(decide(q(), { prompts: [prompt('p1')], log: [], you: 0 })).toBe('send');
  });
  it('a prompt closed by a room move for this seat after the answer was made was taken by the deadline', () => {
    const log = [line(1, 'room.log.timedOut', { seat: 0 }), line(2, 'room.log.timedOut', { seat: 1 })];
    expect(decide(q(), { prompts: [], log, you: 0 })).toBe('gone');
    expect(decide(q(), { prompts: [], log: [...log, line(3, 'room.log.timedOut', { seat: 0 })], you: 0 })).toBe(
      'timedOut',
    );
    expect(decide(q(), { prompts: [], log: [line(3, 'room.log.botPlayed', { seat: 0 })], you: 0 })).toBe('timedOut');
  });
  it('a prompt gone after a request that may have arrived is unconfirmed, not "not sent"', () => {
    expect(decide(q({ uncertain: true }), { prompts: [], log: [], you: 0 })).toBe('unconfirmed');
  });
});

describe('nothing the player answers offline is lost', () => {
  it('an answer made offline is not requested, and goes out exactly once when the connection is back', async () => {
    let cur = body(3, [prompt('p1')]);
    const posts = room(
      () => cur,
      () => {
        cur = body(4, []);
        return new Response(JSON.stringify(cur), { status: 200 });
      },
    );
    const live = new Live('g', 't');
    live.accept(cur);
    online(false);
    await live.answer({ prompt: 'p1', option: 'pass' });
    expect(live.outbox.value?.status).toBe('queued');
    expect(live.outbox.value?.label).toEqual({ key: 'common.pass' });
    expect(posts).toEqual([]);
    online(true);
    // Every way back at once: a poll, a socket push of the same table, another poll.
    await Promise.all([live.poll(), Promise.resolve(live.accept(body(3, [prompt('p1')]))), live.poll()]);
    await settle();
    expect(posts).toEqual([{ version: 3, answer: { prompt: 'p1', option: 'pass' } }]);
    expect(live.outbox.value).toBe(null);
    expect(live.state.value!.version).toBe(4);
  });

  it('an answer whose prompt the deadline took while offline is reported as not sent, and never requested', async () => {
    const cur = body(3, [prompt('p1')], [line(0), line(1)]);
    const posts = room(
      () => cur,
      () => new Response('{}', { status: 200 }),
    );
    const live = new Live('g', 't');
    live.accept(cur);
    online(false);
    await live.answer({ prompt: 'p1', option: 'pass' });
    // The socket still brings the table: the deadline answered for seat 0.
    live.accept(body(4, [prompt('p2')], [line(0), line(1), line(2, 'room.log.timedOut', { seat: 0 }), line(3)]));
    expect(live.outbox.value).toMatchObject({ status: 'notSent', reason: 'timedOut' });
    online(true);
    await live.poll();
    expect(posts).toEqual([]);
    live.dismissOutbox();
    expect(live.outbox.value).toBe(null);
  });

  it('a request that fails on the way is queued as uncertain and resent once; a 409 then says the table moved on', async () => {
    const cur = body(3, [prompt('p1')]);
    let replies: (Response | 'network')[] = [
      'network',
      new Response(JSON.stringify({ error: { code: 'stale', message: 'moved' }, state: body(5, [prompt('p1')]) }), {
        status: 409,
      }),
    ];
    const posts = room(
      () => cur,
      () => replies.shift()!,
    );
    const live = new Live('g', 't');
    live.accept(cur);
    online(true);
    await live.answer({ prompt: 'p1', option: 'pass' });
    expect(live.outbox.value).toMatchObject({ status: 'queued', uncertain: true });
    await live.poll();
    await settle();
    expect(posts).toHaveLength(1);
    expect(live.outbox.value).toMatchObject({ status: 'notSent', reason: 'unconfirmed' });
    replies = [];
  });

  it("a queued answer the room refuses is reported with the room's words", async () => {
    const cur = body(3, [prompt('p1')]);
    room(
      () => cur,
      () =>
        new Response(JSON.stringify({ error: { code: 'illegal', message: 'you cannot pass now' } }), { status: 400 }),
    );
    const live = new Live('g', 't');
    live.accept(cur);
    online(false);
    await live.answer({ prompt: 'p1', option: 'pass' });
    online(true);
    await live.poll();
    await settle();
    expect(live.outbox.value).toMatchObject({ status: 'notSent', reason: 'refused', message: 'you cannot pass now' });
  });

  it('an answer given online that the room refuses is an error for the prompt panel, not a queued one', async () => {
    const cur = body(3, [prompt('p1')]);
    room(
      () => cur,
      () => new Response(JSON.stringify({ error: { code: 'illegal', message: 'no' } }), { status: 400 }),
    );
    const live = new Live('g', 't');
    live.accept(cur);
    online(true);
    await expect(live.answer({ prompt: 'p1', option: 'pass' })).rejects.toMatchObject({ code: 'illegal' });
    expect(live.outbox.value).toBe(null);
  });

  it('an answer queued offline survives closing the page: the page opened again sends it once, when online', async () => {
    let cur = body(3, [prompt('p1')]);
    const posts = room(
      () => cur,
      () => {
        cur = body(4, []);
        return new Response(JSON.stringify(cur), { status: 200 });
      },
    );
    const first = new Live('g', 't');
    first.accept(cur);
    online(false);
    await first.answer({ prompt: 'p1', option: 'pass' });
    expect(getGame('g')?.outbox?.answer).toEqual({ prompt: 'p1', option: 'pass' });

    const again = new Live('g', 't');
    expect(again.outbox.value).toMatchObject({ status: 'queued', version: 3, label: { key: 'common.pass' } });
    online(true);
    await again.poll();
    await settle();
    expect(posts).toEqual([{ version: 3, answer: { prompt: 'p1', option: 'pass' } }]);
    expect(again.outbox.value).toBe(null);
    expect(getGame('g')?.outbox).toBeUndefined();
  });

  it('of two pages of the same game holding a waiting answer, only one sends it', async () => {
    const cur = body(3, [prompt('p1')]);
    const posts = room(
      () => cur,
      () => new Response(JSON.stringify(body(4, [])), { status: 200 }),
    );
    const a = new Live('g', 't');
    a.accept(cur);
    online(false);
    await a.answer({ prompt: 'p1', option: 'pass' });
    const b = new Live('g', 't');
    online(true);
    await Promise.all([a.poll(), b.poll()]);
    await settle();
    expect(posts).toHaveLength(1);
    expect([a.outbox.value, b.outbox.value]).toEqual([null, null]);
  });

  it("a spectator page never picks up a seat's waiting answer", () => {
    saveGame('g', { outbox: q() });
    expect(new Live('g', undefined).outbox.value).toBe(null);
  });
});
