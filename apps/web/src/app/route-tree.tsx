import {
  Component,
  createContext,
  createElement,
  lazy,
  use,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { matchRoutes, Outlet, RenderMatches, useLocation, useParams, type RouteObject } from '../lib/router';
import { RouteErrorPage } from './route-error-page';

/**
 * The route table (lib/router.tsx), with what React Router's data router used to give: route handles, screens loaded
 * on demand with a timeout, and error boundaries. docs/decisions/0027-first-load.md.
 */

/** SPEC section 8: loading a screen times out after 120 s (the route error page then offers a reload). */
export const LOAD_TIMEOUT_MS = 120_000;

type ScreenModule = { Component: ComponentType };

function withTimeout<T>(load: () => Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error('Screen load timed out');
      error.name = 'LoadTimeoutError';
      reject(error);
    }, timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

interface LazyState {
  Lazy: ComponentType | null;
  /** The navigation (location key) during which the download failed, or null. */
  failedOn: string | null;
  /** The screen's module once downloaded. */
  module: ScreenModule | null;
}

/** A screen loaded on demand; `preload` downloads it ahead (the router does before showing a navigation's screen). */
export type LazyScreen = ComponentType & { preload: () => Promise<ScreenModule> };

/** Whether the page has painted once: the shell (header, navigation) before the first screen (useAfterFirstPaint). */
let hasPainted = false;

/**
 * False on the first render of the page's first screen, true from the next task, after the browser has painted the
 * shell: the shell and the screen are two tasks of half the length instead of one, and the header shows first (issue 13:
 * total blocking time on a phone, where the one task was 250 ms). Every later screen renders at once.
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(hasPainted);
  useEffect(() => {
    if (ready) return undefined;
    // Effects run once the browser has painted; the screen comes in a task of its own after that.
    const timer = setTimeout(() => {
      hasPainted = true;
      setReady(true);
    }, 0);
    return () => clearTimeout(timer);
  }, [ready]);
  return ready;
}

/**
 * A screen fetched on first render. A failed download (or the timeout) throws to the nearest error boundary; the next
 * navigation tries the download again (the error page stays until then, as with the data router's lazy routes). Once
 * downloaded (by `preload`, or by an earlier render), a new instance renders the screen at once, without suspending.
 */
export function lazyScreen(
  load: () => Promise<ScreenModule>,
  { timeoutMs = LOAD_TIMEOUT_MS, perCase = false }: { timeoutMs?: number; perCase?: boolean } = {},
): LazyScreen {
  const state: LazyState = { Lazy: null, failedOn: null, module: null };
  // Once downloaded, at once: the router prepares every navigation, most of them to screens already here.
  const preload = () =>
    state.module
      ? Promise.resolve(state.module)
      : withTimeout(load, timeoutMs).then((module) => {
          state.module = module;
          return module;
        });
  /** The lazy component for the navigation `key`: a new download when none started yet, or when the last one failed. */
  const current = (key: string): ComponentType => {
    if (state.Lazy && (state.failedOn === null || state.failedOn === key)) return state.Lazy;
    state.failedOn = null;
    const Lazy = lazy(() =>
      preload().then(
        (module) => ({ default: module.Component }),
        (error: unknown) => {
          state.failedOn = key;
          throw error;
        },
      ),
    );
    state.Lazy = Lazy;
    return Lazy;
  };
  function Screen() {
    const key = useLocation().key;
    const params = useParams();
    // Decided once per instance: switching between the two would mount the screen afresh and lose its state.
    const [loaded] = useState(() => state.module);
    const props = perCase ? { key: JSON.stringify(params) } : null;
    if (!useAfterFirstPaint()) return null;
    // The same lazy component on every render of a navigation (a new one only to retry a failed download).
    return loaded ? createElement(loaded.Component, props) : createElement(current(key), props);
  }
  return Object.assign(Screen, { preload });
}

const MatchesContext = createContext<readonly RouteObject[]>([]);

/** The matched routes, outermost first (what useMatches gave with the data router): their handles name title and guard. */
export function useMatchedRoutes(): readonly RouteObject[] {
  return use(MatchesContext);
}

/** Renders `routes` at the current location and tells useMatchedRoutes what matched. */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const matches = useMemo(() => matchRoutes(routes, location.pathname) ?? [], [routes, location.pathname]);
  const matched = useMemo(() => matches.map((match) => match.route), [matches]);
  return (
    <MatchesContext value={matched}>
      <RenderMatches matches={matches} />
    </MatchesContext>
  );
}

interface BoundaryProps {
  location: unknown;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown; location: unknown }> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { error: undefined, location: props.location };
  }

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: unknown }) {
    // A navigation leaves the error behind (as the data router's errorElement did).
    if (props.location !== state.location) return { error: undefined, location: props.location };
    return null;
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteErrorPage error={this.state.error} />;
  }
}

/** The data router's errorElement: a failure below shows the route error page until the next navigation. */
export function RouteErrorBoundary({ children }: { children?: ReactNode }) {
  const location = useLocation();
  return <Boundary location={location}>{children ?? <Outlet />}</Boundary>;
}
