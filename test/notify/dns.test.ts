import { describe, expect, it } from 'vitest';
import { checkTarget, DOH_URL, privateAnswer, refusedTarget, UnansweredLookup } from '../../worker/notify';
import { dohAnswer, targetVerdict } from '../../worker/notify/dns';

/** A DNS-over-HTTPS server that knows a few names; records what was asked. */
function doh(zone: Record<string, string[]>) {
  const asked: string[] = [];
  const f = (async (input: RequestInfo | URL) => {
    const u = new URL(String(input));
    expect(`${u.origin}${u.pathname}`).toBe(DOH_URL);
    const name = u.searchParams.get('name')!;
    const type = u.searchParams.get('type');
    asked.push(`${name}/${type}`);
    const answers = (zone[name] ?? []).filter((a) => (type === 'AAAA') === a.includes(':'));
    return Response.json({
      Status: 0,
      Answer: [
        { type: 5, data: 'alias.example.' },
        ...answers.map((data) => ({ type: type === 'AAAA' ? 28 : 1, data })),
      ],
    });
  }) as typeof fetch;
  return { f, asked };
}

describe('a target is checked again just before each send (issue 9 point 3)', () => {
  it('a public name that resolves to a loopback or private address is refused', async () => {
    const { f } = doh({
      '127.0.0.1.nip.io': ['127.0.0.1'],
      'rebind.example': ['93.184.215.14', '10.0.0.7'],
      'six.example': ['fd00::5'],
    });
    expect(await refusedTarget('https://127.0.0.1.nip.io/hook', 'public', f)).toMatch(/127\.0\.0\.1/);
    expect(await refusedTarget('https://rebind.example/hook', 'public', f)).toMatch(/10\.0\.0\.7/);
    expect(await refusedTarget('https://six.example/hook', 'public', f)).toMatch(/fd00::5/);
  });

  it('a name that resolves only to public addresses is sent to', async () => {
    const { f, asked } = doh({ 'ntfy.sh': ['159.203.148.75', '2604:a880:400:d0::1:a001'] });
    expect(await refusedTarget('https://ntfy.sh/topic', 'public', f)).toBeNull();
    expect(asked.sort()).toEqual(['ntfy.sh/A', 'ntfy.sh/AAAA']);
  });

  it('a stored target of a private form is refused without asking DNS', async () => {
    const { f, asked } = doh({});
    expect(await refusedTarget('https://169.254.169.254/', 'public', f)).toMatch(/IPv4/);
    expect(await refusedTarget('http://hooks.example/', 'public', f)).toMatch(/https/);
    expect(asked).toEqual([]);
  });

  it('where private targets are allowed (tests, local development) nothing is looked up or refused', async () => {
    const { f, asked } = doh({ 'rebind.example': ['10.0.0.7'] });
    expect(await refusedTarget('http://127.0.0.1:9911/push', 'private', f)).toBeNull();
    expect(await refusedTarget('https://rebind.example/hook', 'private', f)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('a resolver that gives no answer holds the send: no refusal, no go — a rejection the senders retry', async () => {
    const down = (async () => {
      throw new Error('network down');
    }) as typeof fetch;
    await expect(refusedTarget('https://hooks.example/x', 'public', down)).rejects.toBeInstanceOf(UnansweredLookup);
    expect(await checkTarget('https://hooks.example/x', 'public', down)).toEqual({
      unanswered: expect.stringMatching(/no DNS answer for hooks\.example \(network down\)/),
    });
  });

  it('DNS answers are judged like literal hosts', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '::1', '::ffff:7f00:1', 'fe80::1', '0.0.0.0', 'garbage'])
      expect(privateAnswer(a), a).toBe(true);
    for (const a of ['1.1.1.1', '2606:4700:4700::1111']) expect(privateAnswer(a), a).toBe(false);
  });
});

describe('the DNS-over-HTTPS endpoint', () => {
  it('is asked at the endpoint the Worker is configured with, not the default, when one is given', async () => {
    const asked: string[] = [];
    const f = (async (u: string) => (
      asked.push(u), Response.json({ Status: 0, Answer: [] })
    )) as unknown as typeof fetch;
    await checkTarget('https://hooks.example/x', 'public', f, 'http://127.0.0.1:9/dns-query');
    expect(asked.length).toBe(2);
    for (const u of asked) expect(u.startsWith('http://127.0.0.1:9/dns-query?name=hooks.example')).toBe(true);
  });
});

/** A resolver that answers every question with `answer` (or hangs until aborted). */
const resolver = (answer: () => Response | 'hang') =>
  (async (_u: RequestInfo | URL, init?: RequestInit) => {
    const a = answer();
    if (a !== 'hang') return a;
    return new Promise<Response>((_, reject) =>
      init?.signal?.addEventListener('abort', () => reject(new Error('timed out'))),
    );
  }) as typeof fetch;

