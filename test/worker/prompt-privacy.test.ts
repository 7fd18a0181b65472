import { describe, expect, it } from 'vitest';
import { SELF } from 'cloudflare:test';
import { ORIGIN, promptOf, stateOf, table } from './helpers';
import { PROTOCOL } from '../../worker/protocol';

/** The answer endpoint's whole reply as bytes: status, content type and body text. */
async function rawAnswer(id: string, token: string, body: unknown) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/answers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** A socket that has said hello for `token`; `reply()` is its next message after a frame, as raw text. */
async function socketFor(id: string, token: string) {
  const res = await SELF.fetch(`${ORIGIN}/api/games/${id}/live`, { headers: { Upgrade: 'websocket' } });
  const ws = res.webSocket!;
  ws.accept();
  const queue: string[] = [];
  const waiters: ((m: string) => void)[] = [];
  ws.addEventListener('message', (e) => {
    const w = waiters.shift();
    if (w) w(e.data as string);
    else queue.push(e.data as string);
  });
  const next = () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise<string>((r) => waiters.push(r)));
  ws.send(JSON.stringify({ type: 'hello', protocol: PROTOCOL, token }));
  await next(); // its first state
  return {
    async reply(frame: unknown): Promise<string> {
      ws.send(JSON.stringify(frame));
      for (;;) {
        const m = await next();
        if (JSON.parse(m).type !== 'state') return m;
      }
    },
    close: () => ws.close(),
  };
}

describe("issue 9 point 2: answers to another seat's prompt tell nothing", () => {
  it("an answer to another seat's open prompt and to a made-up prompt get byte-identical replies", async () => {
    const t = await table(2);
    const s0 = await stateOf(t.id, t.tokens[0]);
    const theirs = promptOf(await stateOf(t.id, t.tokens[1])).id;
    const other = await rawAnswer(t.id, t.tokens[0]!, {
      version: s0.version,
      answer: { prompt: theirs, option: 'red' },
    });
    // A made-up id of the same shape, and one of another shape.
    const madeUp = await rawAnswer(t.id, t.tokens[0]!, {
      version: s0.version,
      answer: { prompt: 'p0123456789abcdef', option: 'red' },
    });
    const odd = await rawAnswer(t.id, t.tokens[0]!, { version: s0.version, answer: { prompt: 'p999', option: 'red' } });
    expect(other.status).toBe(403);
    expect(madeUp).toEqual(other);
    expect(odd).toEqual(other);
    expect(JSON.parse(other.text).error.code).toBe('not_your_prompt');
    // Nothing changed for the seat that was asked.
    expect(promptOf(await stateOf(t.id, t.tokens[1])).id).toBe(theirs);
  });

  it('the same holds on the live socket', async () => {
    const t = await table(2);
    const s0 = await stateOf(t.id, t.tokens[0]);
    const theirs = promptOf(await stateOf(t.id, t.tokens[1])).id;
    const ws = await socketFor(t.id, t.tokens[0]!);
    const other = await ws.reply({ type: 'answer', version: s0.version, answer: { prompt: theirs, option: 'red' } });
    const madeUp = await ws.reply({
      type: 'answer',
      version: s0.version,
      answer: { prompt: 'p0123456789abcdef', option: 'red' },
    });
    ws.close();
    expect(JSON.parse(other).error.code).toBe('not_your_prompt');
    expect(madeUp).toBe(other);
  });

  it('prompt ids handed to the seats of one game are not in seat order and not a counter', async () => {
    const t = await table(2);
    const ids = await Promise.all([0, 1].map(async (i) => promptOf(await stateOf(t.id, t.tokens[i])).id));
    for (const id of ids) expect(id).toMatch(/^p[0-9a-f]{16}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});
