import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory, Router, useLocation, type Location } from './router';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

/** A promise settled from outside, per path: what a navigation's preparation waits for. */
function preparations() {
  const pending = new Map<string, () => void>();
  const prepare = (location: Location) =>
    new Promise<void>((resolve) => {
      pending.set(location.pathname, resolve);
    });
  return { prepare, settle: (path: string) => act(async () => pending.get(path)?.()) };
}

/** `<Where />` under a router at `/` on a memory history, preparing each navigation with `prepare`. */
function renderRouter(prepare: (location: Location) => Promise<unknown> | null) {
  const history = createMemoryHistory({ initialEntries: ['/'] });
  render(
    <Router history={history} prepare={prepare}>
      <Where />
    </Router>,
  );
  return history;
}

describe('Router with prepare', () => {
  it('keeps the screen on view until the next one is prepared', async () => {
    const { prepare, settle } = preparations();
    const history = renderRouter(prepare);
    expect(screen.getByText('at /')).toBeInTheDocument();

    act(() => history.push('/espace-admissible/dossiers'));
    expect(screen.getByText('at /')).toBeInTheDocument();
    await settle('/espace-admissible/dossiers');
    expect(await screen.findByText('at /espace-admissible/dossiers')).toBeInTheDocument();
  });

  it('lets a later navigation overtake one still preparing', async () => {
    const { prepare, settle } = preparations();
    const history = renderRouter(prepare);
    act(() => history.push('/gestion'));
    act(() => history.push('/about'));
    await settle('/about');
    expect(await screen.findByText('at /about')).toBeInTheDocument();
    // The first one settling late does not take the person back.
    await settle('/gestion');
    expect(screen.getByText('at /about')).toBeInTheDocument();
  });

  it('shows a navigation at once when there is nothing to prepare', () => {
    const history = renderRouter(() => null);
    act(() => history.push('/about'));
    expect(screen.getByText('at /about')).toBeInTheDocument();
  });
});
