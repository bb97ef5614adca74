import { matchRoutes, type AppHistory, type RouteObject } from '../lib/router';
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

/** Starts loading, in the current language, the namespaces of the screen at `pathname` (none when it has no entry). */
export function preloadNamespacesAt(routes: RouteObject[], pathname: string): void {
  const path = routePathAt(routes, pathname);
  const list = path === null ? undefined : routeNamespaces[path];
  // A failed fetch is the screen's to report: it asks for the same namespaces when it renders.
  if (list) i18n.loadNamespaces(list).catch(() => undefined);
}

/**
 * Loads the namespaces of the first screen now, and of each screen a navigation goes to as the history moves, before
 * the screen renders and asks for its chunk.
 */
export function preloadRouteNamespaces(routes: RouteObject[], history: AppHistory): void {
  preloadNamespacesAt(routes, history.location.pathname);
  history.listen(({ location }) => preloadNamespacesAt(routes, location.pathname));
}
