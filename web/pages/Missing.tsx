import { s } from '../i18n';
import { TopBar } from '../ui';

/**
 * An address that leads nowhere: no such page, or (`game`) no such game. Its own chunk with the later strings:
 * no ordinary visit shows it.
 */
export function Missing({ game }: { game?: boolean }) {
  return (
    <>
      <TopBar />
      <main class="page narrow center">
        <h1>{s(game ? 'game.notFound' : 'missing.title')}</h1>
        <p>{s(game ? 'game.notFoundBody' : 'missing.body')}</p>
        <a class="btn primary" href="/">
          {s('common.home')}
        </a>
      </main>
    </>
  );
}
