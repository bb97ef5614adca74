import type { ComponentType } from 'react';
import { useParams, type LazyRouteFunction, type RouteObject } from 'react-router';
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

/** The module each screen route loads: router.test.ts checks the namespaces its files use against the route's. */
const modules = new WeakMap<LazyRouteFunction<RouteObject>, () => Promise<ScreenModule>>();

export function screenModuleOf(route: RouteObject): (() => Promise<ScreenModule>) | undefined {
  return typeof route.lazy === 'function' ? modules.get(route.lazy) : undefined;
}

/**
 * A screen route: its code and its translation namespaces (`handle.namespaces`, beyond `common`, loaded at start)
 * download together, beside the route's loaders, and the router shows the screen once all are here (the screen on
 * view stays until then). A namespace that fails to load is the screen's to report: it asks again as it renders.
 */
export function screen(
  load: () => Promise<ScreenModule>,
  { namespaces = [], perCase = false }: { namespaces?: readonly string[]; perCase?: boolean } = {},
): Pick<RouteObject, 'lazy'> & { handle: { namespaces: readonly string[] } } {
  const lazy: LazyRouteFunction<RouteObject> = async () => {
    const [module] = await Promise.all([
      withTimeout(load, LOAD_TIMEOUT_MS),
      namespaces.length ? i18n.loadNamespaces(namespaces).catch(() => undefined) : undefined,
    ]);
    return { Component: perCase ? perCaseScreen(module.Component) : module.Component };
  };
  modules.set(lazy, load);
  return { handle: { namespaces }, lazy };
}
