import { meQueryOptions } from '../features/auth/api/me';
import { authStore } from '../lib/auth-store';
import { feedLanguage, i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { cmsQueryOptions } from '../features/portal/api/cms';
import { dossiersQueryOptions } from '../features/portal/api/dossiers';
import { portalInfosQueryOptions } from '../features/portal/api/infos';
import { offersQueryOptions } from '../features/portal/api/offers';
import { partnersQueryOptions } from '../features/portal/api/partners';
import { publicFilesQueryOptions } from '../features/portal/api/public-files';
import { trackingListQueryOptions } from '../features/portal/api/tracking';

/**
 * The answers an applicant's screen asks for first, asked for as soon as a navigation to it starts
 * (route-namespaces.ts' prepareScreenAt), beside the screen's code and texts, instead of once the screen renders: a
 * phone on a slow network has them by the time the screen shows, in one paint rather than a placeholder first (issue
 * 13: largest paint, and the long task of a second render). Only for a signed-in applicant, whose screens these are:
 * a visitor or another account asks for nothing. The screens read the same queries; a failure is theirs to show.
 */
function forApplicant(prefetch: () => void): () => void {
  return () => {
    const { token, user } = authStore.get();
    if (token && user?.userType === 'admissible') prefetch();
  };
}

/**
 * The signed-in person's account (GET /users/me), which a guarded route waits for before its screen renders
 * (route-guard.tsx): asked for with the screen's code rather than once the shell has rendered. Nothing without a
 * session.
 */
export function sessionData(): void {
  if (authStore.get().token) void queryClient.prefetchQuery(meQueryOptions);
}

const feed = () => queryClient.fetchQuery(cmsQueryOptions(feedLanguage(i18n.language)));
const applicantFeed = forApplicant(() => void feed().catch(() => undefined));

export const portalData = {
  /** The account, and the feed: the header's name and formation, and every tab's content. */
  shell: () => {
    sessionData();
    applicantFeed();
  },
  /** The documents of the feed's current case, asked for once the feed names it. */
  home: forApplicant(
    () =>
      void feed()
        .then((cms) => queryClient.prefetchQuery(publicFilesQueryOptions(cms.currentDossierId ?? 0)))
        .catch(() => undefined),
  ),
  search: forApplicant(() => {
    void queryClient.prefetchQuery(trackingListQueryOptions());
    void queryClient.prefetchQuery(partnersQueryOptions());
    void queryClient.prefetchQuery(portalInfosQueryOptions());
    void queryClient.prefetchQuery(offersQueryOptions({ page: 1 }));
  }),
  cases: forApplicant(() => void queryClient.prefetchQuery(dossiersQueryOptions())),
};
