import {
  createContext,
  startTransition,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';

/**
 * The app's router: the part of React Router's declarative API the app uses (Link, Navigate, Outlet, useLocation,
 * useNavigate, useNavigationType, useParams, useSearchParams; a route table of `RouteObject`s), in ~250 lines instead
 * of React Router's ~37 KB in the first load. Same history state in the address bar's entries ({ usr, key, idx }) and
 * the same semantics where the app relies on them: navigations in transitions (the screen on view stays until the
 * next has loaded), case-insensitive paths, a trailing slash ignored, `:param`, `:param?` and `*` segments.
 * docs/decisions/0027-first-load.md.
 */

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  state: unknown;
  key: string;
}

export type To = string | Partial<Path>;

export const NavigationType = { Pop: 'POP', Push: 'PUSH', Replace: 'REPLACE' } as const;
export type NavigationType = (typeof NavigationType)[keyof typeof NavigationType];

export interface HistoryUpdate {
  action: NavigationType;
  location: Location;
  delta: number | null;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position (the layout's scroll handling reads it, lib/history.ts). */
  preventScrollReset?: boolean;
}

/** What the router navigates with: a browser or memory history, usually wrapped by lib/history.ts's blockers. */
export interface AppHistory {
  readonly action: NavigationType;
  readonly location: Location;
  createHref(to: To): string;
  push(to: To, state?: unknown, options?: NavigateOptions): void;
  replace(to: To, state?: unknown, options?: NavigateOptions): void;
  go(delta: number): void;
  listen(listener: (update: HistoryUpdate) => void): () => void;
}

export function parsePath(path: string): Partial<Path> {
  const parsed: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parsed.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parsed.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  let path = pathname;
  if (search && search !== '?') path += search.startsWith('?') ? search : `?${search}`;
  if (hash && hash !== '#') path += hash.startsWith('#') ? hash : `#${hash}`;
  return path;
}

/** `to` from `from`: absolute paths as they are, relative ones against the current path, `{ search }` alone kept on it. */
export function resolvePath(to: To, from: Path): Path {
  const path = typeof to === 'string' ? parsePath(to) : to;
  let pathname = path.pathname ?? from.pathname;
  if (!pathname.startsWith('/')) pathname = new URL(pathname, `http://x${from.pathname}`).pathname;
  return { pathname, search: path.search ?? '', hash: path.hash ?? '' };
}

const createKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

/** The listeners of a history: each one hears every move; unsubscribing removes only its own. */
function listenerSet() {
  const listeners = new Set<(update: HistoryUpdate) => void>();
  return {
    notify: (update: HistoryUpdate) => listeners.forEach((listener) => listener(update)),
    listen: (fn: (update: HistoryUpdate) => void) => {
      // A wrapper per call, so that the same function listening twice is told twice and removed once.
      const entry = (update: HistoryUpdate) => fn(update);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
  };
}

/** The browser's history, in React Router's format (so that entries made before a release still read the same). */
export function createBrowserHistory(): AppHistory {
  const global = window.history;
  const entryState = () => (global.state ?? {}) as EntryState;
  let index = entryState().idx ?? null;
  if (index === null) {
    index = 0;
    global.replaceState({ ...entryState(), idx: index }, '');
  }
  let action: NavigationType = NavigationType.Pop;
  const listeners = listenerSet();
  const current = (): Location => {
    const { pathname, search, hash } = window.location;
    const state = entryState();
    return { pathname, search, hash, state: state.usr ?? null, key: state.key ?? 'default' };
  };
  window.addEventListener('popstate', () => {
    action = NavigationType.Pop;
    const next = entryState().idx ?? null;
    const delta = next === null || index === null ? null : next - index;
    index = next;
    listeners.notify({ action, location: current(), delta });
  });
  const write = (kind: 'PUSH' | 'REPLACE', to: To, state: unknown) => {
    action = kind;
    const path = resolvePath(to, window.location);
    index = kind === 'PUSH' ? (entryState().idx ?? 0) + 1 : (entryState().idx ?? 0);
    const entry: EntryState = { usr: state ?? null, key: createKey(), idx: index };
    if (kind === 'PUSH') global.pushState(entry, '', createPath(path));
    else global.replaceState(entry, '', createPath(path));
    listeners.notify({ action, location: current(), delta: kind === 'PUSH' ? 1 : 0 });
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return current();
    },
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    push: (to, state) => write('PUSH', to, state),
    replace: (to, state) => write('REPLACE', to, state),
    go: (delta) => global.go(delta),
    listen: listeners.listen,
  };
}

/** A history in memory (tests). */
export function createMemoryHistory({ initialEntries = ['/'] }: { initialEntries?: string[] } = {}): AppHistory {
  const entries: Location[] = initialEntries.map((entry, i) => ({
    ...resolvePath(entry, { pathname: '/', search: '', hash: '' }),
    state: null,
    key: i === 0 ? 'default' : createKey(),
  }));
  let index = entries.length - 1;
  let action: NavigationType = NavigationType.Pop;
  const listeners = listenerSet();
  const at = () => entries[index] as Location;
  const write = (kind: 'PUSH' | 'REPLACE', to: To, state: unknown) => {
    action = kind;
    const location = { ...resolvePath(to, at()), state: state ?? null, key: createKey() };
    if (kind === 'PUSH') {
      index += 1;
      entries.splice(index, entries.length, location);
    } else entries[index] = location;
    listeners.notify({ action, location, delta: kind === 'PUSH' ? 1 : 0 });
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return at();
    },
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    push: (to, state) => write('PUSH', to, state),
    replace: (to, state) => write('REPLACE', to, state),
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      action = NavigationType.Pop;
      const moved = next - index;
      index = next;
      listeners.notify({ action, location: at(), delta: moved });
    },
    listen: listeners.listen,
  };
}

