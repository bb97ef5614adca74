import CloudOff from '@mui/icons-material/CloudOff';
import ReportProblem from '@mui/icons-material/ReportProblem';
import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A screen's code (or its texts) could not be fetched: a dropped connection, a new release, the 120 s timeout. */
export function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    error.name === 'LoadTimeoutError' ||
    error.name === 'TranslationsLoadError' ||
    /dynamically imported module|module script failed|error loading dynamically|failed to fetch|unable to preload/i.test(
      error.message,
    )
  );
}

/**
 * SPEC section 8, load failures: "could not load this screen" and a reload button; any other rendering failure gets
 * a calm generic message. Only the common namespace is used: it is loaded at startup, so this page needs no fetch.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const loadFailure = isLoadFailure(error);
  useEffect(() => {
    if (!loadFailure) console.error(error);
  }, [error, loadFailure]);
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, sm: 6 } }} role="alert">
      <CardContent
        sx={{
          p: { xs: 3, sm: 5 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 2,
        }}
      >
        <Box aria-hidden sx={{ color: loadFailure ? 'info.main' : 'warning.main', '& svg': { fontSize: 48 } }}>
          {loadFailure ? <CloudOff /> : <ReportProblem />}
        </Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.8rem' } }}>
          {loadFailure ? t('routeError.loadTitle') : t('routeError.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {loadFailure ? t('routeError.loadText') : t('routeError.text')}
        </Typography>
        <Button variant="contained" startIcon={<Refresh />} onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The data router's errorElement: a failure below (a screen's code, a loader, a render) until the next navigation. */
export function RouteErrorElement() {
  return <RouteErrorPage error={useRouteError()} />;
}
