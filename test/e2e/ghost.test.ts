import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import {
  SPECS,
  answerTaken,
  caughtUp,
  createTable,
  exactly,
  expectEngineView,
  screenshot,
  seatPlayers,
  shown,
  startWithSeed,
  stateOf,
  useDevAndBrowser,
  type Player,
} from './helpers';
import ghost from '../../worker/games/ghost';
import {
  apply,
  startGame,
  viewFor,
  type Answer,
  type GameState,
  type Json,
  type LogEntry,
  type OpenPrompt,
  type Prompt,
} from '../../worker/engine';
import { colourOf } from '../../worker/games/ghost/ids';
import { condition, type G } from '../../worker/games/ghost/state';
import { strings as ghostStrings } from '../../worker/games/ghost/i18n';
import { cardLabel, cardName } from '../../web/games/ghost/labels';
import ghostUI from '../../web/games/ghost';

/**
 * 驱鬼 in a real browser against `wrangler dev`: four players (three languages, phone and desktop sizes) create,
 * join and play through the UI until an exorcism has been voted face down, a voter has been challenged and caught,
 * and the votes have been revealed. Every answer is a click; before each one, every page is checked to show
 * exactly what its player may see (the asked seat its question, the others whom the table waits for, face-down
 * vote counts, the challenge and the reveal in the table and the log).
 *
 * The deal comes from a seed the test finds by playing the pure engine in Node with the same answers; the e2e
 * Worker (TEST_HOOKS = "1") lets the start request carry it. Screenshots of the key steps go to OUT (helpers/table.ts).
 */
const SEATS = 4;

// ------------------------------------------------------------------ the plan, found with the pure engine

interface Step {
  seat: number;
  prompt: Prompt;
  answer: Answer;
  /** The state after the answer (what every page must show next). */
  after: GameState<G>;
  /** The log written up to and with the answer (the log is not in the state). */
  log: LogEntry[];
}
interface GhostPlan {
  seed: string;
  steps: Step[];
  start: GameState<G>;
  host: number;
  holder: number;
  imp: string;
  /** The voter who puts a card against the imp and is challenged. */
  caught: number;
}

/** Seats in voting order after the host (counter-clockwise, the seed's rule). */
const afterHost = (host: number) => [1, 2, 3].map((k) => (host - k + SEATS) % SEATS);

/**
 * Play the ghost game from `seed` with answers that steer to an exorcism with a caught challenge: every day ends
 * at once, every reaction window is passed, the first host who can target a coloured imp (holding a card of its
 * colour, with a later voter holding one against it) does so; the host and the others vote all their cards of the
 * imp's colour, the designated voter one card against it; the host challenges that voter, then reveals.
 */
