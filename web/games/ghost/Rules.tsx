import './rules.css';
import type { Lang } from '../types';
import { IDENTITIES, RULES } from '../../../worker/games/ghost/basics';
import { ARTIFACTS, EVENTS, IMPS, KINGS, SPELLS, ghostDeckFor } from '../../../worker/games/ghost/cards';
import { cardName, dispelText, rewardText, str } from './labels';

type Section = [string, string[]];

// biome-ignore format: one row per line
const TEXT: Record<Lang, Section[]> = {
  'zh-CN': [
    ['目标', ['4–8人。每人暗抽一张身份：太平道（红）、天师道（蓝），5/7/8人局还有邪道（王），8人局再加邪道（众）。同队的人一起赢。', '每晚会有小鬼附身到某位玩家身上。大家用手牌投票把小鬼驱散；驱散的小鬼成为主持者的积分。若小鬼越积越多，会有人变成鬼王。']],
    ['开局', ['每人4张手牌、1点灵力。公开一张鬼王牌（写着鬼王的额外胜利条件）。随机决定先手，之后按顺时针（左手边）轮流。']],
    ['你的回合', ['1. 抽卡：抽2张牌，得1灵力。', '2. 白昼：每花2灵力买1张牌；装备一件法器（新的替换旧的）；使用道术（耗灵力，用完进弃牌堆）。', '3. 黑夜：鬼魂出没前后各有一次使用⚡道术的时机（只询问持有者）。翻开鬼牌堆顶：小鬼按附身条件附身，事件立即结算。', '4. 驱鬼：你可以选场上任意一张小鬼发起驱鬼（也可不驱）。', '5. 回合结束：手牌超过上限（通常5张）就弃到上限。手牌堆一抽完，立即把弃牌堆洗匀作为新的手牌堆。']],
    ['驱鬼与投票', ['从主持者开始按逆时针，每人把任意张手牌面朝下投出（可以不投）。投票张数公开，颜色保密；被长舌鬼附身的玩家须面朝上投票。', '与小鬼驱散条件同色的是正票，异色的是负票；红蓝1:1抵消。开票后净正票达到驱散数量即成功。"任意N张"的小鬼只数总张数，不分颜色、不抵消，也不能质疑。敕令符算2张。', '质疑：主持者可以逐一质疑投票者（每人一次，不能质疑鬼王；主持者自己投了超过5张则不能质疑）。被质疑者的票公开：全是正票——驱鬼立即失败；含负票——他的票作废，主持者得3灵力。', '离开桌面的投票牌先洗匀再放进弃牌堆，看不出哪张是谁投的。成功后小鬼归主持者作积分，主持者可偷看原宿主的身份；所有参与投票者得到小鬼上的奖励。']],
    ['鬼王', ['某位玩家的第3张小鬼附身的那个回合里，若他身上的小鬼没有一张被成功驱除，回合结束时他成为鬼王（别人身上的小鬼被驱除救不了他；之后他没有再被附身的回合也不会让他成为鬼王）。若场上出现第7张小鬼的那个回合里没有任何小鬼被驱除，被附身最多者成为鬼王。有邪道（王）时改由邪道（王）亮明身份变身；若满足条件的正是邪道（王）本人，他输掉游戏，游戏结束。', '鬼王补满小鬼到3张、手牌到7张（7–8人局10张），积分和法器作废；他身上的小鬼就是他的生命。鬼王跳过抽卡和白昼，夜晚开始时抽1张，手牌无上限，可以投票且不能被质疑，自己夜里可"招魂"把别人身上的小鬼招到自己身上。', '身上有2张以上小鬼的人不能主持或参与以鬼王为目标的驱鬼。鬼王在场时，已有2张小鬼的人再被附身要弃一半手牌。', '鬼王达成鬼王牌条件或鬼牌堆用尽时获胜。生命（小鬼）归零时鬼王落败：无论他所属的阵营得分多少，他本人都输（若他是邪道（王），两名邪道一起输）；击败他的一方+5分，其余阵营按积分定胜负。']],
    ['邪道', ['鬼王现身前，邪道可以各用一次：白昼时亮明身份、弃光手牌，让一位有2张小鬼的玩家身上的小鬼重新附身；或在自己有3张以上小鬼的夜晚这样做，把自己的小鬼全部转附他人。']],
    ['结束与计分', ['鬼牌堆用尽、邪道（王）落败、鬼王被击败，或在鬼王现身前有人驱散的小鬼达到数量（4/5人4张，6–8人3张；达到的那一刻立即结束）时，游戏结束。', '每张驱散的小鬼：与自己身份同色+2，否则+1；邪道按人数表计分并有同色奖励。总分最高的队伍获胜。']],
  ],
  'zh-TW': [
    ['目標', ['4–8人。每人暗抽一張身份：太平道（紅）、天師道（藍），5/7/8人局還有邪道（王），8人局再加邪道（眾）。同隊的人一起贏。', '每晚會有小鬼附身到某位玩家身上。大家用手牌投票把小鬼驅散；驅散的小鬼成為主持者的積分。若小鬼越積越多，會有人變成鬼王。']],
    ['開局', ['每人4張手牌、1點靈力。公開一張鬼王牌（寫著鬼王的額外勝利條件）。隨機決定先手，之後按順時針（左手邊）輪流。']],
    ['你的回合', ['1. 抽卡：抽2張牌，得1靈力。', '2. 白晝：每花2靈力買1張牌；裝備一件法器（新的替換舊的）；使用道術（耗靈力，用完進棄牌堆）。', '3. 黑夜：鬼魂出沒前後各有一次使用⚡道術的時機（只詢問持有者）。翻開鬼牌堆頂：小鬼按附身條件附身，事件立即結算。', '4. 驅鬼：你可以選場上任意一張小鬼發起驅鬼（也可不驅）。', '5. 回合結束：手牌超過上限（通常5張）就棄到上限。手牌堆一抽完，立即把棄牌堆洗勻作為新的手牌堆。']],
    ['驅鬼與投票', ['從主持者開始按逆時針，每人把任意張手牌面朝下投出（可以不投）。投票張數公開，顏色保密；被長舌鬼附身的玩家須面朝上投票。', '與小鬼驅散條件同色的是正票，異色的是負票；紅藍1:1抵消。開票後淨正票達到驅散數量即成功。「任意N張」的小鬼只數總張數，不分顏色、不抵消，也不能質疑。敕令符算2張。', '質疑：主持者可以逐一質疑投票者（每人一次，不能質疑鬼王；主持者自己投了超過5張則不能質疑）。被質疑者的票公開：全是正票——驅鬼立即失敗；含負票——他的票作廢，主持者得3靈力。', '離開桌面的投票牌先洗勻再放進棄牌堆，看不出哪張是誰投的。成功後小鬼歸主持者作積分，主持者可偷看原宿主的身份；所有參與投票者得到小鬼上的獎勵。']],
    ['鬼王', ['某位玩家的第3張小鬼附身的那個回合裡，若他身上的小鬼沒有一張被成功驅除，回合結束時他成為鬼王（別人身上的小鬼被驅除救不了他；之後他沒有再被附身的回合也不會讓他成為鬼王）。若場上出現第7張小鬼的那個回合裡沒有任何小鬼被驅除，被附身最多者成為鬼王。有邪道（王）時改由邪道（王）亮明身份變身；若滿足條件的正是邪道（王）本人，他輸掉遊戲，遊戲結束。', '鬼王補滿小鬼到3張、手牌到7張（7–8人局10張），積分和法器作廢；他身上的小鬼就是他的生命。鬼王跳過抽卡和白晝，夜晚開始時抽1張，手牌無上限，可以投票且不能被質疑，自己夜裡可「招魂」把別人身上的小鬼招到自己身上。', '身上有2張以上小鬼的人不能主持或參與以鬼王為目標的驅鬼。鬼王在場時，已有2張小鬼的人再被附身要棄一半手牌。', '鬼王達成鬼王牌條件或鬼牌堆用盡時獲勝。生命（小鬼）歸零時鬼王落敗：無論他所屬的陣營得分多少，他本人都輸（若他是邪道（王），兩名邪道一起輸）；擊敗他的一方+5分，其餘陣營按積分定勝負。']],
    ['邪道', ['鬼王現身前，邪道可以各用一次：白晝時亮明身份、棄光手牌，讓一位有2張小鬼的玩家身上的小鬼重新附身；或在自己有3張以上小鬼的夜晚這樣做，把自己的小鬼全部轉附他人。']],
    ['結束與計分', ['鬼牌堆用盡、邪道（王）落敗、鬼王被擊敗，或在鬼王現身前有人驅散的小鬼達到數量（4/5人4張，6–8人3張；達到的那一刻立即結束）時，遊戲結束。', '每張驅散的小鬼：與自己身份同色+2，否則+1；邪道按人數表計分並有同色獎勵。總分最高的隊伍獲勝。']],
  ],
  en: [
    ['Goal', ['4–8 players. Everyone secretly draws an identity: Taiping (red) or Tianshi (blue); 5, 7 and 8 players add the heretic king, 8 players also a heretic follower. A team wins together.', 'Every night an imp possesses someone. The table votes with hand cards to exorcise it; an exorcised imp is a point for the host. If imps pile up, someone turns into the ghost king.']],
    ['Setup', ['Everyone has 4 cards and 1 spirit. One ghost-king card is face up (the ghost king\'s extra way to win). A random player starts; turns go clockwise (to the left).']],
    ['Your turn', ['1. Draw: 2 cards and 1 spirit.', '2. Day: buy a card for 2 spirit (as often as you like); equip one artifact (a new one replaces the old); play spells (they cost spirit and are discarded).', '3. Night: before and after the haunting there is a window for ⚡ spells (only holders are asked). The top ghost card is flipped: an imp possesses the player its condition names; an event happens at once.', '4. Exorcism: you may pick any imp on the table to exorcise (or not).', '5. End: discard down to your hand limit (usually 5). The moment the hand deck runs out, the discard pile is shuffled into a new one.']],
    ['Exorcism and votes', ['Starting with the host and going counter-clockwise, each player places any number of cards face down (or none). How many is public, the colours are not; a player possessed by the long-tongue ghost votes face up.', 'Cards of the imp\'s dispel colour are for it, the other colour against; red and blue cancel 1:1. The exorcism succeeds when the net count reaches the dispel number. "Any N cards" imps count all cards whatever their colour, no cancelling, and cannot be challenged. The decree talisman counts 2.', 'Challenge: the host may challenge voters one by one (each once, never the ghost king; not at all if the host voted more than 5 cards). The votes are shown: all for it — the exorcism fails at once; any against — that voter\'s cards are thrown away and the host gains 3 spirit.', 'Vote cards leaving the table are shuffled before they reach the discard pile, so nobody can tell whose card was whose. On success the host keeps the imp as a point and may peek at its former holder\'s identity; everyone who voted gets the imp\'s reward.']],
    ['The ghost king', ['If a player\'s 3rd imp arrives and none of that player\'s imps is exorcised in the same turn, that player becomes the ghost king at the end of the turn (exorcising someone else\'s imp does not help, and a later turn without a new imp does not count). If a 7th imp arrives on the table and no imp at all is exorcised that turn, the most possessed player becomes the ghost king. With a heretic king in the game, the heretic king transforms instead — and if the player who qualifies is the heretic king, the heretic king loses and the game ends.', 'The ghost king is topped up to 3 imps and 7 cards (10 with 7–8 players); their points and artifact are lost; their imps are their life. The ghost king skips draw and day, draws 1 at nightfall, has no hand limit, may vote and cannot be challenged, and on their own night may summon an imp from another player.', 'Players with 2 or more imps cannot host or vote in an exorcism of the ghost king\'s imps. While a ghost king is out, a player with 2 imps who is possessed again discards half of their hand.', 'The ghost king wins by the ghost-king card or when the ghost deck runs out. At 0 imps the ghost king loses, whatever their team scores (a heretic-king ghost king takes the heretic follower down too); whoever defeats the ghost king scores +5 for their side, and the other teams are scored.']],
    ['Heretics', ['Before a ghost king exists, each heretic may once reveal their identity and discard their hand to make the imps of a player with 2 imps possess anew (in their day), or — on a night when they have 3 or more imps — send all their own imps to others.']],
    ['End and scoring', ['The game ends when the ghost deck is exhausted, the heretic king falls, the ghost king is defeated, or — while there is no ghost king — the moment someone has exorcised enough imps (4 with 4–5 players, 3 with 6–8).', 'Each exorcised imp scores +2 if it matches your identity colour, else +1; heretics score by their own table with a same-colour bonus. The team with the highest total wins.']],
  ],
};

