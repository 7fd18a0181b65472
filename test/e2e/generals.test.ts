import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  SPECS,
  answerTaken,
  caughtUp,
  createTable,
  exactly,
  screenshot,
  seatPlayers,
  shown,
  startWithSeed,
  stateOf,
  useDevAndBrowser,
  type Player,
} from './helpers';
import sanguosha from '../../worker/games/sanguosha';
import {
  apply,
  botAnswer,
  botRng,
  startGame,
  viewFor,
  type Answer,
  type GameState,
  type Json,
  type OpenPrompt,
} from '../../worker/engine';
import type { G } from '../../worker/games/sanguosha/types';
import sanguoshaUI from '../../web/games/sanguosha';

/**
 * 三国杀 with generals in a real browser (issue 13 "must show"): four players choose their generals on the
 * selection screen, one of them later uses 制衡 from the skill button of his play phase, and one answers with a
 * view-as card (武圣's red card as 杀, or 龙胆) — each of those by clicks. The moves in between are the engine's
 * own bot answers, sent by each seat's page with its own token (they are not what this test is about).
 *
 * The seed is found with the pure engine: the first whose offers let one seat take 孙权 and another 关羽 or 赵云,
 * and whose bot-played game then gives both a chance to use their skill.
 */
const SEATS = 4;
const VIEW_AS = ['guanyu', 'zhaoyun'];

interface Step {
  seat: number;
  prompt: OpenPrompt;
  answer: Answer;
  mark?: 'choose' | 'zhiheng' | 'viewAs';
  after: GameState<G>;
}
interface Plan {
  seed: string;
  start: GameState<G>;
  steps: Step[];
  zhiheng: number;
  viewAs: number;
}

function planFrom(seed: string, options: Record<string, Json>): Plan | null {
  const start = startGame(sanguosha, { seats: SEATS, seed, options }).state as GameState<G>;
  let s = start;
  const steps: Step[] = [];
  let zh = -1;
  let va = -1;
  let usedZh = false;
  let usedVa = false;
  for (let n = 0; n < 400 && !s.outcome; n++) {
    if (!s.prompts.length) return null;
    const p = s.prompts[0]! as OpenPrompt;
    let answer: Answer | null = null;
    let mark: Step['mark'];
    const has = (id: string) => p.options.some((o) => o.id === id);
    if (p.kind === 'chooseGeneral') {
      mark = 'choose';
      if (zh < 0 && has('general:sunquan')) {
        zh = p.seat;
        answer = { prompt: p.id, option: 'general:sunquan' };
      } else {
        const v = va < 0 ? VIEW_AS.find((x) => has(`general:${x}`)) : undefined;
        if (v) {
          va = p.seat;
          answer = { prompt: p.id, option: `general:${v}` };
        } else
          answer = {
            prompt: p.id,
            option:
              p.options.find((o) => o.id !== 'general:sunquan' && !VIEW_AS.includes(o.id.slice(8)))?.id ??
              p.options[0]!.id,
          };
      }
    } else if (p.seat === zh && !usedZh && p.kind === 'play' && has('skill:zhiheng')) {
      const o = p.options.find((x) => x.id === 'skill:zhiheng')!;
      answer = { prompt: p.id, option: o.id, cards: o.cards!.from.slice(0, Math.max(1, o.cards!.min)) };
      mark = 'zhiheng';
      usedZh = true;
    } else if (p.seat === va && !usedVa && p.kind !== 'play' && p.options.some((o) => o.id.startsWith('as:'))) {
      const o = p.options.find((x) => x.id.startsWith('as:'))!;
      answer = {
        prompt: p.id,
        option: o.id,
        cards: o.cards!.from.slice(0, o.cards!.min),
        ...(o.seats ? { seats: o.seats.from.slice(0, o.seats.min) } : {}),
      };
      mark = 'viewAs';
      usedVa = true;
    } else answer = botAnswer(sanguosha, s, p, botRng(s, p));
    const r = apply(sanguosha, s, p.seat, answer);
    if (!r.ok) throw new Error(`seed ${seed}: the plan's answer was refused: ${r.error.reason}`);
    s = r.value.state as GameState<G>;
    steps.push({ seat: p.seat, prompt: p, answer, after: s, ...(mark ? { mark } : {}) });
    if (steps.filter((x) => x.mark === 'choose').length === SEATS && (zh < 0 || va < 0)) return null;
    if (usedZh && usedVa) return { seed, start, steps, zhiheng: zh, viewAs: va };
  }
  return null;
}

function findPlan(options: Record<string, Json>): Plan {
  let best: Plan | null = null;
  for (let i = 0; i < 200; i++) {
    const p = planFrom(`gen-e2e-${i}`, options);
    if (p && (!best || p.steps.length < best.steps.length)) best = p;
  }
  if (!best)
    throw new Error(
      'no seed among the first 200 gives 孙权 and a view-as general who both use their skill: widen the search',
    );
  return best;
}

const env = useDevAndBrowser();
const shot = (p: Player, name: string) => screenshot('generals', p, name);

/** Send an answer as the page's own seat, with its own token (the moves that are not under test). */
async function answerByApi(page: Page, version: number, answer: Answer): Promise<void> {
  const status = await page.evaluate(
    async ({ version, answer }) => {
      const id = location.pathname.split('/')[2]!;
      const all = JSON.parse(localStorage.getItem('teahouse.games') ?? '{}') as Record<string, { token?: string }>;
      const r = await fetch(`/api/games/${id}/answers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${all[id]?.token}` },
        body: JSON.stringify({ version, answer }),
      });
      return r.status;
    },
    { version, answer },
  );
  expect(status).toBe(200);
}

