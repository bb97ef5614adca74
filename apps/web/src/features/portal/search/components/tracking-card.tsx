import Add from '@mui/icons-material/Add';
import Cancel from '@mui/icons-material/Cancel';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Edit from '@mui/icons-material/Edit';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Send from '@mui/icons-material/Send';
import TravelExplore from '@mui/icons-material/TravelExplore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { SuiviStatut } from '@passerelle/contract';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/empty-state';
import { useTranslation } from 'react-i18next';
import { useTrackingList } from '../../api/tracking';
import { LoadingLines, QueryError } from '../../components/query-status';
import { SectionCard } from '../../components/section-card';
import { formatDate } from '../../utils/dates';
import { memo } from 'react';

const TRACKING_FORM = '/admissible/suiviRechercheEmployeur';

/**
 * The status as its icon and its words. The words are written out rather than in a tooltip: read at a glance, on a
 * phone too, and no tooltip and popper code for the screen to download.
 */
function TrackingStatus({ statut }: { statut: SuiviStatut }) {
  const { t } = useTranslation('portal');
  const icon = {
    relance: <NotificationsActive color="warning" />,
    positif: <CheckCircle color="success" />,
    negatif: <Cancel color="error" />,
    envoyee: <Send color="info" />,
  }[statut];
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        verticalAlign: 'middle',
        '& svg': { fontSize: 20 },
      }}
    >
      {icon}
      <Typography component="span" variant="body2">
        {t(`tracking.status.${statut}`)}
      </Typography>
    </Box>
  );
}

/** SPEC "Employer-search tracking card": the applications so far, and the way to record a new one. */
export const TrackingCard = memo(function TrackingCard() {
  const { t, i18n } = useTranslation('portal');
  const list = useTrackingList();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  return (
    <SectionCard
      id="tracking"
      title={t('tracking.title')}
      icon={<TravelExplore />}
      action={
        <Button component={Link} to={TRACKING_FORM} variant="contained" size="small" startIcon={<Add />}>
          {t('tracking.add')}
        </Button>
      }
    >
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('tracking.intro')}
      </Typography>
      {list.isPending ? <LoadingLines /> : null}
      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data?.length === 0 ? (
        <EmptyState title={t('tracking.empty')} description={t('tracking.emptyHelp')} icon={<TravelExplore />} />
      ) : null}
      {list.data && list.data.length > 0 ? (
        isPhone ? (
          <Box component="ul" aria-label={t('tracking.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.data.map((item) => (
              <Box
                component="li"
                key={item.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.suiviEmployeur}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                    {item.suiviPosition} · {formatDate(item.suiviDateEnvoiCandidature, i18n.language)}
                  </Typography>
                  <TrackingStatus statut={item.suiviStatut} />
                </Box>
                <IconButton
                  component={Link}
                  to={`${TRACKING_FORM}/${item.id}`}
                  aria-label={t('tracking.edit', { company: item.suiviEmployeur })}
                >
                  <Edit />
                </IconButton>
              </Box>
            ))}
          </Box>
        ) : (
          <Table size="small" aria-label={t('tracking.listLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tracking.company')}</TableCell>
                <TableCell>{t('tracking.position')}</TableCell>
                <TableCell>{t('tracking.applicationDate')}</TableCell>
                <TableCell>{t('tracking.statusColumn')}</TableCell>
                <TableCell align="right">{t('tracking.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.map((item) => (
                <TableRow key={item.id} hover>
                  <TableCell sx={{ fontWeight: 600 }}>{item.suiviEmployeur}</TableCell>
                  <TableCell>{item.suiviPosition}</TableCell>
                  <TableCell>{formatDate(item.suiviDateEnvoiCandidature, i18n.language)}</TableCell>
                  <TableCell>
                    <TrackingStatus statut={item.suiviStatut} />
                  </TableCell>
                  <TableCell align="right" sx={{ py: 0 }}>
                    <IconButton
                      component={Link}
                      to={`${TRACKING_FORM}/${item.id}`}
                      aria-label={t('tracking.edit', { company: item.suiviEmployeur })}
                    >
                      <Edit />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )
      ) : null}
    </SectionCard>
  );
});
