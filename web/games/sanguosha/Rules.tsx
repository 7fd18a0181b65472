import './rules.css';
import { DECK } from '../../../worker/games/sanguosha/deck';
import { strings } from '../../../worker/games/sanguosha/i18n';
import { s } from '../../i18n';
import type { Lang } from '../types';
import { CARD_KEYS, CARDS, cardName, cardSub, suitRank } from './cards';

/** The rules page: identity mode without generals, as this site plays it (seed rules and rulings S1–S11). */
const RULES: Record<Lang, { title: string; sections: [string, string[]][] }> = {
  'zh-CN': {
    title: '三国杀 · 身份局',
    sections: [
      [
        '身份',
        [
          '4–10人。主公亮明身份并先行动；忠臣、反贼、内奸的身份保密，阵亡时亮出。',
          '人数：4人 1/1/1/1，5人 1/1/2/1，6人 1/1/3/1，7人 1/2/3/1，8人 1/2/4/1，9人 1/3/4/1，10人 1/3/4/2（主/忠/反/内）。可选“双内奸”（6人 1/1/2/2，8人 1/2/3/2）。',
          '不使用武将：每人体力上限4，5人及以上时主公为5。每人起始4张手牌。',
        ],
      ],
      [
        '回合',
        [
          '按座次从主公开始依次进行。每回合：准备、判定、摸牌（摸2张）、出牌、弃牌（手牌上限等于当前体力）、结束。',
          '出牌阶段每回合限使用一次【杀】（诸葛连弩除外）；酒每回合限一次。',
        ],
      ],
      [
        '距离与攻击范围',
        [
          '距离为沿座位两个方向中较短的一边（只计存活角色）；+1马令别人到你的距离+1，−1马令你到别人的距离−1。',
          '攻击范围为1，装备武器时为武器的范围。杀只能指定攻击范围内的角色；顺手牵羊、兵粮寸断需距离1。',
        ],
      ],
      [
        '锦囊与无懈可击',
        [
          '每个锦囊的每个目标都可被无懈可击抵消，无懈可击也可被无懈可击抵消。持有无懈可击的玩家同时被询问，先响应者生效；窗口打开时所有存活玩家都显示为“考虑中”。',
          '延时锦囊在判定阶段判定，后放置的先判定；闪电未生效时移至下一位可以放置的角色。',
        ],
      ],
      [
        '伤害与濒死',
        [
          '火焰、雷电伤害会传导给其他处于连环状态的角色（数值为来源造成的伤害）。',
          '体力降至0或以下即濒死：从当前回合角色开始依次询问是否使用桃（濒死者也可用酒）；无人救援则阵亡，亮出身份，弃置所有牌。',
          '杀死反贼者摸三张牌；主公杀死忠臣须弃置所有手牌和装备。',
        ],
      ],
      [
        '胜负',
        [
          '主公阵亡：若只剩内奸一人存活则内奸获胜，否则反贼获胜。',
          '反贼和内奸全部阵亡：主公和忠臣获胜。',
          '牌堆与弃牌堆都不够摸牌时，平局。',
        ],
      ],
      [
        '异步对局',
        [
          '“无法响应时自动放弃”（默认开启）：没有可用牌时立即视为不响应，日志中不会区分。关闭时每位玩家都会被询问，更慢但不泄露任何信息。',
          '超时未操作时默认不响应；弃牌时自动弃置价值最低的牌。',
        ],
      ],
    ],
  },
  'zh-TW': {
    title: '三國殺 · 身份局',
    sections: [
      [
        '身份',
        [
          '4–10人。主公亮明身份並先行動；忠臣、反賊、內奸的身份保密，陣亡時亮出。',
          '人數：4人 1/1/1/1，5人 1/1/2/1，6人 1/1/3/1，7人 1/2/3/1，8人 1/2/4/1，9人 1/3/4/1，10人 1/3/4/2（主/忠/反/內）。可選「雙內奸」（6人 1/1/2/2，8人 1/2/3/2）。',
          '不使用武將：每人體力上限4，5人及以上時主公為5。每人起始4張手牌。',
        ],
      ],
      [
        '回合',
        [
          '按座次從主公開始依次進行。每回合：準備、判定、摸牌（摸2張）、出牌、棄牌（手牌上限等於當前體力）、結束。',
          '出牌階段每回合限使用一次【殺】（諸葛連弩除外）；酒每回合限一次。',
        ],
      ],
      [
        '距離與攻擊範圍',
        [
          '距離為沿座位兩個方向中較短的一邊（只計存活角色）；+1馬令別人到你的距離+1，−1馬令你到別人的距離−1。',
          '攻擊範圍為1，裝備武器時為武器的範圍。殺只能指定攻擊範圍內的角色；順手牽羊、兵糧寸斷需距離1。',
        ],
      ],
      [
        '錦囊與無懈可擊',
        [
          '每個錦囊的每個目標都可被無懈可擊抵消，無懈可擊也可被無懈可擊抵消。持有無懈可擊的玩家同時被詢問，先回應者生效；窗口打開時所有存活玩家都顯示為「考慮中」。',
          '延時錦囊在判定階段判定，後放置的先判定；閃電未生效時移至下一位可以放置的角色。',
        ],
      ],
      [
        '傷害與瀕死',
        [
          '火焰、雷電傷害會傳導給其他處於連環狀態的角色（數值為來源造成的傷害）。',
          '體力降至0或以下即瀕死：從當前回合角色開始依次詢問是否使用桃（瀕死者也可用酒）；無人救援則陣亡，亮出身份，棄置所有牌。',
          '殺死反賊者摸三張牌；主公殺死忠臣須棄置所有手牌和裝備。',
        ],
      ],
      [
        '勝負',
        [
          '主公陣亡：若只剩內奸一人存活則內奸獲勝，否則反賊獲勝。',
          '反賊和內奸全部陣亡：主公和忠臣獲勝。',
          '牌堆與棄牌堆都不夠摸牌時，平局。',
        ],
      ],
      [
        '非同步對局',
        [
          '「無法回應時自動放棄」（預設開啟）：沒有可用牌時立即視為不回應，日誌中不會區分。關閉時每位玩家都會被詢問，較慢但不洩露任何資訊。',
          '逾時未操作時預設不回應；棄牌時自動棄置價值最低的牌。',
        ],
      ],
    ],
  },
  en: {
    title: 'Sanguosha · identity mode',
    sections: [
      [
        'Identities',
        [
          '4–10 players. The Lord is revealed and plays first; Loyalists, Rebels and Traitors stay secret until they die.',
          'Counts (Lord/Loyalist/Rebel/Traitor): 4: 1/1/1/1, 5: 1/1/2/1, 6: 1/1/3/1, 7: 1/2/3/1, 8: 1/2/4/1, 9: 1/3/4/1, 10: 1/3/4/2. Option “two traitors”: 6: 1/1/2/2, 8: 1/2/3/2.',
          'No generals: everyone has 4 max HP, the Lord 5 in games of 5 or more. Everyone starts with 4 cards.',
        ],
      ],
      [
        'A turn',
        [
          'Turns go round the seats from the Lord. Each turn: start, judge, draw (2 cards), play, discard (hand limit = current HP), end.',
          'One Slash per play phase (unless you wield the Zhuge Crossbow); one Wine per turn.',
        ],
      ],
      [
        'Distance and range',
        [
          'Distance is the shorter way round the living seats; a +1 horse adds 1 to others’ distance to you, a −1 horse takes 1 off yours to others.',
          'Attack range is 1, or your weapon’s range. A Slash needs a target in range; Snatch and Supply Shortage need distance 1.',
        ],
      ],
      [
        'Tricks and Negate',
        [
          'Every target of every trick can be Negated, and a Negate can be Negated. Everyone holding one is asked at once and the first answer counts; while the window is open every living player shows as “considering”.',
          'Delayed tricks are judged in the judge phase, last placed first; a Lightning that misses moves on to the next seat that can take it.',
        ],
      ],
      [
        'Damage and dying',
        [
          'Fire and thunder damage spreads to every other chained character, for the amount the source caused.',
          'At 0 HP or less you are dying: from the current player round the table, each may use Peaches (you may also use Wine on yourself). Unsaved, you die: your identity is revealed and your cards discarded.',
          'Whoever kills a Rebel draws 3; a Lord who kills a Loyalist discards every hand and equipped card.',
        ],
      ],
      [
        'Winning',
        [
          'The Lord dies: if a Traitor is the only one alive, the Traitor wins; otherwise the Rebels win.',
          'All Rebels and Traitors dead: the Lord and Loyalists win.',
          'If the draw and discard piles together cannot supply a draw, the game is a draw.',
        ],
      ],
      [
        'Playing by link',
        [
          '“Pass automatically when you cannot respond” (on by default): with no card that could answer, you pass at once, and the log never says so. Off: everyone is asked and waited for — slower, and it reveals nothing.',
          'When a deadline passes you do not respond; a discard takes your least valuable cards.',
        ],
      ],
    ],
  },
};

