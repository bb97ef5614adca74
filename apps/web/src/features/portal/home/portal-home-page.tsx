import ArrowForward from '@mui/icons-material/ArrowForward';
import FolderOpen from '@mui/icons-material/FolderOpen';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { useCms } from '../api/cms';
import { usePublicFiles } from '../api/public-files';
import { LoadingLines, QueryError } from '../components/query-status';
import { CmsSectionCard } from '../components/cms-section-card';
import { PublicFilesCard } from './components/public-files-card';
import { UsefulDocumentsCard } from './components/useful-documents-card';
import { useSettledOnce } from '../utils/use-settled-once';
import { Staged } from '../utils/staged';

/** SPEC "Applicant home": the way forward, then the feed's news, information, documents and links. */
function PortalHomePage() {
  const { t } = useTranslation('portal');
  const cms = useCms();
  const data = cms.data;
  const firstName = data?.headerInfos.admFirstName;
  // The side column waits for the public files (asked for with the feed's current dossier): the documents card growing
  // from its placeholder pushed the cards under it down. The news and information, the screen's main text, do not wait.
  const files = usePublicFiles(data ? (data.currentDossierId ?? 0) : undefined);
  const isSideReady = useSettledOnce(!data, files.isPending);
  // The first card at once, the others in a deferred render (utils/use-staged-count.ts); a phone shows the side below.
  const main = data
    ? [
        <CmsSectionCard key="news" id="news" section={data.news} fallbackTitle={t('home.news')} isFeatured />,
        <CmsSectionCard
          key="information"
          id="information"
          section={data.information}
          fallbackTitle={t('home.information')}
        />,
      ]
    : [];
  const side = data
    ? [
        <PublicFilesCard key="files" dossierId={data.currentDossierId ?? 0} />,
        <UsefulDocumentsCard key="useful" />,
        <CmsSectionCard key="links" id="links" section={data.links} fallbackTitle={t('home.links')} />,
      ]
    : [];

  return (
    <Box>
      <PageHeader
        title={firstName ? t('home.titleNamed', { name: firstName }) : t('home.title')}
        subtitle={t('home.subtitle')}
        actions={
          data ? (
            <>
              {!data.isDossierOngoing ? (
                <Button
                  component={Link}
                  to="/espace-admissible/recherche"
                  variant="contained"
                  endIcon={<ArrowForward />}
                >
                  {t('home.toSearch')}
                </Button>
              ) : null}
              <Button
                component={Link}
                to="/espace-admissible/dossiers"
                variant={data.isDossierOngoing ? 'contained' : 'outlined'}
                startIcon={<FolderOpen />}
              >
                {t('home.toCases')}
              </Button>
            </>
          ) : undefined
        }
      />
      {cms.isPending ? <LoadingLines lines={6} /> : null}
      {cms.isError ? <QueryError error={cms.error} onRetry={() => void cms.refetch()} /> : null}
      {data ? (
        // The side's cards count once they may show: added later, they still come in a deferred render.
        <Staged total={main.length + (isSideReady ? side.length : 0)}>
          {(shown) => (
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, md: 8 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
                {main.slice(0, shown)}
              </Grid>
              <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
                {side.slice(0, Math.max(0, shown - main.length))}
              </Grid>
            </Grid>
          )}
        </Staged>
      ) : null}
    </Box>
  );
}

export { PortalHomePage as Component };
