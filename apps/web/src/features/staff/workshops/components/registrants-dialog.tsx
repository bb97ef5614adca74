import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { StaffWorkshop } from '@passerelle/contract/staff-workshops';
import { useId } from 'react';
import { ErrorState } from '../../../../components/error-state';
import { useDownload } from '../../../../components/use-download';
import { useErrorText } from '../../../../components/use-error-text';
import { formatDate, formatDateTime } from '../../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { useWorkshopRegistrants } from '../api/workshops';

/** The registrants CSV export (helper W3's exports module). */
export const registrantsCsvUrl = (id: number) => `/api/staff/exports/registrants.csv?workshop=${id}`;

/** Who registered to a workshop, in the order they did, with the CSV export of the same list. */
export function RegistrantsDialog({ workshop, onClose }: { workshop: StaffWorkshop; onClose: () => void }) {
  const { t } = useTranslation('staff-workshops');
  const errorText = useErrorText();
  const titleId = useId();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const registrants = useWorkshopRegistrants(workshop.id);
  const files = useDownload();
  const url = registrantsCsvUrl(workshop.id);
  const list = registrants.data?.registrants ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={isPhone}>
      <DialogTitle id={titleId}>{t('registrants.title', { title: workshop.title })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography>
          {t('registrants.summary', {
            date: formatDate(workshop.date),
            start: workshop.startHour,
            end: workshop.endHour,
            count: workshop.registered,
            quota: workshop.quota,
          })}
        </Typography>
        {registrants.isPending ? <LinearProgress aria-label={t('registrants.loading')} /> : null}
        {registrants.isError ? (
          <ErrorState error={registrants.error} onRetry={() => void registrants.refetch()} />
        ) : null}
        {registrants.data && list.length === 0 ? (
          <Typography sx={{ fontStyle: 'italic' }}>{t('registrants.none')}</Typography>
        ) : null}
        {list.length > 0 && isPhone ? (
          <Box
            component="ul"
            aria-label={t('registrants.table')}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            {list.map((r) => (
              <Box component="li" key={r.id} sx={{ borderLeft: 3, borderColor: 'primary.main', pl: 1.5 }}>
                <Typography sx={{ fontWeight: 600 }}>{`${r.prenom} ${r.nom}`}</Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {r.email}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {[
                    r.formation ?? t('registrants.noFormation'),
                    t('registrants.registeredAt', { date: formatDateTime(r.registeredAt) }),
                  ].join(' · ')}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
        {list.length > 0 && !isPhone ? (
          <Box sx={{ overflow: 'auto', maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label={t('registrants.table')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 700 }}>{t('registrants.name')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('registrants.email')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('registrants.formation')}</TableCell>
                  <TableCell sx={{ fontWeight: 700 }}>{t('registrants.registered')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell>{`${r.nom} ${r.prenom}`}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.email}</TableCell>
                    <TableCell>{r.formation ?? t('registrants.noFormation')}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.registeredAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : null}
        <Box role="status" aria-live="polite">
          {files.error ? <Alert severity="error">{errorText(files.error)}</Alert> : null}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose}>{t('registrants.close')}</Button>
        {list.length > 0 ? (
          <Button
            variant="contained"
            startIcon={<Download />}
            loading={files.pendingUrl === url}
            onClick={() => files.download(url, `inscrits-atelier-${workshop.id}.csv`)}
          >
            {t('registrants.export')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