export function Rules({ lang }: { lang: Lang }) {
  const r = RULES[lang] ?? RULES.en;
  return (
    <article class="sgs-rules">
      <h2>{r.title}</h2>
      {r.sections.map(([h, ps]) => (
        <section key={h}>
          <h3>{h}</h3>
          {ps.map((x, i) => (
            <p key={i}>{x}</p>
          ))}
        </section>
      ))}
      <CardList lang={lang} />
    </article>
  );
}

/** Every card of the deck, once per kind: name, type, the suits and ranks of its copies, and what it does. */
function CardList({ lang }: { lang: Lang }) {
  return (
    <section aria-labelledby="sgs-cards-h">
      <h3 id="sgs-cards-h">{s('rules.cards')}</h3>
      <p class="hint">{s('rules.cardsHint')}</p>
      <ul class="sgs-cardlist">
        {CARD_KEYS.map((key) => {
          const copies = DECK.filter((r) => r[2] === key).map((r) => r[0]);
          return (
            <li key={key} id={`card-${key}`}>
              <h4>{cardName(key, lang)}</h4>
              <p class="sub">
                {cardSub(key, lang)} · ×{copies.length} ({copies.map(suitRank).join(' ')})
              </p>
              <p>{strings[lang][`sgs.cardText.${key}`]}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
