import { catOf } from '../catalogue';
import { isArtifact } from '../ids';
import { msg, opt } from '../msg';
import { hereticGKCheck, repossess } from '../rules';
import { playSpell } from '../spells/cast';
import { buyCost, discardFromHand, draw, has } from '../state';
import type { Option } from '../../../engine/types';
import { spellOptions, type F } from './common';

/** The current player's day phase: buy, equip, spells, the heretic's action, or end the day. */
export const day: F = {
  run(ctx, f) {
    const g = ctx.g;
    const s = f.seat as number;
    const cat = catOf(ctx);
    if (f.over || g.gk === s) return 'done';
    const p = g.players[s]!;
    const options: Option[] = [];
    const cost = buyCost(cat, g, s);
    if (cost !== null && p.spirit >= cost) options.push(opt('buy', 'opt.buy', { n: cost }));
    const arts = p.hand.filter(isArtifact);
    if (arts.length && !g.ts.equipped && !has(cat, g, s, 'NO_EQUIP'))
      options.push(opt('equip', 'opt.equip', undefined, { cards: { from: arts, min: 1, max: 1 } }));
    options.push(...spellOptions(cat, g, s, 'day'));
    if (g.gk === null && p.identity.startsWith('heretic') && !p.hereticUsed) {
      const two = g.players.flatMap((q, i) => (q.imps.length === 2 ? [i] : []));
      if (two.length) options.push(opt('heretic', 'opt.heretic', undefined, { seats: { from: two, min: 1, max: 1 } }));
    }
    if (p.autoPass) options.push(opt('askReactions', 'opt.askReactions'));
    options.push(opt('end', 'opt.endDay'));
    ctx.ask({ seat: s, kind: 'play', message: msg('ask.day'), options });
    return 'wait';
  },
  answer(ctx, f, _p, a) {
    const g = ctx.g;
    const s = f.seat as number;
    const p = g.players[s]!;
    if (a.option === 'end') {
      f.over = true;
      return;
    }
    if (a.option === 'askReactions') {
      p.autoPass = false;
      return;
    }
    if (a.option === 'buy') {
      const cost = buyCost(catOf(ctx), g, s)!;
      p.spirit -= cost;
      g.ts.purchases++;
      draw(ctx, s);
      ctx.log('ghost.log.buy', { seat: s, n: cost });
      return;
    }
    if (a.option === 'equip') {
      const card = a.cards![0]!;
      p.hand.splice(p.hand.indexOf(card), 1);
      if (p.artifact) g.discard.push(p.artifact);
      p.artifact = card;
      g.ts.equipped = true;
      ctx.log('ghost.log.equip', { seat: s, card });
      return;
    }
    if (a.option === 'heretic') {
      const t = a.seats![0]!;
      p.hereticUsed = true;
      p.revealed = true;
      ctx.log('ghost.log.hereticReveal', { seat: s, identity: { key: `ghost.identity.${p.identity}` }, target: t });
      discardFromHand(ctx, s, [...p.hand]);
      repossess(ctx, g.players[t]!.imps.splice(0), []);
      hereticGKCheck(ctx);
      return;
    }
    if (a.option.startsWith('play:')) return playSpell(ctx, s, a.option.slice(5), a, 'day');
    return 'unknown option';
  },
};
