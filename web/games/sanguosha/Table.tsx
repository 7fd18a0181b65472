import type { TableProps } from '../types';
import { CARDS, cardLabel, cardName, suitRank } from './cards';

interface PlayerView {
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
}
interface View {
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
const SLASHES = new Set(['slash', 'fire_slash', 'thunder_slash']);

/** Why `target` is not a legal target of the card being played (shown beside the seat). */
function whyNot(v: View, me: number, key: string, target: number): string {
  const p = v.players[target]!;
  if (!p.alive) return 'sgs.ui.dead';
  if (target === me) return 'sgs.ui.self';
  const d = v.me?.distance[target] ?? 0;
  const cards = p.handCount + p.judge.length + SLOTS.filter((s) => p.equip[s] !== null).length;
  const has = (k: string) => p.judge.some((id) => CARDS[id]?.key === k);
  if (SLASHES.has(key) && !v.me?.inRange[target]) return 'sgs.ui.outOfRange';
  if ((key === 'snatch' || key === 'supply_shortage') && d > 1) return 'sgs.ui.tooFar';
  if ((key === 'snatch' || key === 'dismantlement') && cards === 0) return 'sgs.ui.noCards';
  if (key === 'fire_attack' && p.handCount === 0) return 'sgs.ui.noCards';
  if ((key === 'indulgence' || key === 'supply_shortage') && has(key)) return 'sgs.ui.hasOne';
  return 'sgs.ui.notTarget';
}

function Card({ id, p, small }: { id: number | string; p: TableProps; small?: boolean }) {
  const sid = String(id);
  const c = CARDS[Number(id)];
  const canPick = p.pickable.cards.includes(sid);
  const on = p.picked.cards.includes(sid);
  const label = cardLabel(sid, p.lang);
  const face = (
    <>
      <span class="sgs-card-name">{c ? cardName(c.key, p.lang) : label}</span>
      {c && <span class="sgs-card-suit">{suitRank(c.id)}</span>}
    </>
  );
  const cls = `sgs-card${c?.red ? ' red' : ''}${small ? ' small' : ''}${on ? ' on' : ''}${canPick ? ' pickable' : ''}`;
  if (canPick)
    return (
      <button type="button" class={cls} aria-pressed={on} aria-label={label} onClick={() => p.toggleCard(sid)}>
        {face}
      </button>
    );
  return (
    <span class={cls} aria-label={label} role="img">
      {face}
    </span>
  );
}

function Hp({ hp, max, label }: { hp: number; max: number; label: string }) {
  return (
    <span class="sgs-hp" aria-label={label} role="img">
      {Array.from({ length: max }, (_, i) => (
        <span key={i} class={i < hp ? 'pip full' : 'pip'} aria-hidden="true" />
      ))}
    </span>
  );
}

export function Table(p: TableProps) {
  const v = p.state.view as unknown as View | null;
  if (!v || !Array.isArray(v.players)) return null;
  const t = p.t;
  const you = p.state.you;
  const n = v.players.length;
  const start = you ?? 0;
  const order = Array.from({ length: n }, (_, k) => (start + k) % n);
  const waiting = new Set(p.state.status === 'playing' ? p.state.waiting : []);
  // S7 lists every living seat during a 无懈可击 window; the reader without a question is not the one awaited.
  if (you !== null && p.state.prompts.length === 0) waiting.delete(you);
  const winners = new Set(p.state.outcome?.winners ?? []);

  // The card being played, when a play option is chosen: explain the seats it cannot target.
  const playing = p.state.prompts.find((x) => x.kind === 'play');
  const mine = you !== null ? v.players[you] : undefined;
  const chosen = playing && p.picked.cards.length === 1 && mine?.hand?.includes(Number(p.picked.cards[0])) ? Number(p.picked.cards[0]) : null;
  const chosenOption = chosen !== null ? playing!.options.find((o) => o.id === `use:${chosen}`) : undefined;
  const targeting = chosenOption?.seats ? chosenOption : undefined;
  // A blind pick ("a hand card") is shown on the seat it is taken from.
  const pickPrompt = p.state.prompts.find((x) => x.kind === 'pick');
  const pickFrom = pickPrompt ? (pickPrompt.message.params?.target as number | undefined) : undefined;

  return (
    <div class="sgs">
      <p class="sgs-info">
        <span>{t('sgs.status', { round: v.round, seat: v.current, phase: { key: `sgs.phase.${v.phase}` } })}</span>
        <span>{t('sgs.ui.drawPile', { n: v.drawCount })}</span>
        {v.me && <span>{t('sgs.ui.range', { n: v.me.attackRange })}</span>}
      </p>

      {p.state.outcome && (
        <section class="sgs-end" aria-label={t('sgs.ui.identities')}>
          <h3>{t(p.state.outcome.reason)}</h3>
          <ul>
            {v.players.map((x) => (
              <li key={x.seat} class={winners.has(x.seat) ? 'win' : ''}>
                <strong>{p.name(x.seat)}</strong> · {x.role ? t(`sgs.role.${x.role}`) : '?'}
                {winners.has(x.seat) && <span class="tag win"> {t('sgs.ui.winner')}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <h3 class="sr-only">{t('sgs.ui.order')}</h3>
      <ol class="sgs-seats" aria-label={t('sgs.ui.order')}>
        {order.map((seat, k) => {
          const x = v.players[seat]!;
          const canPick = p.pickable.seats.includes(seat);
          const on = p.picked.seats.includes(seat);
          const reason = targeting && !canPick ? whyNot(v, you!, CARDS[chosen!]!.key, seat) : null;
          const dist = v.me?.distance[seat];
          const head = (
            <>
              <span class="sgs-seat-name">
                {p.name(seat)}
                {seat === you && <span class="tag you">{t('sgs.ui.you')}</span>}
                {k === 1 && you !== null && <span class="tag">{t('sgs.ui.next')}</span>}
                {x.role && <span class={`tag role role-${x.role}`}>{t(`sgs.role.${x.role}`)}</span>}
                {seat === v.current && !p.state.outcome && <span class="tag turn">{t('sgs.ui.current')}</span>}
                {waiting.has(seat) && <span class="tag wait" aria-label="…">⏳</span>}
              </span>
              <span class="sgs-seat-stats">
                {x.alive ? <Hp hp={Math.max(0, x.hp)} max={x.maxHp} label={t('sgs.ui.hp', { hp: x.hp, max: x.maxHp })} /> : <span class="dead">{t('sgs.ui.dead')}</span>}
                <span>{t('sgs.ui.handCount', { n: x.handCount })}</span>
                {x.chained && <span class="tag chain">⛓ {t('sgs.ui.chained')}</span>}
                {v.drunk && seat === v.current && <span class="tag drunk">{t('sgs.card.analeptic')}</span>}
                {dist !== null && dist !== undefined && seat !== you && (
                  <span class={v.me?.inRange[seat] ? 'in-range' : 'out-range'}>
                    {t('sgs.ui.distance', { n: dist })}
                    {v.me?.inRange[seat] ? ` · ${t('sgs.ui.inRange')}` : ''}
                  </span>
                )}
              </span>
            </>
          );
          return (
            <li key={seat} class={`sgs-seat${x.alive ? '' : ' is-dead'}${seat === v.current ? ' is-current' : ''}${seat === you ? ' is-me' : ''}${reason ? ' invalid' : ''}${canPick ? ' can-pick' : ''}`}>
              {canPick ? (
                <button type="button" class={`sgs-seat-head${on ? ' on' : ''}`} aria-pressed={on} onClick={() => p.toggleSeat(seat)}>
                  {head}
                </button>
              ) : (
                <div class="sgs-seat-head">{head}</div>
              )}
              {reason && <p class="sgs-why">{t(reason)}</p>}
              <div class="sgs-zones">
                <span class="sgs-zone-label">{t('sgs.ui.equipArea')}</span>
                {SLOTS.some((s) => x.equip[s] !== null) ? SLOTS.map((s) => (x.equip[s] !== null ? <Card key={s} id={x.equip[s]!} p={p} small /> : null)) : <span class="muted">{t('sgs.ui.noEquip')}</span>}
                {x.judge.length > 0 && (
                  <>
                    <span class="sgs-zone-label">{t('sgs.ui.judgeArea')}</span>
                    {x.judge.map((id) => (
                      <Card key={id} id={id} p={p} small />
                    ))}
                  </>
                )}
                {pickFrom === seat && p.pickable.cards.includes('hand') && <Card id="hand" p={p} small />}
              </div>
              {seat !== you && x.hand && x.hand.length > 0 && (
                <div class="sgs-seat-hand">
                  <span class="sgs-zone-label">{t('sgs.ui.hand')}</span>
                  {x.hand.map((id) => (
                    <Card key={id} id={id} p={p} small />
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ol>

      {(v.table.length > 0 || v.grace.length > 0) && (
        <section class="sgs-middle" aria-label={t('sgs.ui.table')}>
          {v.grace.length > 0 && <span class="sgs-zone-label">{t('sgs.ui.grace')}</span>}
          {v.grace.map((id) => (
            <Card key={id} id={id} p={p} />
          ))}
          {v.table.length > 0 && <span class="sgs-zone-label">{t('sgs.ui.table')}</span>}
          {v.table.map((id) => (
            <Card key={id} id={id} p={p} />
          ))}
        </section>
      )}

      {mine?.hand && (
        <section class="sgs-hand" aria-label={t('sgs.ui.yourHand')}>
          <h3>{t('sgs.ui.yourHand')}</h3>
          {mine.hand.length ? (
            <div class="sgs-hand-cards">
              {mine.hand.map((id) => (
                <Card key={id} id={id} p={p} />
              ))}
            </div>
          ) : (
            <p class="muted">{t('sgs.ui.emptyHand')}</p>
          )}
        </section>
      )}

      {v.discardTop.length > 0 && (
        <p class="sgs-discard">
          <span class="sgs-zone-label">{t('sgs.ui.discardTop')}</span>
          {v.discardTop.slice(-4).map((id) => (
            <Card key={id} id={id} p={p} small />
          ))}
        </p>
      )}
    </div>
  );
}