interface RouterState {
  location: Location;
  navigationType: NavigationType;
  history: AppHistory;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const router = use(RouterContext);
  if (!router) throw new Error('Outside of a <Router>');
  return router;
}

/**
 * Provides the location. With `prepare`, a navigation shows once what it returns has settled (the next screen's code
 * and texts: app/providers.tsx), and the screen on view stays until then, as React Router's transitions did; a later
 * navigation overtakes an earlier one still preparing.
 */
export function Router({
  history,
  prepare,
  children,
}: {
  history: AppHistory;
  prepare?: (location: Location) => Promise<unknown> | null;
  children?: ReactNode;
}) {
  const [state, setState] = useState({ location: history.location, navigationType: history.action });
  useLayoutEffect(() => {
    let latest = 0;
    return history.listen(({ action, location }) => {
      latest += 1;
      const ticket = latest;
      const show = () => {
        if (ticket === latest) startTransition(() => setState({ location, navigationType: action }));
      };
      const ready = prepare?.(location);
      if (ready) void ready.then(show, show);
      else show();
    });
  }, [history, prepare]);
  const value = useMemo(() => ({ ...state, history }), [state, history]);
  return <RouterContext value={value}>{children}</RouterContext>;
}

export const useLocation = (): Location => useRouter().location;
export const useNavigationType = (): NavigationType => useRouter().navigationType;

export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void;
  (delta: number): void;
};

/** navigate(to, { replace, state, preventScrollReset }) or navigate(-1); the same function across renders. */
export function useNavigate(): NavigateFunction {
  const { history, location } = useRouter();
  const here = useRef(location);
  useLayoutEffect(() => {
    here.current = location;
  });
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      const path = resolvePath(to, here.current);
      if (options.replace) history.replace(path, options.state, options);
      else history.push(path, options.state, options);
    },
    [history],
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Routes

export interface RouteObject {
  path?: string;
  index?: boolean;
  id?: string;
  handle?: unknown;
  element?: ReactNode;
  /** The module of a screen loaded on demand (app/router.tsx's `page`): what a test or a preload can import. */
  load?: () => Promise<unknown>;
  /** Asks for the data the route's screen needs first, beside its code (app/route-data.ts). */
  prefetch?: () => void;
  children?: RouteObject[];
}