describe('三国杀 generals in Chromium', () => {
  it('four players choose generals on the selection screen; one uses 制衡 from its skill button, one answers with a view-as card', async () => {
    const { pages, host, options } = await createTable(env, 'sanguosha', SPECS);
    expect(options.noGenerals).toBe(false);
    const plan = findPlan(options);
    console.info(
      `generals e2e: seed ${plan.seed}, ${plan.steps.length} answers; 制衡 by seat ${plan.zhiheng}, view-as by seat ${plan.viewAs}`,
    );
    const players = await seatPlayers(SPECS, pages, sanguoshaUI);
    await startWithSeed(host, plan.seed, '.sgs');

    const seatLi = (pl: Player, seat: number): Locator => pl.page.locator(`.game-area [data-seat="${seat}"]`);
    const clickAnswer = async (pl: Player, step: Step) => {
      const panel = pl.page.locator('.prompt-panel.asking');
      const o = step.prompt.options.find((x) => x.id === step.answer.option)!;
      await panel
        .locator('.prompt-q')
        .first()
        .filter({ hasText: exactly(pl.t(step.prompt.message)) })
        .waitFor({ timeout: 15_000 });
      const label = pl.t(o.message);
      const same = step.prompt.options.filter((x) => pl.t(x.message) === label);
      // An option the table shows as its own button (a general on offer, issue 28 item 9) is chosen there.
      const own = pl.page.locator(`.game-area [data-option="${o.id}"]`);
      if (await own.count()) return own.click();
      // An option that asks for picks ends in a ▸.
      await panel
        .locator('.options .btn.option')
        .filter({ hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*▸?\\s*$`) })
        .nth(same.indexOf(o))
        .click();
      if (!o.cards && !o.seats) return;
      for (const c of step.answer.cards ?? []) {
        const el = pl.page.locator(`.game-area .hand [data-card="${c}"]`);
        if ((await el.getAttribute('aria-pressed')) !== 'true') await el.click();
      }
      for (const x of step.answer.seats ?? []) {
        const el = seatLi(pl, x).locator('button.tile-name');
        if ((await el.getAttribute('aria-pressed')) !== 'true') await el.click();
      }
      expect(await panel.locator('.picks-what').innerText()).toContain(label);
      // A view-as answer is said plainly once its card is picked: "把红桃K当杀使用（武圣）".
      if ((o.message.key === 'sgs.opt.useAs' || o.message.key === 'sgs.opt.playAs') && step.answer.cards?.length === 1)
        expect(await panel.locator('.picks-plain').innerText()).toBe(
          pl.t({ key: `${o.message.key}.picked`, params: { ...o.message.params, card: step.answer.cards[0]! } }),
        );
      await panel.locator('.picks .confirm').click();
    };

    let shotSelection = false;
    for (const step of plan.steps) {
      const pl = players[step.seat]!;
      const st = await stateOf(pl.page);
      expect(st.prompts.map((x) => x.id)).toContain(step.prompt.id);
      await caughtUp(pl.page, st.version);
      if (step.mark === 'choose') {
        // The selection screen lists every offered general with its skills, and the question bar one button each.
        const offered = step.prompt.options.map((o) => o.id.slice(8));
        await pl.page.locator('.general').first().waitFor({ timeout: 15_000 });
        for (const id of offered)
          await expect(
            pl.page
              .locator('.general')
              .filter({ hasText: pl.t({ key: `sgs.general.${id}` }) })
              .count(),
          ).resolves.toBeGreaterThan(0);
        if (!shotSelection || pl.seat === 1)
          await shot(pl, `1-select-${step.prompt.message.key.endsWith('Lord') ? 'lord' : 'other'}`);
        shotSelection = true;
        await clickAnswer(pl, step);
      } else if (step.mark === 'zhiheng' || step.mark === 'viewAs') {
        await clickAnswer(pl, step);
      } else {
        await answerByApi(pl.page, st.version, step.answer);
      }
      await answerTaken(pl, st.version, step.prompt.kind);
      if (step.mark === 'choose' && step === plan.steps.filter((x) => x.mark === 'choose').at(-1)) {
        // After the reveal every page shows every seat's general by name.
        for (const x of players) {
          await caughtUp(x.page, await shown(pl.page));
          for (let seat = 0; seat < SEATS; seat++) {
            const gen = step.after.g.players[seat]!.general!;
            await seatLi(x, seat)
              .locator('.tile-general')
              .filter({ hasText: x.t({ key: `sgs.general.${gen}` }) })
              .waitFor({ timeout: 15_000 });
          }
          await shot(x, '2-revealed');
        }
      }
      if (step.mark === 'zhiheng' || step.mark === 'viewAs') {
        const v = await shown(pl.page);
        // The engine and the room agree on the whole state after the clicked answer.
        const mine = viewFor(sanguosha, step.after, pl.seat);
        const got = await stateOf(pl.page);
        expect(got.version).toBeGreaterThanOrEqual(v);
        expect(got.view).toEqual(mine.view);
        await shot(pl, `3-${step.mark}`);
      }
    }
  });
});