describe('the DNS check fails closed: no answer, no send (issue 26 point 7)', () => {
  const ok = (answer: unknown[]) => Response.json({ Status: 0, Answer: answer });
  const failing: [string, typeof fetch][] = [
    ['answers 503', resolver(() => new Response('busy', { status: 503 }))],
    [
      'answers 200 with an HTML page',
      resolver(
        () => new Response('<html>captive portal</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      ),
    ],
    ['answers SERVFAIL', resolver(() => Response.json({ Status: 2 }))],
    ['answers an A record that is no address', resolver(() => ok([{ type: 1, data: 'not-an-address' }]))],
    ['answers no address at all', resolver(() => ok([]))],
    ['cannot be reached', resolver(() => Response.error())],
  ];
  for (const [what, f] of failing) {
    it(`a resolver that ${what} holds the send (not refused for good: tried again later)`, async () => {
      const v = await checkTarget('https://hooks.example/x', 'public', f);
      expect(v).toEqual({ unanswered: expect.stringMatching(/^no DNS answer for hooks\.example/) });
      await expect(refusedTarget('https://hooks.example/x', 'public', f)).rejects.toThrow(/no DNS answer/);
    });
  }

  it('a resolver that times out holds the send', { timeout: 10_000 }, async () => {
    expect(
      await checkTarget(
        'https://hooks.example/x',
        'public',
        resolver(() => 'hang'),
      ),
    ).toEqual({ unanswered: expect.stringMatching(/no DNS answer/) });
  });

  it('one of the two lookups failing is enough to hold the send (the unasked family might point inside)', async () => {
    const f = (async (u: RequestInfo | URL) =>
      new URL(String(u)).searchParams.get('type') === 'A'
        ? ok([{ type: 1, data: '93.184.215.14' }])
        : new Response(null, { status: 503 })) as typeof fetch;
    expect(await checkTarget('https://hooks.example/x', 'public', f)).toEqual({
      unanswered: expect.stringMatching(/HTTP 503/),
    });
  });

  it('the decision: every lookup answered with public addresses → send; a private one → refused; any missing → unanswered', () => {
    expect(targetVerdict('h.example', [['93.184.215.14'], []])).toEqual({ send: true });
    expect(targetVerdict('h.example', [['93.184.215.14'], ['fd00::1']])).toEqual({
      refused: expect.stringMatching(/fd00::1/),
    });
    // A private answer is refused even when the other lookup failed: no later answer can make it public.
    expect(targetVerdict('h.example', [{ none: 'HTTP 503' }, ['10.0.0.7']])).toEqual({
      refused: expect.stringMatching(/10\.0\.0\.7/),
    });
    expect(targetVerdict('h.example', [['93.184.215.14'], { none: 'HTTP 503' }])).toEqual({
      unanswered: 'no DNS answer for h.example (HTTP 503)',
    });
    expect(targetVerdict('h.example', [[], []])).toEqual({ unanswered: 'no DNS answer for h.example (no address)' });
  });

  it('a DoH answer is read only when it is DNS JSON with status 0 and well-formed records of the type asked', () => {
    expect(
      dohAnswer(
        200,
        {
          Status: 0,
          Answer: [
            { type: 5, data: 'alias.example.' },
            { type: 1, data: '93.184.215.14' },
          ],
        },
        'A',
      ),
    ).toEqual(['93.184.215.14']);
    expect(dohAnswer(200, { Status: 0 }, 'AAAA')).toEqual([]);
    expect(dohAnswer(200, { Status: 0, Answer: [{ type: 28, data: '2606:4700::1' }] }, 'AAAA')).toEqual([
      '2606:4700::1',
    ]);
    expect(dohAnswer(503, null, 'A')).toEqual({ none: 'HTTP 503' });
    expect(dohAnswer(200, null, 'A')).toEqual({ none: 'not a DNS JSON answer' });
    expect(dohAnswer(200, { Answer: [] }, 'A')).toEqual({ none: 'not a DNS JSON answer' });
    expect(dohAnswer(200, { Status: 3 }, 'A')).toEqual({ none: 'DNS status 3' });
    expect(dohAnswer(200, { Status: 0, Answer: {} }, 'A')).toEqual({ none: 'not a DNS JSON answer' });
    expect(dohAnswer(200, { Status: 0, Answer: [{ type: 28, data: '1.2.3.4' }] }, 'AAAA')).toEqual({
      none: 'an unreadable AAAA record',
    });
    expect(dohAnswer(200, { Status: 0, Answer: [{ type: 1, data: 7 }] }, 'A')).toEqual({
      none: 'an unreadable A record',
    });
  });
});
