import { useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import type { Msg } from '../../../worker/protocol';
import { s } from '../../i18n';
import { later, loadLater } from '../../i18n/packs';
import { readable, readCards } from '../../table/CardInfo';
import { ringPos } from '../../table/ring';
import { madeForThem, SeatTags, seatTagsOf } from '../../table/Seats';
import type { Lang, TableProps } from '../types';
import { CARDS, cardLabel, cardName, cardSub, cardText, suitRank } from './cards';
import { lazy } from '../../lib/lazy';
import { memo } from '../../lib/memo';

/** The generals on offer and the end of game: their own chunk, loaded only while choosing or once it is over. */
const Offer = lazy(() => later(import('./Offer')).then((m) => m.Offer), null);
/** Identity marks (your own guesses about the other seats): their own chunk, with the later strings. */
const Mark = lazy(() => later(import('../../table/Marks')).then((m) => m.MarkButton), null);
const EndPanel = lazy(() => later(import('./Offer')).then((m) => m.EndPanel), null);

export interface PlayerView {
  seat: number;
  hp: number;
  maxHp: number;
  alive: boolean;
  role: string | null;
  handCount: number;
  hand?: number[];
  equip: Record<'weapon' | 'armor' | 'plus' | 'minus', number | null>;
  judge: number[];
  chained: boolean;
  /** Generals (contracts §4): absent in the no-generals game and before the reveal. */
  general?: string | null;
  kingdom?: 'wei' | 'shu' | 'wu' | 'qun' | null;
  skills?: string[];
  marks?: Record<string, number>;
  turnedOver?: boolean;
}
export interface View {
  players: PlayerView[];
  current: number;
  phase: string;
  round: number;
  drawCount: number;
  discardCount: number;
  discardTop: number[];
  table: number[];
  grace: number[];
  drunk: boolean;
  me?: { seat: number; attackRange: number; distance: (number | null)[]; inRange: boolean[] };
}

const SLOTS = ['weapon', 'armor', 'plus', 'minus'] as const;

/** What every card on the table is drawn with: one object while no pick changes (see `Table`). */
interface CardCtx {
  lang: Lang;
  /** The cards the open question lets you pick, and those picked. */
  pickable: string[];
  picked: string[];
  asked: boolean;
  toggle: (id: string) => void;
}

/**
 * A card drawn in code: suit and rank in the corner in their colour, the name, the type. In the hand it is
 * big; on a seat (equipment, judgement) or in the middle it is a chip. Every card can be read (long-press,
 * right-click, or a tap when it has nothing else to do); a card the open question lets you pick toggles on tap.
 * Drawn again only when its props change (a change elsewhere on the table leaves it be).
 */
const Card = memo(function Card({
  id,
  c: x,
  size = 'chip',
}: {
  id: number | string;
  c: CardCtx;
  size?: 'hand' | 'chip' | 'mid';
}) {
  const sid = String(id);
  const c = CARDS[Number(id)];
  const canPick = x.pickable.includes(sid);
  const on = x.picked.includes(sid);
  const label = cardLabel(sid, x.lang);
  const cls = `pcard ${size}${c?.red ? ' red' : ''}${on ? ' on' : ''}${canPick ? ' pickable' : ''}${x.asked && !canPick && size === 'hand' ? ' dim' : ''}${c ? '' : ' back'}`;
  const handlers = readable(() => cardText(sid, x.lang), canPick ? () => x.toggle(sid) : undefined);
  return (
    <button type="button" class={cls} data-card={sid} aria-pressed={canPick ? on : undefined} {...handlers}>
      {c ? (
        <>
          <span class="pc-corner">{suitRank(c.id)}</span>
          <span class={`pc-name${cardName(c.key, x.lang).length > 7 ? ' long' : ''}`}>{cardName(c.key, x.lang)}</span>
          {size !== 'chip' && <span class="pc-type">{cardSub(c.key, x.lang)}</span>}
        </>
      ) : (
        <span class="pc-name">{label}</span>
      )}
    </button>
  );
});

function Hp({ hp, max, label }: { hp: number; max: number; label: string }) {
  return (
    <span class="sgs-hp" aria-label={label} role="img">
      {max > 5 ? (
        <>
          <span class="pip full" aria-hidden="true" />
          <b aria-hidden="true">
            {hp}/{max}
          </b>
        </>
      ) : (
        Array.from({ length: max }, (_, i) => <span key={i} class={i < hp ? 'pip full' : 'pip'} aria-hidden="true" />)
      )}
    </span>
  );
}

/**
 * The desktop ring grows taller until no two seat tiles overlap, nor a tile and the middle (equipment, judgement
 * cards or a revealed hand make a tile taller; the seats sit at percentages of the felt, so a taller felt spreads them
 * apart) — first into what the first screen leaves free above your hand and the question, then with tighter tiles.
 * When even that leaves a tile over another, the seats leave the oval for rows across the felt (`.ring.rows`, as nine
 * or ten seats always sit: `.ring.many`, so that such a table does not change its shape as the game goes on), where no
 * tile can cover another however tall; the hand and the question stay docked in view below them. Phones list the
 * seats in rows always, two a row when three make a tile taller than the screen.
 */
function useRingFits(ring: { current: HTMLDivElement | null }) {
  // Measured in the frame's animation callbacks, not as the table is drawn: by then everything the change does to
  // the page is done (the question, the dock, the events on the table), so the one layout that the measuring
  // needs is the frame's own, where measuring mid-draw laid the page out once more for each later change. Still
  // before the frame is painted.
  const frame = useRef(0);
  useLayoutEffect(() => {
    frame.current ||= requestAnimationFrame(() => {
      frame.current = 0;
      if (ring.current) fitRing(ring.current);
    });
  });
  useLayoutEffect(() => () => cancelAnimationFrame(frame.current), []);
}

function fitRing(el: HTMLDivElement): void {
  el.style.height = '';
  el.classList.remove('crowded', 'rows', 'wide');
  const tiles = [...el.querySelectorAll<HTMLElement>('.ring-seats > .seat-tile')];
  // The docked question's height (PromptPanel.tsx), set on the hand while it is docked above the question.
  const handEl = el.parentElement?.querySelector<HTMLElement>('[data-hand]');
  const dock = parseFloat(handEl?.style.getPropertyValue('--dock') ?? '') || 0;
  if (getComputedStyle(el).position !== 'relative') {
    // A phone: a tile taller than the screen leaves between the header and the docked hand could never be read
    // whole; wider tiles (two a row) wrap their skills and cards less.
    const head = document.querySelector<HTMLElement>('.table-head')?.offsetHeight ?? 0;
    const hand = handEl?.offsetHeight ?? 0;
    if (tiles.some((t) => t.offsetHeight > innerHeight - head - hand - dock - 8)) el.classList.add('wide');
    return;
  }
  // The middle's own pieces (the info line's parts, the cards on the table, the discard), not its wide box.
  const middle = [...el.querySelectorAll<HTMLElement>('.sgs-info > span, .sgs-middle > *, .sgs-discard > *')];
  const meet = (a: DOMRect, b: DOMRect) =>
    a.left < b.right - 2 && b.left < a.right - 2 && a.top < b.bottom - 2 && b.top < a.bottom - 2;
  const overlap = () => {
    const r = tiles.map((t) => t.getBoundingClientRect());
    const m = middle.map((x) => x.getBoundingClientRect());
    return r.some((a, i) => r.slice(i + 1).some((b) => meet(a, b)) || m.some((b) => meet(a, b)));
  };
  if (el.classList.contains('many') || !overlap()) return;
  const below = [el.nextElementSibling, handEl].reduce((n, x) => n + ((x as HTMLElement | null)?.offsetHeight ?? 0), 0);
  const free = innerHeight - dock - below - el.getBoundingClientRect().top - 16;
  const grow = (limit: number) => {
    for (let h = el.offsetHeight; overlap() && h + 30 <= limit; ) el.style.height = `${(h += 30)}px`;
  };
  grow(free);
  if (!overlap()) return;
  el.style.height = '';
  el.classList.add('crowded');
  grow(free);
  if (!overlap()) return;
  el.style.height = '';
  el.classList.add('rows');
}

export function Table(p: TableProps) {
  const ring = useRef<HTMLDivElement>(null);
  useRingFits(ring);
  const asked = p.state.prompts.length > 0;
  const c = useMemo<CardCtx>(
    () => ({ lang: p.lang, pickable: p.pickable.cards, picked: p.picked.cards, asked, toggle: p.toggleCard }),
    [p.lang, p.pickable.cards, p.picked.cards, asked, p.toggleCard],
  );
  const v = p.state.view as unknown as View | null;
  if (!v || !Array.isArray(v.players)) return null;
  const t = p.t;
  const you = p.state.you;
  const n = v.players.length;
  const start = you ?? 0;
  const order = Array.from({ length: n }, (_, k) => (start + k) % n);
  const others = you !== null ? order.slice(1) : order;
  const mine = you !== null ? v.players[you] : undefined;
  const forThem = madeForThem(p.state.log);

  // The option being composed: its seats, and why the other living seats are not targets.
  const o = p.option;
  const targeting = !!o?.seats && p.pickable.seats.length > 0;
  // The server gives the reason of every living seat the option may not pick (engine Option.seats.blocked).
  const blocked = new Map<number, Msg>((o?.seats?.blocked ?? []).map((b) => [b.seat, b.why]));
  const reasonFor = (seat: number): string | null => {
    const b = targeting && !p.pickable.seats.includes(seat) && v.players[seat]?.alive ? blocked.get(seat) : undefined;
    return b ? t(b) : null;
  };
  // A blind pick ("a hand card") is shown on the seat it is taken from.
  const pickPrompt = p.state.prompts.find((x) => x.kind === 'pick');
  const pickFrom = pickPrompt ? (pickPrompt.message.params?.target as number | undefined) : undefined;

  const tile = (seat: number, style?: string) => {
    const on = p.picked.seats.includes(seat);
    const tags = seatTagsOf(p.state, seat);
    return (
      <SeatTile
        key={seat}
        x={v.players[seat]!}
        c={c}
        t={t}
        name={p.name(seat)}
        seat={seat}
        you={you}
        game={p.state.id}
        style={style}
        next={you !== null && seat === order[1]}
        cur={seat === v.current && !p.state.outcome}
        ended={!!p.state.outcome}
        drunk={v.drunk}
        dist={v.me?.distance[seat]}
        inRange={!!v.me?.inRange[seat]}
        canPick={p.pickable.seats.includes(seat)}
        on={on}
        pickedAs={on ? pickedAs(p, seat) : null}
        toggleSeat={p.toggleSeat}
        reason={reasonFor(seat)}
        blind={pickFrom === seat}
        forThem={forThem.get(seat)}
        info={tags.seat}
        waiting={tags.waiting}
        won={tags.won}
      />
    );
  };

  // Round, phase, pile and range. In a seat's own view it stands apart from the felt's middle: on a desktop it sits
  // at the felt's bottom edge, which your own seat below leaves free, where in the middle a tall seat tile at the
  // top (a long English skill name wraps) or a full table (五谷丰登 for ten) covered it.
  const info = (
    <p class="sgs-info">
      <span class="info-status">
        {v.phase === 'select'
          ? t('sgs.phase.select')
          : t('sgs.status', { round: v.round, seat: v.current, phase: { key: `sgs.phase.${v.phase}` } })}
      </span>
      <span>{t('sgs.ui.drawPile', { n: v.drawCount })}</span>
      {v.me && <span>{t('sgs.ui.range', { n: v.me.attackRange })}</span>}
    </p>
  );

  return (
    <div class={`sgs felt seats-${n}${you === null ? ' watching' : ''}`}>
      {p.state.outcome && <EndPanel v={v} p={p} />}
      {p.state.prompts.some((x) => x.kind === 'chooseGeneral') && <Offer p={p} />}
      <div class={n >= 9 ? 'ring many' : 'ring'} ref={ring}>
        <ol class="ring-seats" aria-label={t('sgs.ui.order')}>
          {others.map((seat, k) => tile(seat, n >= 9 ? undefined : ringPos(k, others.length, you === null)))}
        </ol>
        {you !== null && info}
        <div class="felt-center">
          {you === null && info}
          {v.table.length > 0 && (
            <div class="sgs-middle" aria-label={t('sgs.ui.table')} role="group">
              {v.table.map((id) => (
                <Card key={id} id={id} c={c} size={v.table.length + v.grace.length > 4 ? 'chip' : 'mid'} />
              ))}
            </div>
          )}
          {/* 五谷丰登's offer apart from the card that was played: only these can be taken. */}
          {v.grace.length > 0 && (
            <div class="sgs-middle grace" aria-label={t('sgs.card.amazing_grace')} role="group">
              <span class="zone-label">{t('sgs.card.amazing_grace')}</span>
              {v.grace.map((id) => (
                <Card key={id} id={id} c={c} size={v.grace.length > 4 ? 'chip' : 'mid'} />
              ))}
            </div>
          )}
          {v.discardTop.length > 0 && (
            <div class="sgs-discard" role="group" aria-label={t('sgs.ui.discardTop')}>
              <span class="zone-label">{t('sgs.ui.discardTop')}</span>
              {v.discardTop.slice(-3).map((id) => (
                <Card key={id} id={id} c={c} />
              ))}
            </div>
          )}
        </div>
      </div>
      {mine && <ol class="me-row">{tile(you!)}</ol>}
      {mine?.hand && (
        <section class="hand" aria-label={t('sgs.ui.yourHand')} data-hand>
          <h3 class="sr-only">{t('sgs.ui.yourHand')}</h3>
          {mine.hand.length ? (
            <div class="hand-cards">
              {mine.hand.map((id) => (
                <Card key={id} id={id} c={c} size="hand" />
              ))}
            </div>
          ) : (
            <p class="muted">{t('sgs.ui.emptyHand')}</p>
          )}
        </section>
      )}
    </div>
  );
}

/** One seat's tile, drawn from plain values: drawn again only when one of them changes (web/lib/memo.ts). */
const SeatTile = memo(function SeatTile({
  x,
  c,
  t,
  name,
  seat,
  you,
  game,
  style,
  next,
  cur,
  ended,
  drunk,
  dist,
  inRange,
  canPick,
  on,
  pickedAs,
  toggleSeat,
  reason,
  blind,
  forThem,
  info,
  waiting,
  won,
}: {
  x: PlayerView;
  c: CardCtx;
  t: TableProps['t'];
  name: string;
  seat: number;
  you: number | null;
  /** The game's id (identity marks are kept per game). */
  game: string;
  style?: string | undefined;
  next: boolean;
  /** The seat whose turn it is (not once the game is over). */
  cur: boolean;
  ended: boolean;
  drunk: boolean;
  dist: number | null | undefined;
  inRange: boolean;
  canPick: boolean;
  on: boolean;
  /** What a picked seat is picked as, or null. */
  pickedAs: string | null;
  toggleSeat: (seat: number) => void;
  reason: string | null;
  blind: boolean;
  forThem?: 'timedOut' | 'botPlayed' | undefined;
} & Omit<ReturnType<typeof seatTagsOf>, 'seat' | 'you'> & { info: ReturnType<typeof seatTagsOf>['seat'] }) {
  const equip = SLOTS.filter((k) => x.equip[k] !== null);
  const dying = x.alive && x.hp <= 0;
  const cls = `seat-tile${x.alive ? '' : ' is-dead'}${dying ? ' is-dying' : ''}${cur ? ' is-current' : ''}${seat === you ? ' is-me' : ''}${reason ? ' invalid' : ''}${canPick ? ' can-pick' : ''}${on ? ' on' : ''}${x.kingdom ? ` k-${x.kingdom}` : ''}`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap on the tile is a shortcut; the seat buttons in the question pick it by keyboard
    <li class={cls} data-seat={seat} style={style} onClick={canPick ? () => toggleSeat(seat) : undefined}>
      <div class="tile-head">
        <span class="seat-no" aria-hidden="true">
          {seat + 1}
        </span>
        {canPick ? (
          <button type="button" class="tile-name" aria-pressed={on}>
            {name}
          </button>
        ) : (
          <span class="tile-name">{name}</span>
        )}
        {x.role && <span class={`tag role role-${x.role}`}>{t(`sgs.role.${x.role}`)}</span>}
        {!x.role && you !== null && seat !== you && !ended && (
          <Mark id={game} game="sanguosha" seat={seat} name={name} />
        )}
      </div>
      {x.general && (
        <div class="tile-general">
          <b class={`kingdom k-${x.kingdom ?? 'none'}`}>
            {x.kingdom && <span class="k-badge">{t(`sgs.kingdom.${x.kingdom}`)}</span>}
            {t(`sgs.general.${x.general}`)}
          </b>
          {(x.skills ?? []).map((k) => (
            <button
              key={k}
              type="button"
              class="skill-chip"
              onClick={(e) => {
                e.stopPropagation();
                readSkill(t, k, x.general!);
              }}
            >
              {t(`sgs.skill.${k}`)}
            </button>
          ))}
        </div>
      )}
      <div class="tile-stats">
        {x.alive ? (
          <Hp hp={Math.max(0, x.hp)} max={x.maxHp} label={t('sgs.ui.hp', { hp: x.hp, max: x.maxHp })} />
        ) : (
          <span class="dead">{t('sgs.ui.dead')}</span>
        )}
        <span class="hand-count" title={t('sgs.ui.handCount', { n: x.handCount })}>
          <span class="mini-back" aria-hidden="true" />
          <span class="sr-only">{t('sgs.ui.handCount', { n: x.handCount })}</span>
          <span aria-hidden="true">{x.handCount}</span>
        </span>
        {dist !== null && dist !== undefined && seat !== you && x.alive && (
          <span class={`dist ${inRange ? 'in-range' : 'out-range'}`} title={t('sgs.ui.distance', { n: dist })}>
            <span aria-hidden="true">↔{dist}</span>
            <span class="sr-only">
              {t('sgs.ui.distance', { n: dist })}
              {inRange ? ` · ${t('sgs.ui.inRange')}` : ''}
            </span>
          </span>
        )}
        {cur && !(seat === you && c.asked) && (
          <span class="tag turn">{seat === you ? s('table.yourTurn') : t('sgs.ui.current')}</span>
        )}
        {next && <span class="tag">{t('sgs.ui.next')}</span>}
        <SeatTags seat={info} waiting={waiting} you={seat === you} won={won} forThem={forThem} />
        {pickedAs && <span class="tag picked-as">{pickedAs}</span>}
        {dying && <span class="tag dying">{s('seat.dying')}</span>}
        {x.chained && <span class="tag chain">⛓ {t('sgs.ui.chained')}</span>}
        {x.turnedOver && <span class="tag">{t('sgs.ui.turnedOver')}</span>}
        {drunk && cur && <span class="tag drunk">{t('sgs.card.analeptic')}</span>}
        {Object.entries(x.marks ?? {}).map(([k, m]) => (
          <span key={k} class="tag">
            {t(`sgs.mark.${k}`)} {m}
          </span>
        ))}
      </div>
      {(equip.length > 0 || x.judge.length > 0 || blind) && (
        <div class="tile-zones">
          {equip.map((k) => (
            <Card key={k} id={x.equip[k]!} c={c} />
          ))}
          {x.judge.map((id) => (
            <span key={id} class="judge">
              <Card id={id} c={c} />
            </span>
          ))}
          {blind && c.pickable.includes('hand') && <Card id="hand" c={c} />}
        </div>
      )}
      {seat !== you && x.hand && x.hand.length > 0 && (
        <div class="tile-zones open-hand">
          {x.hand.map((id) => (
            <Card key={id} id={id} c={c} />
          ))}
        </div>
      )}
      {reason && <p class="why">{reason}</p>}
    </li>
  );
});

/** What a picked seat is picked as: 借刀杀人 takes the weapon holder first, then whom they must slash. */
function pickedAs(p: TableProps, seat: number): string {
  if (p.option?.message.key !== 'sgs.opt.useCollateral') return s('seat.picked');
  return s(p.picked.seats.indexOf(seat) === 0 ? 'seat.pickHolder' : 'seat.pickVictim');
}

/** A skill's name and text to read; a skill without a written text shows its name alone. */
export function readSkill(t: TableProps['t'], skill: string, general: string) {
  // Skill texts come in the later strings chunk (web/i18n/packs.ts): at once once it is in.
  void loadLater().then(
    () => {
      const text = t(`sgs.skillText.${skill}`);
      readCards([
        {
          name: t(`sgs.skill.${skill}`),
          sub: t(`sgs.general.${general}`),
          text: text === `sgs.skillText.${skill}` ? '' : text,
        },
      ]);
    },
    () => undefined,
  );
}
