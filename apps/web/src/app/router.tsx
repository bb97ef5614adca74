import type { UserType } from '@passerelle/contract';
import { Navigate, type RouteObject } from '../lib/router';
import { RouteGuard } from './route-guard';
import { AppLayout } from './layouts/app-layout';
import { portalData, sessionData } from './route-data';
import { lazyScreen, RouteErrorBoundary } from './route-tree';

/**
 * SPEC section 2, route table. Every screen is loaded on demand; `handle.title` is the i18n key of the page title
 * (the document title is "route title - product title"); `handle.userType` the type the route requires, or
 * `handle.userTypes` the types it admits (the back office: staff and admin).
 */
export interface RouteHandle {
  title: string;
  /** The title for a signed-in person, when it differs (see useDocumentTitle). */
  signedInTitle?: string;
  userType?: UserType;
  /** Several types admitted (either one lets the person in); `userType` is the one-type shorthand. */
  userTypes?: readonly UserType[];
  /** SPEC: logout skips the authentication check. */
  skipAuth?: boolean;
}

/** Issue 10: the back office is for the CFA's staff and the admins. */
const backOffice: readonly UserType[] = ['staff', 'admin'];

/**
 * A screen loaded on demand (route-tree.tsx: the 120 s timeout, the retry on the next navigation). `perCase`: a new
 * instance for each value of the address's parameters, so that one case's form never carries into the next one's.
 */
function page(load: () => Promise<{ Component: React.ComponentType }>, perCase = false) {
  const Screen = lazyScreen(load, { perCase });
  return { element: <Screen />, load: Screen.preload };
}

function guarded(
  path: string,
  handle: RouteHandle,
  load: () => Promise<{ Component: React.ComponentType }>,
): RouteObject {
  // A required case id (`:id`, not the tracking form's optional `:id?`, whose new entry becomes /…/<id> once saved).
  const perCase = /:id(\/|$)/.test(path);
  return {
    path,
    handle,
    element: <RouteGuard />,
    prefetch: sessionData,
    children: [{ index: true, ...page(load, perCase) }],
  };
}

