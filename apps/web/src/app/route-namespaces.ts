import { matchRoutes, type RouteObject } from '../lib/router';
import { i18n } from '../lib/i18n';

/**
 * The translation namespaces each screen of the route table uses beyond `common` (loaded at start), by the route's full
 * path. They are fetched as soon as a navigation to the route starts, with the screen's chunk, instead of after it, when
 * the screen would ask for them. route-namespaces.test.ts checks this list against the route table and against the
 * namespaces the screens' modules name. docs/decisions/0032-translations-runtime.md.
 */
export const routeNamespaces: Record<string, readonly string[]> = {
  '/': ['employer', 'home'],
  '/about': ['about'],
  '/unauthorized': ['errors'],
  '/forbidden': ['errors'],
  '/archived': ['errors'],
  '/404': ['errors'],
  '/410': ['errors'],
  '/logout': ['auth'],
  '/espace-admissible': ['portal'],
  '/espace-admissible/recherche': ['portal'],
  '/espace-admissible/dossiers': ['portal'],
  '/admissible/fiche-premier-contact/:id': ['sheets'],
  '/employeur/fiche-premier-contact/:id': ['sheets'],
  '/employeur/modification-missions/:id': ['sheets'],
  '/employeur/validation-financement/:id': ['sheets'],
  '/admissible/fiche-renseignement/:id': ['sheets'],
  '/admissible/fiche-renseignements/:id': ['sheets'],
  '/employeur/fiche-renseignement/:id': ['sheets'],
  '/employeur/fiche-renseignements/:id': ['sheets'],
  '/signature/:id': ['signature'],
  '/sondage/:etape/:id': ['survey'],
  '/admissible/suiviRechercheEmployeur/:id?': ['tracking'],
  '/gestion': ['staff', 'staff-exports'],
  '/gestion/dossiers/:id': ['sheets', 'staff-case'],
  '/gestion/sondages': ['survey'],
  '/gestion/candidats': ['staff', 'staff-applicants'],
  '/gestion/formations': ['staff-formations'],
  '/gestion/contenu': ['portal', 'staff-content'],
  '/gestion/offres': ['staff', 'staff-offers'],
  '/gestion/ateliers': ['staff-workshops'],
  '/gestion/exports': ['staff-exports'],
  '/gestion/references': ['staff-references'],
  '/gestion/equipe': ['staff-accounts'],
};

/** The full path of the deepest route matching `pathname` ("/espace-admissible/recherche"), or null. */
export function routePathAt(routes: RouteObject[], pathname: string): string | null {
  const matches = matchRoutes(routes, pathname);
  if (!matches) return null;
  const parts = matches.map((match) => match.route.path ?? '').filter((part) => part !== '');
  return `/${parts.map((part) => part.replace(/^\/|\/$/g, '')).join('/')}`.replace(/\/+/g, '/');
}

/**
 * Downloads what the screen at `pathname` needs before it can show: the code of the matched routes loaded on demand
 * and the screen's texts; the data its screen asks for first starts too (the routes' `prefetch`, app/route-data.ts),
 * not waited for. The router shows a navigation once this settles (lib/router.tsx, `prepare`); main.tsx starts
 * it for the first screen while the common texts load. A failure is the screen's to report: it asks again as it renders.
 */
export function prepareScreenAt(routes: RouteObject[], pathname: string): Promise<unknown> | null {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (const match of matches) match.route.prefetch?.();
  const path = routePathAt(routes, pathname);
  const namespaces = path === null ? undefined : routeNamespaces[path];
  const loads: Promise<unknown>[] = matches.flatMap((match) => (match.route.load ? [match.route.load()] : []));
  if (namespaces) loads.push(i18n.loadNamespaces(namespaces));
  if (loads.length === 0) return null;
  return Promise.allSettled(loads);
}