export type Params = Record<string, string | undefined>;

export interface RouteMatch {
  route: RouteObject;
  params: Params;
}

interface Branch {
  routes: RouteObject[];
  segments: string[];
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function flatten(routes: RouteObject[], parents: RouteObject[] = [], base: string[] = [], out: Branch[] = []) {
  for (const route of routes) {
    const segments = route.path?.startsWith('/') ? segmentsOf(route.path) : [...base, ...segmentsOf(route.path ?? '')];
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, segments, out);
    if (route.index || route.path !== undefined) out.push({ routes: chain, segments });
  }
  return out;
}

function matchBranch(segments: string[], parts: string[]): Params | null {
  const params: Params = {};
  let at = 0;
  for (const segment of segments) {
    if (segment === '*') {
      params['*'] = parts.slice(at).join('/');
      return params;
    }
    if (segment.startsWith(':')) {
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const part = parts[at];
      if (part === undefined) {
        if (optional) continue;
        return null;
      }
      params[name] = decodeURIComponent(part);
      at += 1;
      continue;
    }
    if (parts[at]?.toLowerCase() !== segment.toLowerCase()) return null;
    at += 1;
  }
  return at === parts.length ? params : null;
}

/** The routes matching `pathname`, outermost first (declaration order; a `*` route only when nothing else matches). */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  const parts = segmentsOf(pathname);
  const branches = flatten(routes);
  const ordered = [
    ...branches.filter((b) => !b.segments.includes('*')),
    ...branches.filter((b) => b.segments.includes('*')),
  ];
  for (const branch of ordered) {
    const params = matchBranch(branch.segments, parts);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}

const OutletContext = createContext<{ matches: RouteMatch[]; depth: number }>({ matches: [], depth: -1 });

function RenderMatch({ matches, depth }: { matches: RouteMatch[]; depth: number }) {
  const match = matches[depth];
  if (!match) return null;
  return (
    <OutletContext value={{ matches, depth }}>
      {match.route.element === undefined ? <Outlet /> : match.route.element}
    </OutletContext>
  );
}

/** The matched routes' elements, the outermost first; each renders the next with <Outlet />. */
export function RenderMatches({ matches }: { matches: RouteMatch[] }) {
  return <RenderMatch matches={matches} depth={0} />;
}

export function Outlet() {
  const { matches, depth } = use(OutletContext);
  return <RenderMatch matches={matches} depth={depth + 1} />;
}

export function useParams(): Params {
  const { matches } = use(OutletContext);
  return matches.at(-1)?.params ?? {};
}

// ---------------------------------------------------------------------------------------------------------------------
// Links and redirects

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** An <a href> that navigates in the page on a plain left click (a new tab or window is the browser's business). */
export function Link({ to, replace, state, preventScrollReset, onClick, target, ref, children, ...rest }: LinkProps) {
  const { history, location } = useRouter();
  const navigate = useNavigate();
  const path = resolvePath(to, location);
  const href = history.createHref(path);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // As React Router: a link to the page already shown replaces its entry rather than adding one.
    const same = createPath(location) === createPath(path);
    navigate(path, { replace: replace ?? same, state, preventScrollReset });
  };
  return (
    <a {...rest} ref={ref} href={href} target={target} onClick={handleClick}>
      {children}
    </a>
  );
}

/** Navigates once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = JSON.stringify(typeof to === 'string' ? to : createPath(to));
  useEffect(() => {
    navigate(JSON.parse(target) as string, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

export type SearchParamsInit = string | URLSearchParams | Record<string, string | string[]> | [string, string][];

function toSearchParams(init: SearchParamsInit): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init))
    return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(init)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
  }
  return params;
}

/** The address's query, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((current: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      const value = toSearchParams(typeof next === 'function' ? next(new URLSearchParams(search)) : next);
      navigate(`?${value.toString()}`, options);
    },
    [navigate, search],
  );
  return [params, setParams];
}