export const routes: RouteObject[] = [
  {
    // A failure of the shell itself shows the route error page alone (providers.tsx holds that outer boundary).
    element: <AppLayout />,
    children: [
      {
        // Failures of one screen show inside the shell, so the header and navigation stay usable.
        element: <RouteErrorBoundary />,
        children: [
          guarded('/', { title: 'common:titles.home' }, () => import('../features/home/home-page')),
          guarded('/about', { title: 'common:titles.about' }, () => import('../features/about/about-page')),
          {
            path: '/unauthorized',
            handle: { title: 'common:titles.unauthorized', signedInTitle: 'common:titles.notFound' },
            ...page(() => import('../features/errors/unauthorized-page')),
          },
          {
            path: '/forbidden',
            handle: { title: 'common:titles.forbidden' },
            ...page(() => import('../features/errors/forbidden-page')),
          },
          {
            path: '/archived',
            handle: { title: 'common:titles.archived' },
            ...page(() => import('../features/errors/archived-page')),
          },
          {
            path: '/404',
            handle: { title: 'common:titles.notFound' },
            ...page(() => import('../features/errors/not-found-page')),
          },
          {
            path: '/410',
            handle: { title: 'common:titles.gone' },
            ...page(() => import('../features/errors/gone-page')),
          },
          {
            path: '/logout',
            handle: { title: 'common:titles.logout', skipAuth: true },
            ...page(() => import('../features/auth/logout-page')),
          },
          {
            path: '/espace-admissible',
            handle: { title: 'common:titles.portal', userType: 'admissible' } satisfies RouteHandle,
            element: <RouteGuard />,
            prefetch: portalData.shell,
            children: [
              {
                ...page(() => import('../features/portal/portal-shell')),
                children: [
                  {
                    index: true,
                    id: 'portal-home',
                    prefetch: portalData.home,
                    handle: { title: 'common:titles.portalHome' },
                    ...page(() => import('../features/portal/home/portal-home-page')),
                  },
                  {
                    path: 'recherche',
                    id: 'portal-search',
                    prefetch: portalData.search,
                    handle: { title: 'common:titles.portalSearch' },
                    ...page(() => import('../features/portal/search/portal-search-page')),
                  },
                  {
                    path: 'dossiers',
                    id: 'portal-cases',
                    prefetch: portalData.cases,
                    handle: { title: 'common:titles.portalCases' },
                    ...page(() => import('../features/portal/cases/portal-cases-page')),
                  },
                ],
              },
            ],
          },
          guarded(
            '/admissible/fiche-premier-contact/:id',
            { title: 'common:titles.applicantFirstContact', userType: 'admissible' },
            () => import('../features/sheets/applicant-first-contact-page'),
          ),
          guarded(
            '/employeur/fiche-premier-contact/:id',
            { title: 'common:titles.employerFirstContact', userType: 'company' },
            () => import('../features/sheets/employer-first-contact-page'),
          ),
          guarded(
            '/employeur/modification-missions/:id',
            { title: 'common:titles.missions', userType: 'company' },
            () => import('../features/sheets/missions-page'),
          ),
          guarded(
            '/employeur/validation-financement/:id',
            { title: 'common:titles.funding', userType: 'company' },
            () => import('../features/sheets/funding-page'),
          ),
          ...['/admissible/fiche-renseignement/:id', '/admissible/fiche-renseignements/:id'].map((path) =>
            guarded(
              path,
              { title: 'common:titles.applicantInformationSheet', userType: 'admissible' },
              () => import('../features/sheets/applicant-information-sheet-page'),
            ),
          ),
          ...['/employeur/fiche-renseignement/:id', '/employeur/fiche-renseignements/:id'].map((path) =>
            guarded(
              path,
              { title: 'common:titles.employerInformationSheet', userType: 'company' },
              () => import('../features/sheets/employer-information-sheet-page'),
            ),
          ),
          guarded(
            '/signature/:id',
            { title: 'common:titles.signature' },
            () => import('../features/signature/signature-page'),
          ),
          guarded(
            '/sondage/:etape/:id',
            { title: 'common:titles.survey' },
            () => import('../features/survey/survey-page'),
          ),
          guarded(
            '/admissible/suiviRechercheEmployeur/:id?',
            { title: 'common:titles.tracking' },
            () => import('../features/tracking/tracking-form-page'),
          ),
          guarded(
            '/gestion',
            { title: 'common:titles.staffPipeline', userTypes: backOffice },
            () => import('../features/staff/staff-pipeline-page'),
          ),
          guarded(
            '/gestion/dossiers/:id',
            { title: 'common:titles.staffCase', userTypes: backOffice },
            () => import('../features/staff/case/staff-case-page'),
          ),
          guarded(
            '/gestion/sondages',
            { title: 'common:titles.staffSurveys', userTypes: backOffice },
            () => import('../features/staff/surveys/staff-surveys-page'),
          ),
          guarded(
            '/gestion/candidats',
            { title: 'common:titles.staffApplicants', userTypes: backOffice },
            () => import('../features/staff/applicants/staff-applicants-page'),
          ),
          guarded(
            '/gestion/formations',
            { title: 'common:titles.staffFormations', userTypes: backOffice },
            () => import('../features/staff/formations/staff-formations-page'),
          ),
          guarded(
            '/gestion/contenu',
            { title: 'common:titles.staffContent', userTypes: backOffice },
            () => import('./staff-content-route'),
          ),
          guarded(
            '/gestion/offres',
            { title: 'common:titles.staffOffers', userTypes: backOffice },
            () => import('../features/staff/offers/staff-offers-page'),
          ),
          guarded(
            '/gestion/ateliers',
            { title: 'common:titles.staffWorkshops', userTypes: backOffice },
            () => import('../features/staff/workshops/staff-workshops-page'),
          ),
          guarded(
            '/gestion/exports',
            { title: 'common:titles.staffExports', userTypes: backOffice },
            () => import('../features/staff/exports/staff-exports-page'),
          ),
          guarded(
            '/gestion/references',
            { title: 'common:titles.staffReferences', userTypes: backOffice },
            () => import('../features/staff/references/staff-references-page'),
          ),
          guarded(
            '/gestion/equipe',
            { title: 'common:titles.staffAccounts', userType: 'admin' },
            () => import('../features/staff/accounts/staff-accounts-page'),
          ),
          { path: '*', element: <Navigate to="/unauthorized" replace /> },
        ],
      },
    ],
  },
];
