import { describe, expect, it } from 'vitest';
import { DOH_URL, privateAnswer, refusedTarget } from '../../worker/notify';

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
    return Response.json({ Status: 0, Answer: [{ type: 5, data: 'alias.example.' }, ...answers.map((data) => ({ type: type === 'AAAA' ? 28 : 1, data }))] });
  }) as typeof fetch;
  return { f, asked };
}

describe('a target is checked again just before each send (issue 9 point 3)', () => {
  it('a public name that resolves to a loopback or private address is refused', async () => {
    const { f } = doh({ '127.0.0.1.nip.io': ['127.0.0.1'], 'rebind.example': ['93.184.215.14', '10.0.0.7'], 'six.example': ['fd00::5'] });
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

  it('a failed lookup does not block the send', async () => {
    const down = (async () => {
      throw new Error('network down');
    }) as typeof fetch;
    expect(await refusedTarget('https://hooks.example/x', 'public', down)).toBeNull();
  });

  it('DNS answers are judged like literal hosts', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '::1', '::ffff:7f00:1', 'fe80::1', '0.0.0.0', 'garbage']) expect(privateAnswer(a), a).toBe(true);
    for (const a of ['1.1.1.1', '2606:4700:4700::1111']) expect(privateAnswer(a), a).toBe(false);
  });
});

describe('the DNS-over-HTTPS endpoint', () => {
  it('is asked at the endpoint the Worker is configured with, not the default, when one is given', async () => {
    const asked: string[] = [];
    const f = (async (u: string) => (asked.push(u), new Response(JSON.stringify({ Answer: [] }), { status: 200 }))) as unknown as typeof fetch;
    await refusedTarget('https://hooks.example/x', 'public', f, 'http://127.0.0.1:9/dns-query');
    expect(asked.length).toBe(2);
    for (const u of asked) expect(u.startsWith('http://127.0.0.1:9/dns-query?name=hooks.example')).toBe(true);
  });
});
