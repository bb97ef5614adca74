import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { computeSteps } from '@passerelle/contract/dossier-progress';
import { useId, type ReactNode } from 'react';
import { formatDate, formatDateTime } from '../../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import type { CaseDetail } from '../utils/case-data';

/** SPEC 4, "Case steps": the six steps, each done, active or to come. */
function CaseSteps({ etapeStatus }: { etapeStatus: CaseDetail['etapeStatus'] }) {
  const { t } = useTranslation('staff-case');
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <Stepper
      component="ol"
      orientation={isNarrow ? 'vertical' : 'horizontal'}
      alternativeLabel={!isNarrow}
      aria-label={t('summary.progress')}
      sx={{ p: 0, m: 0, listStyle: 'none' }}
    >
      {computeSteps(etapeStatus).map((step) => (
        <Step
          key={step.key}
          component="li"
          completed={step.state === 'done'}
          active={step.state === 'active'}
          aria-current={step.state === 'active' ? 'step' : undefined}
        >
          <StepLabel
            optional={
              <Typography
                variant="caption"
                sx={{
                  color: step.state === 'active' ? 'primary.main' : 'text.secondary',
                  fontWeight: step.state === 'active' ? 600 : 400,
                }}
              >
                {t(`stepState.${step.state}`)}
              </Typography>
            }
          >
            <Box component="span" sx={{ fontWeight: step.state === 'active' ? 700 : 400 }}>
              {t(`steps.${step.key}`)}
            </Box>
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/** Where the case stands: its steps, who it waits for and since when, its last change, its school and programme. */
export function CaseSummary({ detail }: { detail: CaseDetail }) {
  const { t, i18n } = useTranslation('staff-case');
  const titleId = useId();
  const { waitingFor } = detail;
  const isWaiting = waitingFor.actor !== 'none' && waitingFor.action !== 'none';
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3, p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('summary.title')}
        </Typography>
        <CaseSteps etapeStatus={detail.etapeStatus} />
        {detail.dossierAccessible ? null : <Alert severity="info">{t('notAccessible')}</Alert>}
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <Fact label={t('summary.waiting')}>
            {isWaiting ? (
              <>
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {t('summary.waitingText', {
                    action: t(`waitingActions.${waitingFor.action}`),
                    actor: t(`actors.${waitingFor.actor}`),
                  })}
                </Box>{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {t('summary.since', { date: formatDate(detail.waitingSince, i18n.language) })}
                </Box>
              </>
            ) : (
              t('summary.nobodyWaiting')
            )}
          </Fact>
          <Fact label={t('summary.lastUpdate')}>{formatDateTime(detail.updatedAt, i18n.language)}</Fact>
          <Fact label={t('summary.school')}>{detail.school ?? t('summary.none')}</Fact>
          <Fact label={t('summary.formation')}>{detail.formation ?? t('summary.none')}</Fact>
        </Box>
      </CardContent>
    </Card>
  );
}
