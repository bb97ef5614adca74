import { createElement, lazy, type ComponentType } from 'react';
import { useLocation, useParams, type LazyRouteFunction, type RouteObject } from 'react-router';
import { i18n } from '../lib/i18n';

/** SPEC section 8: loading a screen times out after 120 s (the route error page then offers a reload). */
export const LOAD_TIMEOUT_MS = 120_000;

export type ScreenModule = { Component: ComponentType };

export function withTimeout<T>(load: () => Promise<T>, timeoutMs: number): Promise<T> {
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

/** A new instance of the screen for each value of the address's parameters: one case's form never carries into the next. */
function perCaseScreen(Screen: ComponentType): ComponentType {
  function PerCase() {
    return <Screen key={JSON.stringify(useParams())} />;
  }
  return PerCase;
}

/**
 * The screen of a route whose download failed. React Router keeps a route's failed `lazy` for good; this takes its
 * place, so that the navigation that failed shows the error (the route error page, with a reload), and the next
 * navigation to the route tries the download again (its spinner meanwhile) rather than failing at once.
 */
function retryingScreen(load: () => Promise<ScreenModule>, firstError: unknown): ComponentType {
  let failure: { error: unknown; on: string | null } | null = { error: firstError, on: null };
  let Lazy: ComponentType | null = null;
  function Retrying() {
    const { key } = useLocation();
    if (failure) {
      // The navigation during which the download failed keeps showing the error until the person goes elsewhere.
      failure.on ??= key;
      if (failure.on === key) throw failure.error;
      failure = null;
      Lazy = null;
    }
    Lazy ??= lazy(() =>
      withTimeout(load, LOAD_TIMEOUT_MS).then(
        (module) => ({ default: module.Component }),
        (error: unknown) => {
          failure = { error, on: key };
          throw error;
        },
      ),
    );
    return createElement(Lazy);
  }
  return Retrying;
}

/** The module each screen route loads: router.test.ts checks the namespaces its files use against the route's. */
const modules = new WeakMap<LazyRouteFunction<RouteObject>, () => Promise<ScreenModule>>();

export function screenModuleOf(route: RouteObject): (() => Promise<ScreenModule>) | undefined {
  return typeof route.lazy === 'function' ? modules.get(route.lazy) : undefined;
}

/**
 * A screen route: its code and its translation namespaces (`handle.namespaces`, beyond `common`, loaded at start)
 * download together, beside the route's loaders, and the router shows the screen once all are here (the screen on
 * view stays until then).
 */
export function screen(
  load: () => Promise<ScreenModule>,
  { namespaces = [], perCase = false }: { namespaces?: readonly string[]; perCase?: boolean } = {},
): Pick<RouteObject, 'lazy'> & { handle: { namespaces: readonly string[] } } {
  // The code and the texts, together: either failing fails the screen (the route error page offers a reload) and is
  // tried again on the next navigation to it. i18next answers a failed load by resolving without the texts, and keeps
  // it failed until asked to reload it.
  const loadTexts = async () => {
    const missing = () => namespaces.filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
    await i18n.loadNamespaces(namespaces);
    if (missing().length) await i18n.reloadResources(i18n.language, missing());
    if (missing().length) {
      const error = new Error(`Translations not loaded: ${missing().join(', ')}`);
      error.name = 'TranslationsLoadError';
      throw error;
    }
  };
  const loadScreen = () => Promise.all([load(), loadTexts()]).then(([module]) => module);
  const loadRoute: LazyRouteFunction<RouteObject> = async () => {
    const Screen = await withTimeout(loadScreen, LOAD_TIMEOUT_MS).then(
      (loaded) => loaded.Component,
      (error: unknown) => retryingScreen(loadScreen, error),
    );
    return { Component: perCase ? perCaseScreen(Screen) : Screen };
  };
  modules.set(loadRoute, load);
  return { handle: { namespaces }, lazy: loadRoute };
}
