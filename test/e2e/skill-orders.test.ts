import { describe, expect, it } from 'vitest';
import type { Lang } from '../../web/games/types';
import { strings as sgs } from '../../worker/games/sanguosha/i18n';
import { OFFERED } from '../../worker/games/sanguosha/orders';
import { OUT, useDevAndBrowser } from './helpers';

/**
 * Skill triggers in standing orders (issue 28 item 10), in Chromium against `wrangler dev`: a 三国杀 seat asked
 * whether to use a skill of its general (集智, 英姿, 洛神…) sees "always use" / "never use" that skill on the
 * question itself; a tap stores the order with the seat's settings and the room answers the question by it.
 */
const env = useDevAndBrowser();

type St = {
  version: number;
  prompts: {
    id: string;
    kind: string;
    options: {
      id: string;
      message: { params?: { skill?: string } };
      cards?: { from: string[]; min: number };
      seats?: { from: number[]; min: number };
    }[];
  }[];
  outcome: unknown;
};

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const r = await fetch(env.dev.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const j = await r.json();
  if (!r.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(j)}`);
  return j as T;
}

/** Generals whose skill asks every turn (英姿, 洛神, 闭月, 观星) or often (集智, 克己), preferred when offered. */
const EAGER = ['zhouyu', 'zhenji', 'diaochan', 'zhugeliang', 'huangyueying', 'lvmeng'];

/**
 * A 5-seat table (generals on, bots in the other seats) played by plain answers for seat 0 until seat 0 is asked
 * whether to use a skill. Returns the game, the token and the skill.
 */
async function askedSkill(seed: string): Promise<{ id: string; token: string; skill: string } | null> {
  const g = await call<{ id: string; adminToken: string }>('POST', '/api/games', {
    game: 'sanguosha',
    seats: 5,
    deadline: { hours: 12 },
  });
  const me = await call<{ token: string }>('POST', `/api/games/${g.id}/seats`, { name: '张三' });
  await call('POST', `/api/games/${g.id}/start`, { fillWithBots: true, seed }, g.adminToken);
  for (let k = 0; k < 60; k++) {
    const st = await call<St>('GET', `/api/games/${g.id}/state`, undefined, me.token);
    if (st.outcome) return null;
    const p = st.prompts[0];
    if (!p) return null;
    const skill = p.options.find((o) => o.id === 'use')?.message.params?.skill;
    if (p.kind === 'skill' && skill) return { id: g.id, token: me.token, skill };
    const o =
      p.kind === 'chooseGeneral'
        ? (p.options.find((x) => EAGER.some((e) => x.id === `general:${e}`)) ?? p.options[0]!)
        : (p.options.find((x) => x.id === 'pass') ??
          p.options.find((x) => !x.seats || x.seats.min === 0) ??
          p.options[0]!);
    const answer = {
      prompt: p.id,
      option: o.id,
      ...(o.cards ? { cards: o.cards.from.slice(0, o.cards.min) } : {}),
      ...(o.seats ? { seats: o.seats.from.slice(0, o.seats.min) } : {}),
    };
    await call('POST', `/api/games/${g.id}/answers`, { version: st.version, answer }, me.token);
  }
  return null;
}

describe('"always / never use" a skill from its own question in Chromium', () => {
  for (const [lang, viewport] of [
    ['zh-CN', { width: 390, height: 844 }],
    ['en', { width: 1280, height: 800 }],
  ] as [Lang, { width: number; height: number }][])
    it(`the question offers "always use" and "never use" its skill; a tap stores the order and the room answers by it (${lang})`, async () => {
      let found: Awaited<ReturnType<typeof askedSkill>> = null;
      for (let i = 0; !found && i < 6; i++) found = await askedSkill(`skill-orders-${i}`);
      expect(found).not.toBeNull();
      const { id, token, skill } = found!;
      const ctx = await env.browser.newContext({ locale: lang, viewport });
      await ctx.addInitScript((l) => localStorage.setItem('teahouse.lang', l), lang);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error('pageerror', e.message));
      await page.goto(`${env.dev.url}/g/${id}#seat=${token}`);
      const name = sgs[lang][`sgs.skill.${skill}`]!;
      const always = sgs[lang]['sgs.order.alwaysSkill']!.replace('{skill}', name);
      const never = sgs[lang]['sgs.order.neverSkill']!.replace('{skill}', name);
      const bar = page.locator('.prompt-panel.asking .quick-orders');
      await bar.waitFor({ timeout: 15_000 });
      expect((await bar.locator('button').allInnerTexts()).map((x) => x.trim())).toEqual([always, never]);
      await page.screenshot({ path: `${OUT}/skill-orders-${lang}.png` });
      const asked = (await call<St>('GET', `/api/games/${id}/state`, undefined, token)).prompts[0]!.id;
      await bar.getByRole('button', { name: always }).click();
      // Stored with the seat's settings, and the question answered by it (the room's order, not a second answer).
      await expect
        .poll(
          async () =>
            (
              await call<{ settings: { orders: { id: string }[] } }>('GET', `/api/games/${id}/me`, undefined, token)
            ).settings.orders.map((o) => o.id),
          { timeout: 10_000 },
        )
        .toContain(`always:${skill}`);
      await expect
        .poll(
          async () =>
            (await call<St>('GET', `/api/games/${id}/state`, undefined, token)).prompts.every((p) => p.id !== asked),
          { timeout: 10_000 },
        )
        .toBe(true);
      await page.waitForFunction((a) => !document.querySelector(`[data-prompt="${a}"]`), asked, { timeout: 10_000 });
      // The settings list the skill orders of this seat's own general only, the one just set ticked.
      const view = (
        await call<{ view: { players: { skills?: string[] }[] } }>('GET', `/api/games/${id}/state`, undefined, token)
      ).view;
      const own = view.players[0]!.skills ?? [];
      await page.locator('.settings-btn:not([disabled])').click();
      await page.locator('.settings-body').waitFor();
      const labels = (await page.locator('.settings-body .orders b').allInnerTexts()).map((x) => x.trim());
      // Every skill order's label, for every skill it is offered for.
      const label = (o: (typeof OFFERED)[number]) =>
        sgs[lang][o.message.key]!.replace('{skill}', sgs[lang][`sgs.skill.${o.message.params!.skill}`]!);
      const skillOrders = OFFERED.filter((o) => o.group?.startsWith('skill:'));
      const skillLabels = labels.filter((x) => skillOrders.some((o) => label(o) === x));
      expect(skillLabels).toContain(always);
      expect(skillLabels.sort()).toEqual(
        skillOrders
          .filter((o) => own.includes(o.message.params!.skill as string))
          .map(label)
          .sort(),
      );
      expect(await page.getByRole('checkbox', { name: always }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: never }).isChecked()).toBe(false);
      await ctx.close();
    });
});
