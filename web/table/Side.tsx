import './side.css';
import type { StateBody } from '../../worker/protocol';
import type { GameUI } from '../games/types';
import { lang, s } from '../i18n';
import type { Live } from '../lib/live';
import { LangSwitch } from '../ui';
import { ChatView, LogView } from './Log';
import { IconLock, PersonalLink } from './PersonalLink';
import { AdminMenu } from './adminMenu';

type T = (m: import('../../worker/protocol').Msg | string, p?: Record<string, unknown>) => string;

/** From this width the side is a column beside the table (styles.css `.col-side`), below it a drawer. */
let column: MediaQueryList | undefined;
const isColumn = () => !!(column ??= globalThis.matchMedia?.('(min-width: 1100px)'))?.matches;

/**
 * What the table's side holds: the log and the chat in tabs, the host's menu, your personal link, the
 * language. A closed drawer on phones, a column from desktop width; its own chunk either way (with the log's
 * code and the later strings), which the table asks for as soon as it has painted.
 */
export function SidePanel({
  id,
  live,
  st,
  ui,
  t,
  token,
  admin,
  tab,
  setTab,
  open,
  close,
}: {
  id: string;
  live: Live;
  st: StateBody;
  ui: GameUI | null;
  t: T;
  token: string | undefined;
  admin: string | undefined;
  tab: 'log' | 'chat';
  setTab: (t: 'log' | 'chat') => void;
  /** The drawer is open (phones and tablets). */
  open: boolean;
  close: () => void;
}) {
  return (
    <>
      <div class="drawer-head">
        <button type="button" class="icon-btn" aria-label={s('common.close')} onClick={close}>
          ×
        </button>
      </div>
      <section class="card talk">
        <div class="tabs" role="tablist">
          <button
            type="button"
            role="tab"
            id="tab-log"
            aria-selected={tab === 'log'}
            aria-controls="panel-talk"
            class={`tab${tab === 'log' ? ' on' : ''}`}
            onClick={() => setTab('log')}
          >
            {s('log.title')}
          </button>
          <button
            type="button"
            role="tab"
            id="tab-chat"
            aria-selected={tab === 'chat'}
            aria-controls="panel-talk"
            class={`tab${tab === 'chat' ? ' on' : ''}`}
            onClick={() => setTab('chat')}
          >
            {s('chat.title')}
            {st.chat.length > 0 && <span class="count">{st.chat.length}</span>}
          </button>
        </div>
        <div id="panel-talk" role="tabpanel" aria-labelledby={`tab-${tab}`}>
          {tab === 'log' ? (
            <LogView
              log={st.log}
              t={t}
              ui={ui}
              lang={lang.value}
              earlier={st.logFrom > 0 ? () => live.loadEarlier() : undefined}
              shown={open || isColumn()}
            />
          ) : (
            <ChatView chat={st.chat} canSend={st.you !== null} send={(x) => live.chat(x)} />
          )}
        </div>
      </section>
      {admin && st.status !== 'finished' && (
        <section class="card host">
          <h2>{s('lobby.host')}</h2>
          <AdminMenu id={id} st={st} admin={admin} t={t} refresh={() => void live.poll()} />
        </section>
      )}
      {token && st.you !== null && (
        <details class="card personal secret">
          <summary>
            <IconLock /> {s('lobby.personalLink')}
          </summary>
          <PersonalLink id={id} token={token} />
        </details>
      )}
      <div class="lang-foot">
        <LangSwitch />
      </div>
    </>
  );
}
