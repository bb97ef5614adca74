import type { UserType } from '@passerelle/contract';
import { replace, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import { meQueryOptions } from '../features/auth/api/me';
import { cmsQueryOptions } from '../features/portal/api/cms';
import { dossiersQueryOptions } from '../features/portal/api/dossiers';
import { portalInfosQueryOptions } from '../features/portal/api/infos';
import { offersQueryOptions } from '../features/portal/api/offers';
import { partnersQueryOptions } from '../features/portal/api/partners';
import { publicFilesQueryOptions } from '../features/portal/api/public-files';
import { trackingListQueryOptions } from '../features/portal/api/tracking';
import { authStore } from '../lib/auth-store';
import { feedLanguage, i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';

/** What a guarded route requires (app/router.tsx's RouteHandle). */
export interface Requirement {
  userType?: UserType;
  userTypes?: readonly UserType[];
  skipAuth?: boolean;
}

export const admittedTypes = (handle: Requirement): readonly UserType[] | undefined =>
  handle.userTypes?.length ? handle.userTypes : handle.userType ? [handle.userType] : undefined;

/**
 * The loaders fetch what a screen shows first; a change of the query string alone (filters, pages, tabs) keeps what
 * they fetched: the screens' own queries follow it, and the screen would otherwise wait for the loaders at each filter.
 */
export const onPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;

/**
 * SPEC section 2 and 6: with a token, the current user (GET /users/me) is known before the screen renders, and a
 * person of another type goes to /forbidden. A failure is left to RouteGuard (an error with a retry on a protected
 * route, nothing on an open one), and so is the visitor without a token: the address to come back to, hash
 * included, is only known to the rendered location.
 */
export function guardLoader(handle: Requirement): LoaderFunction {
  return async () => {
    if (handle.skipAuth || !authStore.get().token) return null;
    const user = await queryClient.ensureQueryData(meQueryOptions).catch(() => null);
    const admitted = admittedTypes(handle);
    if (admitted && user && !admitted.includes(user.userType)) throw replace('/forbidden');
    return null;
  };
}

/**
 * The answers an applicant's screen asks for first, fetched with the screen's code and texts, so that the screen
 * shows in one paint rather than a placeholder first (issue 13: largest paint, and the long task of a second render).
 * Only for a signed-in applicant, whose screens these are: a visitor or another account asks for nothing. The screens
 * read the same queries; a failure is theirs to show, never the loader's.
 */
function forApplicant(prefetch: () => Promise<unknown>): LoaderFunction {
  return async () => {
    const { token, user } = authStore.get();
    if (token && user?.userType === 'admissible') await prefetch().catch(() => undefined);
    return null;
  };
}

const feed = () => queryClient.fetchQuery(cmsQueryOptions(feedLanguage(i18n.language)));

export const portalLoaders = {
  /** The feed: the header's formation, and every tab's content (the account is the guard's). */
  shell: forApplicant(feed),
  /** The documents of the feed's current case, asked for once the feed names it. */
  home: forApplicant(() =>
    feed().then((cms) => queryClient.prefetchQuery(publicFilesQueryOptions(cms.currentDossierId ?? 0))),
  ),
  search: forApplicant(() =>
    Promise.all([
      queryClient.prefetchQuery(trackingListQueryOptions()),
      queryClient.prefetchQuery(partnersQueryOptions()),
      queryClient.prefetchQuery(portalInfosQueryOptions()),
      queryClient.prefetchQuery(offersQueryOptions({ page: 1 })),
    ]),
  ),
  cases: forApplicant(() => queryClient.prefetchQuery(dossiersQueryOptions())),
};

/** Whether the address cannot be decoded (`/%E0%A4%A`): such an address is nobody's page. */
function isMalformed(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * SPEC "Navigation behaviour": an unknown path goes to /unauthorized (which tells a signed-in person the page does not
 * exist); an address that cannot even be decoded goes to the not-found page.
 */
export const unknownPathLoader: LoaderFunction = ({ request }) =>
  replace(isMalformed(new URL(request.url).pathname) ? '/404' : '/unauthorized');
