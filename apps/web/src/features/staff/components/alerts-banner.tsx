import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { PipelineAlert, StaffAlertsResponse } from '@passerelle/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface AlertsBannerProps {
  alerts: StaffAlertsResponse;
  /** The alert the list is filtered on now, if any. */
  current: PipelineAlert | null;
  /** The address of the list filtered on an alert (the other filters dropped: an alert is a work list of its own). */
  hrefFor: (alert: PipelineAlert) => string;
}

/**
 * Issue 10's alerts: applicants registered long ago without a signed contract, cases waiting on the same person for
 * too long. Each opens the list of the cases it names. Nothing shows while no case needs it.
 */
export function AlertsBanner({ alerts, current, hrefFor }: AlertsBannerProps) {
  const { t } = useTranslation('staff');
  const entries = (['stale', 'waiting'] as const).filter((alert) => alerts[alert].count > 0);
  if (entries.length === 0) return null;
  return (
    <Alert severity="warning" variant="outlined" sx={{ mb: 2 }}>
      <AlertTitle component="h2" sx={{ fontSize: '1rem' }}>
        {t('alerts.title')}
      </AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {entries.map((alert) => (
          <li key={alert}>
            <Link
              component={RouterLink}
              to={hrefFor(alert)}
              aria-current={current === alert ? 'true' : undefined}
              sx={{ fontWeight: current === alert ? 700 : 400 }}
            >
              {t(`alerts.${alert}`, { count: alerts[alert].count, days: alerts[alert].days })}
            </Link>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
