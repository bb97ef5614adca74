import { describe, expect, it } from 'vitest';
import { blockableHistory } from './history';
import { createBrowserHistory, createMemoryHistory, type AppHistory } from './router';

/** The paths each listener heard, in order. */
function listenTwice(history: AppHistory) {
  const first: string[] = [];
  const second: string[] = [];
  const stopFirst = history.listen(({ location }) => first.push(location.pathname));
  history.listen(({ location }) => second.push(location.pathname));
  return { first, second, stopFirst };
}

describe.each([
  ['memory history', () => createMemoryHistory({ initialEntries: ['/'] })],
  ['browser history', () => createBrowserHistory()],
  ['blockable memory history', () => blockableHistory(createMemoryHistory({ initialEntries: ['/'] }))],
])('%s', (_name, make) => {
  it('tells every listener of a move, and stops telling only the one that unsubscribed', () => {
    const history = make();
    const { first, second, stopFirst } = listenTwice(history);

    history.push('/espace-admissible/recherche');
    history.replace('/espace-admissible/dossiers');
    expect(first).toEqual(['/espace-admissible/recherche', '/espace-admissible/dossiers']);
    expect(second).toEqual(['/espace-admissible/recherche', '/espace-admissible/dossiers']);

    stopFirst();
    history.push('/espace-admissible');
    expect(first).toEqual(['/espace-admissible/recherche', '/espace-admissible/dossiers']);
    expect(second).toEqual(['/espace-admissible/recherche', '/espace-admissible/dossiers', '/espace-admissible']);
  });
});

it('tells every listener of a back move in memory', () => {
  const history = blockableHistory(createMemoryHistory({ initialEntries: ['/', '/offres'] }));
  const { first, second } = listenTwice(history);
  history.go(-1);
  expect(first).toEqual(['/']);
  expect(second).toEqual(['/']);
});