function planFrom(seed: string, options: Record<string, Json>): GhostPlan | null {
  const started = startGame(ghost, { seats: SEATS, seed, options });
  const start = started.state as GameState<G>;
  let s = start;
  const log = [...started.events];
  const steps: Step[] = [];
  let ex: { host: number; imp: string; holder: number; caught: number } | null = null;
  for (let n = 0; n < 60 && !s.outcome; n++) {
    const p = s.prompts[0] as OpenPrompt | undefined;
    if (!p) return null;
    const g = s.g;
    const hand = g.players[p.seat]!.hand;
    const opt = (id: string) => p.options.find((o) => o.id === id);
    let a: Answer = { prompt: p.id, option: 'pass' };
    if (p.kind === 'host') {
      if (ex) return null;
      const against = (imp: string) =>
        afterHost(p.seat).find((v) =>
          g.players[v]!.hand.some((c) => colourOf(c) !== condition(ghost.cat, g, imp).colour),
        );
      const imp = opt('target')!.cards!.from.find(
        (i) =>
          condition(ghost.cat, g, i).colour !== 'any' &&
          hand.some((c) => colourOf(c) === condition(ghost.cat, g, i).colour) &&
          against(i) !== undefined,
      );
      if (imp) {
        ex = {
          host: p.seat,
          imp,
          holder: g.players.findIndex((q) => q.imps.some((i) => i.id === imp)),
          caught: against(imp)!,
        };
        a = { prompt: p.id, option: 'target', cards: [imp] };
      }
    } else if (p.kind === 'vote') {
      const colour = condition(ghost.cat, g, ex!.imp).colour;
      const o = opt('vote')!;
      const pos = o.cards!.from.filter((c) => colourOf(c) === colour);
      const neg = o.cards!.from.filter((c) => colourOf(c) !== colour);
      if (p.seat === ex!.caught) a = { prompt: p.id, option: 'vote', cards: [neg[0]!] };
      else if (pos.length) a = { prompt: p.id, option: 'vote', cards: pos.slice(0, o.cards!.max) };
    } else if (p.kind === 'challenge') {
      a = opt('challenge')?.seats?.from.includes(ex!.caught)
        ? { prompt: p.id, option: 'challenge', seats: [ex!.caught] }
        : { prompt: p.id, option: 'reveal' };
    } else if (p.kind === 'discard') {
      const o = p.options[0]!;
      a = { prompt: p.id, option: o.id, cards: o.cards!.from.slice(0, o.cards!.min) };
    } else {
      const ids = p.options.map((o) => o.id);
      a = { prompt: p.id, option: ['end', 'pass', 'continue', 'reveal'].find((x) => ids.includes(x)) ?? ids[0]! };
    }
    const r = apply(ghost, s, p.seat, a);
    if (!r.ok) throw new Error(`seed ${seed}: the plan's answer was refused: ${r.error.reason}`);
    s = r.value.state;
    log.push(...r.value.events);
    steps.push({ seat: p.seat, prompt: p, answer: a, after: s, log: [...log] });
    const keys = log.map((l) => l.msg.key);
    if (keys.includes('ghost.log.reveal')) {
      // The reveal must follow a caught challenge and succeed (so the host also looks at the holder's identity).
      if (!keys.includes('ghost.log.caught') || !keys.includes('ghost.log.exorcised') || ex!.holder === ex!.host)
        return null;
      return { seed, steps, start, ...ex! };
    }
  }
  return null;
}

/** The shortest plan among the first seeds (deterministic: the same engine always picks the same seed). */
function findPlan(options: Record<string, Json>): GhostPlan {
  let best: GhostPlan | null = null;
  for (let i = 0; i < 40; i++) {
    const p = planFrom(`ghost-e2e-${i}`, options);
    // Four voters: the vote panel then shows every kind of row (own cards, face-down counts, the challenged).
    if (
      p &&
      p.steps.filter((x) => x.prompt.kind === 'vote' && x.answer.option === 'vote').length === SEATS &&
      (!best || p.steps.length < best.steps.length)
    )
      best = p;
  }
  if (!best)
    throw new Error(
      'no seed among the first 40 leads to a caught challenge and a successful reveal: the ghost rules changed, widen the search',
    );
  return best;
}

// ------------------------------------------------------------------ the browser side

const env = useDevAndBrowser();
const shot = (p: Player, name: string) => screenshot('ghost', p, name);

