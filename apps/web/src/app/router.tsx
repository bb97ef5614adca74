import type { UserType } from '@passerelle/contract';
import type { RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner';
import { AppLayout } from './layouts/app-layout';
import { RouteErrorElement } from './route-error-page';
import type { RouteHandle } from './route-handle';
import { RouteGuard } from './route-guard';
import { guardLoader, onPathChange, portalLoaders, unknownPathLoader } from './route-loaders';
import { screen, type ScreenModule } from './screen';

/** Issue 10: the back office is for the CFA's staff and the admins. */
const backOffice: readonly UserType[] = ['staff', 'admin'];

/** An open screen of its own (error pages, logout): its title, its namespaces, its code. */
function page(
  path: string,
  handle: RouteHandle,
  namespaces: readonly string[],
  load: () => Promise<ScreenModule>,
): RouteObject {
  const lazy = screen(load, { namespaces });
  return { path, ...lazy, handle: { ...handle, ...lazy.handle } };
}

/** A screen behind RouteGuard: the user known before it renders, and its type checked when the route names one. */
function guarded(
  path: string,
  handle: RouteHandle,
  namespaces: readonly string[],
  load: () => Promise<ScreenModule>,
): RouteObject {
  // A required case id (`:id`, not the tracking form's optional `:id?`, whose new entry becomes /…/<id> once saved).
  const perCase = /:id(\/|$)/.test(path);
  return {
    path,
    handle,
    element: <RouteGuard />,
    loader: guardLoader(handle),
    shouldRevalidate: onPathChange,
    children: [{ index: true, ...screen(load, { namespaces, perCase }) }],
  };
}

/**
 * The back office's screens: its path, its title, its namespaces, its code, and who may open it (the staff and the
 * admins, unless it says the admins only).
 */
const backOfficeScreens: readonly [
  path: string,
  title: string,
  namespaces: readonly string[],
  load: () => Promise<ScreenModule>,
  only?: 'admin',
][] = [
  [
    '/gestion',
    'common:titles.staffPipeline',
    ['staff', 'staff-exports'],
    () => import('../features/staff/staff-pipeline-page'),
  ],
  [
    '/gestion/dossiers/:id',
    'common:titles.staffCase',
    ['sheets', 'staff-case'],
    () => import('../features/staff/case/staff-case-page'),
  ],
  [
    '/gestion/sondages',
    'common:titles.staffSurveys',
    ['survey'],
    () => import('../features/staff/surveys/staff-surveys-page'),
  ],
  [
    '/gestion/candidats',
    'common:titles.staffApplicants',
    ['staff', 'staff-applicants'],
    () => import('../features/staff/applicants/staff-applicants-page'),
  ],
  [
    '/gestion/formations',
    'common:titles.staffFormations',
    ['staff-formations'],
    () => import('../features/staff/formations/staff-formations-page'),
  ],
  [
    '/gestion/contenu',
    'common:titles.staffContent',
    ['portal', 'staff-content'],
    () => import('./staff-content-route'),
  ],
  [
    '/gestion/offres',
    'common:titles.staffOffers',
    ['staff', 'staff-offers'],
    () => import('../features/staff/offers/staff-offers-page'),
  ],
  [
    '/gestion/ateliers',
    'common:titles.staffWorkshops',
    ['staff-workshops'],
    () => import('../features/staff/workshops/staff-workshops-page'),
  ],
  [
    '/gestion/exports',
    'common:titles.staffExports',
    ['staff-exports'],
    () => import('../features/staff/exports/staff-exports-page'),
  ],
  [
    '/gestion/references',
    'common:titles.staffReferences',
    ['staff-references'],
    () => import('../features/staff/references/staff-references-page'),
  ],
  [
    '/gestion/equipe',
    'common:titles.staffAccounts',
    ['staff-accounts'],
    () => import('../features/staff/accounts/staff-accounts-page'),
    'admin',
  ],
  [
    '/gestion/parametres',
    'common:titles.staffSettings',
    ['staff-settings'],
    () => import('../features/staff/settings/staff-settings-page'),
    'admin',
  ],
  [
    '/gestion/parametres/tables',
    'common:titles.staffReferenceTables',
    ['staff-reference-tables'],
    () => import('../features/staff/reference-tables/staff-reference-tables-page'),
    'admin',
  ],
];

export const routes: RouteObject[] = [
  {
    // A failure of the shell itself shows the route error page alone.
    element: <AppLayout />,
    errorElement: <RouteErrorElement />,
    children: [
      {
        // Failures of one screen show inside the shell, so the header and navigation stay usable; so does the spinner
        // while the first screen loads (the shell paints first).
        errorElement: <RouteErrorElement />,
        hydrateFallbackElement: <FullPageSpinner />,
        children: [
          guarded(
            '/',
            { title: 'common:titles.home' },
            ['employer', 'home'],
            () => import('../features/home/home-page'),
          ),
          guarded('/about', { title: 'common:titles.about' }, ['about'], () => import('../features/about/about-page')),
          page(
            '/unauthorized',
            { title: 'common:titles.unauthorized', signedInTitle: 'common:titles.notFound' },
            ['errors'],
            () => import('../features/errors/unauthorized-page'),
          ),
          page(
            '/forbidden',
            { title: 'common:titles.forbidden' },
            ['errors'],
            () => import('../features/errors/forbidden-page'),
          ),
          page(
            '/archived',
            { title: 'common:titles.archived' },
            ['errors'],
            () => import('../features/errors/archived-page'),
          ),
          page(
            '/404',
            { title: 'common:titles.notFound' },
            ['errors'],
            () => import('../features/errors/not-found-page'),
          ),
          page('/410', { title: 'common:titles.gone' }, ['errors'], () => import('../features/errors/gone-page')),
          page(
            '/logout',
            { title: 'common:titles.logout', skipAuth: true },
            ['auth'],
            () => import('../features/auth/logout-page'),
          ),
          {
            path: '/espace-admissible',
            handle: { title: 'common:titles.portal', userType: 'admissible' } satisfies RouteHandle,
            element: <RouteGuard />,
            loader: guardLoader({ userType: 'admissible' }),
            shouldRevalidate: onPathChange,
            children: [
              {
                ...screen(() => import('../features/portal/portal-shell'), { namespaces: ['portal'] }),
                loader: portalLoaders.shell,
                shouldRevalidate: onPathChange,
                children: [
                  {
                    index: true,
                    id: 'portal-home',
                    loader: portalLoaders.home,
                    shouldRevalidate: onPathChange,
                    ...withTitle('common:titles.portalHome', () => import('../features/portal/home/portal-home-page')),
                  },
                  {
                    path: 'recherche',
                    id: 'portal-search',
                    loader: portalLoaders.search,
                    shouldRevalidate: onPathChange,
                    ...withTitle(
                      'common:titles.portalSearch',
                      () => import('../features/portal/search/portal-search-page'),
                    ),
                  },
                  {
                    path: 'dossiers',
                    id: 'portal-cases',
                    loader: portalLoaders.cases,
                    shouldRevalidate: onPathChange,
                    ...withTitle(
                      'common:titles.portalCases',
                      () => import('../features/portal/cases/portal-cases-page'),
                    ),
                  },
                ],
              },
            ],
          },
          guarded(
            '/admissible/fiche-premier-contact/:id',
            { title: 'common:titles.applicantFirstContact', userType: 'admissible' },
            ['sheets'],
            () => import('../features/sheets/applicant-first-contact-page'),
          ),
          guarded(
            '/employeur/fiche-premier-contact/:id',
            { title: 'common:titles.employerFirstContact', userType: 'company' },
            ['sheets'],
            () => import('../features/sheets/employer-first-contact-page'),
          ),
          guarded(
            '/employeur/modification-missions/:id',
            { title: 'common:titles.missions', userType: 'company' },
            ['sheets'],
            () => import('../features/sheets/missions-page'),
          ),
          guarded(
            '/employeur/validation-financement/:id',
            { title: 'common:titles.funding', userType: 'company' },
            ['sheets'],
            () => import('../features/sheets/funding-page'),
          ),
          ...['/admissible/fiche-renseignement/:id', '/admissible/fiche-renseignements/:id'].map((path) =>
            guarded(
              path,
              { title: 'common:titles.applicantInformationSheet', userType: 'admissible' },
              ['sheets'],
              () => import('../features/sheets/applicant-information-sheet-page'),
            ),
          ),
          ...['/employeur/fiche-renseignement/:id', '/employeur/fiche-renseignements/:id'].map((path) =>
            guarded(
              path,
              { title: 'common:titles.employerInformationSheet', userType: 'company' },
              ['sheets'],
              () => import('../features/sheets/employer-information-sheet-page'),
            ),
          ),
          guarded(
            '/signature/:id',
            { title: 'common:titles.signature' },
            ['signature'],
            () => import('../features/signature/signature-page'),
          ),
          guarded(
            '/sondage/:etape/:id',
            { title: 'common:titles.survey' },
            ['survey'],
            () => import('../features/survey/survey-page'),
          ),
          guarded(
            '/admissible/suiviRechercheEmployeur/:id?',
            { title: 'common:titles.tracking' },
            ['tracking'],
            () => import('../features/tracking/tracking-form-page'),
          ),
          ...backOfficeScreens.map(([path, title, namespaces, load, only]) =>
            guarded(path, only ? { title, userType: only } : { title, userTypes: backOffice }, namespaces, load),
          ),
          { path: '*', loader: unknownPathLoader },
        ],
      },
    ],
  },
];

/** A tab of the applicant portal (the shell's `portal` namespace is theirs too). */
function withTitle(title: string, load: () => Promise<ScreenModule>): Pick<RouteObject, 'handle' | 'lazy'> {
  const lazy = screen(load, { namespaces: ['portal'] });
  return { ...lazy, handle: { title, ...lazy.handle } };
}