/** The rules page: the summary above, then every card with its text (from the same strings as the table). */
export function GhostRules({ lang }: { lang: Lang }) {
  const L = lang;
  const sectionTitle = (en: string, zh: string) => (L === 'en' ? en : zh);
  return (
    <article class="ghost-rules">
      {TEXT[L].map(([h, ps]) => (
        <section key={h}>
          <h2>{h}</h2>
          {ps.map((x, i) => (
            <p key={i}>{x}</p>
          ))}
        </section>
      ))}
      <section>
        <h2>{sectionTitle('By player count', L === 'zh-TW' ? '各人數設定' : '各人数设定')}</h2>
        {/* It scrolls sideways on a narrow phone: focusable, so a keyboard can scroll it too (axe: scrollable-region-focusable). */}
        <table
          class="gh-rule-table"
          tabIndex={0}
          aria-label={sectionTitle('By player count', L === 'zh-TW' ? '各人數設定' : '各人数设定')}
        >
          <thead>
            <tr>
              <th>{L === 'en' ? 'Players' : L === 'zh-TW' ? '人數' : '人数'}</th>
              <th>{L === 'en' ? 'Identities' : L === 'zh-TW' ? '身份' : '身份'}</th>
              <th>{L === 'en' ? 'Ghost deck' : '鬼牌堆'}</th>
              <th>{L === 'en' ? 'Imps to end' : L === 'zh-TW' ? '驅散幾張結束' : '驱散几张结束'}</th>
              <th>{L === 'en' ? 'Ghost king refills to' : L === 'zh-TW' ? '鬼王補滿手牌' : '鬼王补满手牌'}</th>
              <th>{L === 'en' ? 'Heretic points per imp' : L === 'zh-TW' ? '邪道每張得分' : '邪道每张得分'}</th>
            </tr>
          </thead>
          <tbody>
            {[4, 5, 6, 7, 8].map((P) => (
              <tr key={P}>
                <td>{P}</td>
                <td>
                  {Object.entries(IDENTITIES[P]!)
                    .map(([id, n]) => `${str(L, `ghost.identity.${id}`)}×${n}`)
                    .join(L === 'en' ? ', ' : '、')}
                </td>
                <td>{ghostDeckFor(P).length}</td>
                <td>{RULES.endThreshold[P]}</td>
                <td>{RULES.gkRefill[P]}</td>
                <td>{RULES.hereticPerImp[P] ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          {L === 'en'
            ? 'A heretic also gains +2/+3/+4 for 2/3/4+ exorcised imps of one colour (not with 8 players).'
            : L === 'zh-TW'
              ? '邪道驅散同色小鬼2/3/4張以上另得+2/+3/+4分（8人局不適用）。'
              : '邪道驱散同色小鬼2/3/4张以上另得+2/+3/+4分（8人局不适用）。'}
        </p>
      </section>
      <section>
        <h2>{sectionTitle('Imps', L === 'zh-TW' ? '小鬼牌' : '小鬼牌')}</h2>
        <ul class="gh-rule-list">
          {IMPS.map((c) => (
            <li key={c.id}>
              <b class={`gh-dot ${c.colour}`}>{cardName(c.id, L)}</b> —{' '}
              {str(L, 'ghost.ui.possess', { cond: str(L, `ghost.possession.${c.possession}`) })};{' '}
              {str(L, 'ghost.ui.dispel', { cond: dispelText(c.id, L) })};{' '}
              {str(L, 'ghost.ui.reward', { text: rewardText(c.id, L) })};{' '}
              {str(L, 'ghost.ui.effect', { text: str(L, `ghost.effect.${c.effect}`) })}
              {c.minP > 4 && <small class="inline"> ({c.minP}+)</small>}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{sectionTitle('Events', L === 'zh-TW' ? '事件牌' : '事件牌')}</h2>
        <ul class="gh-rule-list">
          {EVENTS.map((c) => (
            <li key={c.id}>
              <b>{cardName(c.id, L)}</b> — {str(L, `ghost.text.${c.id}`)}
              {c.minP > 4 && <small class="inline"> ({c.minP}+)</small>}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{sectionTitle('Spells', L === 'zh-TW' ? '道術牌' : '道术牌')}</h2>
        <ul class="gh-rule-list">
          {SPELLS.map((c) => (
            <li key={c.id}>
              <b>{cardName(`${c.id}-R1`, L)}</b> ({str(L, 'ghost.ui.cost', { n: c.id === 'S19' ? '2 / 0' : c.cost })}) —{' '}
              {str(L, `ghost.text.${c.id}`)}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{sectionTitle('Artifacts', L === 'zh-TW' ? '法器牌' : '法器牌')}</h2>
        <ul class="gh-rule-list">
          {ARTIFACTS.map((c) => (
            <li key={c.id}>
              <b>{cardName(`${c.id}-R1`, L)}</b> — {str(L, `ghost.text.${c.id}`)}
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{sectionTitle('Ghost-king cards', L === 'zh-TW' ? '鬼王牌' : '鬼王牌')}</h2>
        <ul class="gh-rule-list">
          {KINGS.map((c) => (
            <li key={c.id}>
              <b>{cardName(c.id, L)}</b> — {str(L, `ghost.text.${c.id}`)}
            </li>
          ))}
        </ul>
        <p>{str(L, 'ghost.kingRule')}</p>
      </section>
    </article>
  );
}