describe('驱鬼 in Chromium', () => {
  it('four players play through the UI to an exorcism with face-down votes, a caught challenge and the reveal, each seeing only their part', async () => {
    const specs = SPECS;
    // The host creates a 4-player ghost table and takes the first seat; three friends join from the invite link,
    // each in their own language.
    const { pages, host, options } = await createTable(env, 'ghost', specs);

    // The seed: the room's own options, the pure engine, the same answers the clicks will give.
    const plan = findPlan(options);
    console.info(
      `ghost e2e: seed ${plan.seed}, ${plan.steps.length} answers by click; host seat ${plan.host} exorcises ${plan.imp} on seat ${plan.holder}, seat ${plan.caught} is caught`,
    );

    const players: Player[] = await seatPlayers(specs, pages, ghostUI);
    const nameOf = (s: number) => specs[s]!.name;

    // The host starts; the test-only hook passes the seed along with the start request.
    await startWithSeed(host, plan.seed, '.ghost .gh-board');

    /** Every page shows state `s` (version `v`): the asked seat its question and options, the others no prompt. */
    const checkAll = async (s: GameState<G>, v: number) => {
      await Promise.all(
        players.map(async (pl) => {
          await caughtUp(pl.page, v);
          const mine = viewFor(ghost, s, pl.seat).prompts;
          if (mine.length) {
            const q = pl.page.locator('.prompt-panel.asking .prompt-q');
            await q.filter({ hasText: exactly(pl.t(mine[0]!.message)) }).waitFor({ timeout: 10_000 });
            // Every option is a button, except "use this card" ones, which are the cards on the table themselves.
            const labels = await pl.page.locator('.prompt-panel.asking .options .btn').allInnerTexts();
            const onTable = await pl.page
              .locator('.game-area [data-card]')
              .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
            const single = mine[0]!.options.filter(
              (o) => o.cards?.from.length === 1 && onTable.includes(o.cards.from[0]!),
            );
            const listed = single.length > 1 ? mine[0]!.options.filter((o) => !single.includes(o)) : mine[0]!.options;
            expect(labels.map((x) => x.replace(/[▸▾]/g, '').trim())).toEqual(listed.map((o) => pl.t(o.message)));
          } else {
            await pl.page.locator('.prompt-panel:not(.asking)').waitFor({ timeout: 10_000 });
            const idle = await pl.page.locator('.prompt-panel').innerText();
            for (const w of viewFor(ghost, s, pl.seat).waiting) expect(idle).toContain(nameOf(w));
          }
        }),
      );
    };

    /** Answer `step` on its player's page by clicking: an option button, cards and seats on the table, confirm. */
    const click = async (step: Step, before?: () => Promise<void>) => {
      const pl = players[step.seat]!;
      const p = pl.page;
      const o = step.prompt.options.find((x) => x.id === step.answer.option)!;
      const panel = p.locator('.prompt-panel.asking');
      const btn = panel.locator('.options .btn.option').filter({ hasText: exactly(pl.t(o.message)) });
      if (!o.cards && !o.seats) {
        await before?.();
        await btn.click();
        return;
      }
      // An option that plays one card the table shows is that card: tapping it chooses the option.
      if (await btn.count()) await btn.click();
      for (const c of step.answer.cards ?? []) {
        const el = tableCard(pl, c);
        if ((await el.getAttribute('aria-pressed')) !== 'true') await el.click();
      }
      for (const x of step.answer.seats ?? []) {
        const el = p.locator(`.gh-seats [data-seat="${x}"] .gh-seat-head.pickable`);
        if ((await el.getAttribute('aria-pressed')) !== 'true') await el.click();
      }
      // What is picked shows on the table: lifted cards and imps, marked seats.
      const cards = await p
        .locator('.game-area [data-card][aria-pressed="true"]')
        .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-card')))]);
      expect(cards.sort()).toEqual([...(step.answer.cards ?? [])].sort());
      const seats = await p
        .locator('.gh-seats [data-seat].on')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seat'))));
      expect(seats.sort()).toEqual([...(step.answer.seats ?? [])].sort());
      await before?.();
      await panel.locator('.picks .confirm').click();
    };
    /** A card of the answer on the table: an imp on a seat (the host's target) or a card of the hand (votes, discards). */
    const tableCard = (pl: Player, c: string): Locator =>
      /^I\d\d$/.test(c)
        ? pl.page.locator(`.gh-seats .gh-imp.pickable[data-card="${c}"]`)
        : pl.page.locator(`.gh-hand [data-card="${c}"]`);

    let stateBefore = plan.start;
    let version = (await stateOf(host)).version;
    await checkAll(plan.start, version);
    const voted: number[] = [];
    const counts = new Map<number, number>();

    for (const step of plan.steps) {
      const pl = players[step.seat]!;
      const st = await stateOf(pl.page);
      // The room asks exactly what the engine asked in Node: the same deal and the same answers so far.
      expect(st.prompts.map((x) => x.id)).toEqual([step.prompt.id]);
      version = st.version;

      if (step.prompt.kind === 'host') await shot(pl, '1-host-asked');
      if (step.prompt.kind === 'vote') {
        // Earlier votes lie face down: everyone but the voter sees only how many cards, the voter his own cards.
        for (const other of players) {
          for (const v of voted) {
            const row = other.page.locator('.gh-vote .gh-voters li', {
              has: other.page.locator('.gh-voter', { hasText: exactly(nameOf(v)) }),
            });
            if (other.seat === v) await expect(row.locator('.gh-mini').count()).resolves.toBe(counts.get(v));
            else {
              await expect(row.locator('.gh-mini').count()).resolves.toBe(0);
              await expect(row.locator('.gh-backs .gh-back').count()).resolves.toBe(counts.get(v));
            }
          }
          if (other.seat !== step.seat) expect(await other.page.locator('.status-line').innerText()).toContain(pl.name);
        }
        if (voted.length === 1)
          await Promise.all(players.filter((x) => x.seat !== step.seat).map((x) => shot(x, '2-facedown')));
      }

      await click(step, async () => {
        if (step.prompt.kind === 'vote' && step.answer.option === 'vote' && voted.length === 1)
          await shot(pl, '2-voting');
        if (step.prompt.kind === 'challenge' && step.answer.option === 'challenge') await shot(pl, '3-challenging');
      });
      await answerTaken(pl, version, step.prompt.kind);
      if (step.prompt.kind === 'vote' && step.answer.option === 'vote') {
        voted.push(step.seat);
        counts.set(step.seat, step.answer.cards!.length);
      }
      stateBefore = step.after;
      version = await shown(pl.page);
      await checkAll(step.after, version);

      if (step.prompt.kind === 'host' && step.answer.option === 'target') {
        // Everyone sees which imp on whom is being exorcised, with its condition.
        for (const x of players) {
          const h = await x.page.locator('.gh-vote h3').innerText();
          for (const part of [nameOf(plan.host), nameOf(plan.holder), cardName(plan.imp, x.lang)])
            expect(h).toContain(part);
        }
      }
      if (step.prompt.kind === 'challenge' && step.answer.option === 'challenge') {
        // Everyone sees the challenged voter's row marked, with the cards the challenge caught struck through and
        // "thrown out" (.notes/ui-bugs.md item 1), and the log names his cards and what was found.
        const cards = plan.steps.find((x) => x.prompt.kind === 'vote' && x.seat === plan.caught)!.answer.cards!;
        for (const x of players) {
          await shot(x, '3-challenged');
          const row = x.page.locator('.gh-vote .gh-voters li.challenged');
          expect(await row.innerText()).toContain(nameOf(plan.caught));
          expect(await row.innerText()).toContain(ghostStrings[x.lang]!['ghost.ui.challenged']);
          const minis = row.locator('.gh-open.out .gh-mini');
          expect(await minis.count()).toBe(cards.length);
          const shownCards = (await minis.allInnerTexts()).join(' | ');
          for (const c of cards) expect(shownCards).toContain(cardLabel(c, x.lang));
          for (const k of cards.keys())
            expect(await minis.nth(k).evaluate((e) => getComputedStyle(e).textDecorationLine)).toContain(
              'line-through',
            );
          expect(await row.innerText()).toContain(ghostStrings[x.lang]!['ghost.ui.thrownOut']);
          const log = await x.page.locator('ol.log li').allTextContents();
          const lines = step.log
            .filter((l) => l.msg.key === 'ghost.log.challenge' || l.msg.key === 'ghost.log.caught')
            .map((l) => x.t(l.msg));
          expect(lines).toHaveLength(2);
          for (const c of cards) expect(lines[0]).toContain(cardLabel(c, x.lang));
          for (const line of lines) expect(log).toContain(line);
        }
      }
    }

    // The reveal: every page spells out the counts and the result, and logs the shown votes.
    const end = plan.steps.at(-1)!.after;
    const endLog = plan.steps.at(-1)!.log;
    const r = end.g.lastReveal!;
    for (const x of players) {
      const panel = x.page.locator('.gh-reveal');
      await panel.waitFor();
      const text = await panel.innerText();
      expect(text).toContain(cardName(plan.imp, x.lang));
      expect(text).toContain(String(r.red));
      expect(text).toContain(String(r.blue));
      expect(await panel.locator('.gh-pool .gh-mini').count()).toBe(r.pool.length);
      const log = await x.page.locator('ol.log li').allTextContents();
      for (const key of ['ghost.log.reveal', 'ghost.log.exorcised'])
        expect(log).toContain(x.t(endLog.find((l) => l.msg.key === key)!.msg));
      // Only the host looked at the holder's identity.
      expect(await x.page.locator('.gh-known').count()).toBe(x.seat === plan.host ? 1 : 0);
      await shot(x, '4-revealed');
    }
    // The host now holds the imp as a point, in every page's seat list.
    for (const x of players) {
      const seat = x.page.locator(`.gh-seats [data-seat="${plan.host}"]`);
      expect(await seat.locator('.gh-points').innerText()).toContain(cardName(plan.imp, x.lang));
    }
    // And every page's state is exactly the engine's view for that seat after the planned answers.
    for (const x of players) await expectEngineView(ghost, end, x, endLog);
  });
});
