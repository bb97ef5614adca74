import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import type { StaffDossierItem } from '@passerelle/contract';
import { useTranslation } from 'react-i18next';
import { CaseLink, EmployerCell, FormationCell, StatusCell, UpdatedCell } from './case-cells';
import { WaitingFor } from './waiting-for';

/** Phones: one card per case, the table's facts in a denser order, the applicant's name as its heading and link. */
export function PipelineCards({ items, waitingDays }: { items: StaffDossierItem[]; waitingDays?: number }) {
  const { t } = useTranslation('staff');
  return (
    <Box
      component="ul"
      aria-label={t('results.label')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      {items.map((item) => (
        <li key={item.id}>
          <Card
            component="article"
            variant="outlined"
            sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.25 }}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <CaseLink item={item} headingLevel="h2" />
              <UpdatedCell item={item} />
            </Box>
            <StatusCell item={item} />
            <Box>
              <Box
                component="span"
                sx={{ display: 'block', fontSize: '0.75rem', fontWeight: 600, color: 'text.secondary' }}
              >
                {t('columns.waiting')}
              </Box>
              <WaitingFor item={item} thresholdDays={waitingDays} inline />
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, fontSize: '0.875rem' }}>
              <FormationCell item={item} />
              <EmployerCell item={item} />
            </Box>
          </Card>
        </li>
      ))}
    </Box>
  );
}

export function PipelineCardsSkeleton({ cards = 4 }: { cards?: number }) {
  const { t } = useTranslation('staff');
  return (
    <Box role="status" aria-label={t('results.loading')} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {Array.from({ length: cards }, (_, index) => (
        <Card key={index} variant="outlined" sx={{ p: 2 }} aria-hidden>
          <Skeleton height={26} width="50%" />
          <Skeleton height={20} />
          <Skeleton height={20} width="80%" />
          <Skeleton height={20} width="60%" />
        </Card>
      ))}
    </Box>
  );
}
