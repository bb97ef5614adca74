import Psychology from '@mui/icons-material/Psychology';
import Public from '@mui/icons-material/Public';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { useCms } from '../api/cms';
import { usePortalInfos } from '../api/infos';
import { offersQueryOptions } from '../api/offers';
import { usePartners } from '../api/partners';
import { useTrackingList } from '../api/tracking';
import { CmsSectionCard } from '../components/cms-section-card';
import { LoadingLines, QueryError, Spinner } from '../components/query-status';
import { CvCard } from './components/cv-card';
import { ForumCard } from './components/forum-card';
import { OffersCard } from './components/offers-card';
import { PartnersCard } from './components/partners-card';
import { TrackingCard } from './components/tracking-card';
import { WorkshopsCard } from './components/workshops-card';
import { useSettledOnce } from '../utils/use-settled-once';
import { Staged } from '../utils/staged';

// The side's icons, made once: the cards are memoized, and a new icon at each render of the screen (an answer coming)
// would draw them again.
const platformsIcon = <Public />;
const coachingIcon = <Psychology />;

/** What the tracking form tells this screen when it comes back here. */
const trackingMessages = ['created', 'updated', 'deleted'] as const;
type TrackingMessage = (typeof trackingMessages)[number];

function trackingMessageOf(state: unknown): TrackingMessage | null {
  if (typeof state !== 'object' || state === null || !('trackingSaved' in state)) return null;
  const value = state.trackingSaved;
  return trackingMessages.find((message) => message === value) ?? null;
}

/**
 * The cards show once the answers that size them (feed, tracking list, partners, documents) have come: shown earlier,
 * each grew from its placeholder to its list and pushed the next ones down (issue 13: layout shift 0.05-0.15, the
 * partners section moving). The offers are asked for at the same time and keep their own spinner: their list grows at
 * the bottom of the page, where it moves nothing.
 */
function useCardsReady(): boolean {
  usePrefetchQuery(offersQueryOptions({ page: 1 }));
  return useSettledOnce(
    useCms().isPending,
    useTrackingList().isPending,
    usePartners().isPending,
    usePortalInfos().isPending,
  );
}

/** SPEC "Applicant search": tracking, partners, forum and offers; platforms, coaching, CV and workshops beside. */
function PortalSearchPage() {
  const { t } = useTranslation('portal');
  const cms = useCms();
  const location = useLocation();
  const navigate = useNavigate();
  const message = trackingMessageOf(location.state);
  const isReady = useCardsReady();
  // The main column's cards, then the side's: on a phone the side comes below the main column, so it is added last.
  const main = [
    <TrackingCard key="tracking" />,
    <PartnersCard key="partners" />,
    cms.data?.forumInvitation ? <ForumCard key="forum" invitation={cms.data.forumInvitation} /> : null,
    <OffersCard key="offers" />,
  ].filter(Boolean);
  const aside = [
    cms.isPending ? <LoadingLines key="cms-pending" /> : null,
    cms.isError ? <QueryError key="cms-error" error={cms.error} onRetry={() => void cms.refetch()} /> : null,
    cms.data ? (
      <CmsSectionCard
        key="platforms"
        id="platforms"
        section={cms.data.platforms}
        fallbackTitle={t('search.platforms')}
        icon={platformsIcon}
      />
    ) : null,
    cms.data ? (
      <CmsSectionCard
        key="coaching"
        id="coaching"
        section={cms.data.coaching}
        fallbackTitle={t('search.coaching')}
        icon={coachingIcon}
      />
    ) : null,
    <CvCard key="cv" />,
    cms.data?.headerInfos.schoolRules.holdsWorkshops ? (
      <WorkshopsCard key="workshops" ateliers={cms.data.ateliers} />
    ) : null,
  ].filter(Boolean);

  return (
    <Box>
      <PageHeader title={t('search.title')} subtitle={t('search.subtitle')} />
      {message ? (
        <Alert
          severity="success"
          role="status"
          sx={{ mb: 3 }}
          onClose={() =>
            void navigate({ pathname: location.pathname, hash: location.hash }, { replace: true, state: null })
          }
        >
          {t(`tracking.saved.${message}`)}
        </Alert>
      ) : null}
      {isReady ? (
        <Staged total={main.length + aside.length}>
          {(shown) => (
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 8 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
                {main.slice(0, shown)}
              </Grid>
              <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
                {aside.slice(0, Math.max(0, shown - main.length))}
              </Grid>
            </Grid>
          )}
        </Staged>
      ) : (
        <Spinner label={t('loading')} />
      )}
    </Box>
  );
}

export { PortalSearchPage as Component };
