/**
 * Every route of the API, one file per module (define.ts tells how a route is declared). The API registers each from
 * its declaration (apps/api/src/lib/route.ts); the web app names one by its method and path, a key of `RouteMap`
 * (apps/web/src/lib/api-client.ts `call`), with an `import type`: the schemas stay out of the web app's bundle.
 */
import { applicants } from './applicants.ts';
import { auth } from './auth.ts';
import { contact } from './contact.ts';
import { content } from './content.ts';
import { dossiers } from './dossiers.ts';
import { employers } from './employers.ts';
import { staffExports } from './exports.ts';
import { files } from './files.ts';
import { formations } from './formations.ts';
import { health } from './health.ts';
import { lookups } from './lookups.ts';
import { offers } from './offers.ts';
import { portal } from './portal.ts';
import { referenceTables } from './reference-tables.ts';
import { settings } from './settings.ts';
import { sheets } from './sheets.ts';
import { signatureFlow } from './signature-flow.ts';
import { staffAccounts } from './staff-accounts.ts';
import { staff } from './staff.ts';
import { survey } from './survey.ts';
import { tracking } from './tracking.ts';
import { users } from './users.ts';
import { workshops } from './workshops.ts';

export * from './define.ts';
export { applicants, auth, contact, dossiers, employers, files, formations, health, lookups, portal, tracking, users };
export { content, offers, referenceTables, settings, sheets, signatureFlow, staff, staffAccounts, staffExports, survey, workshops };

/** The declarations by module. */
export const routes = {
  applicants,
  auth,
  contact,
  content,
  dossiers,
  employers,
  files,
  formations,
  health,
  lookups,
  offers,
  portal,
  referenceTables,
  settings,
  sheets,
  signatureFlow,
  staff,
  staffAccounts,
  staffExports,
  survey,
  tracking,
  users,
  workshops,
};

type Routes = typeof routes;
type AnyRoute = { [M in keyof Routes]: Routes[M][keyof Routes[M]] }[keyof Routes];

/** Every route by its key, its method and its path as in an HTTP request line: `'GET /users/me'`. */
export type RouteMap = { [D in AnyRoute as `${D['method']} ${D['path']}`]: D };
export type RouteKey = keyof RouteMap;
