/**
 * Every route of the API, one file per module (define.ts tells how a route is declared). The API registers each from
 * its declaration (apps/api/src/lib/route.ts); the web app names one by its method and path, a key of `RouteMap`
 * (apps/web/src/lib/api-client.ts `call`), with an `import type`: the schemas stay out of the web app's bundle.
 */
import { auth } from './auth.ts';
import { tracking } from './tracking.ts';
import { users } from './users.ts';

export * from './define.ts';
export { auth, tracking, users };

/** The declarations by module. */
export const routes = { auth, tracking, users };

type Routes = typeof routes;
type AnyRoute = { [M in keyof Routes]: Routes[M][keyof Routes[M]] }[keyof Routes];

/** Every route by its key, its method and its path as in an HTTP request line: `'GET /users/me'`. */
export type RouteMap = { [D in AnyRoute as `${D['method']} ${D['path']}`]: D };
export type RouteKey = keyof RouteMap;
