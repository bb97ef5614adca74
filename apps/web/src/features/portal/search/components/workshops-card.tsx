import EventAvailable from '@mui/icons-material/EventAvailable';
import HowToReg from '@mui/icons-material/HowToReg';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { CmsInfo, Workshop } from '@passerelle/contract';
import { memo, useId, useState } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { EmptyState } from '../../../../components/empty-state';
import { useErrorText } from '../../../../components/use-error-text';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { useToggleWorkshop } from '../../api/workshops';
import { SectionCard } from '../../components/section-card';
import { formatDate, formatHour, formatLongDate } from '../../utils/dates';

type Pending = { workshop: Workshop; action: 'register' | 'unregister' };

export const WorkshopsCard = memo(function WorkshopsCard({ ateliers }: { ateliers: CmsInfo['ateliers'] }) {
  const { t, i18n } = useTranslation('portal');
  const errorText = useErrorText();
  const toggle = useToggleWorkshop();
  const [pending, setPending] = useState<Pending | null>(null);
  const [success, setSuccess] = useState<Pending['action'] | null>(null);
  const onlyOneId = useId();
  const registeredTo = ateliers.list.find((workshop) => workshop.isInscrit);

  function confirm() {
    if (!pending) return;
    const { action } = pending;
    toggle.mutate(pending.workshop.id, {
      onSuccess: () => setSuccess(action),
      onSettled: () => setPending(null),
    });
  }

  function ask(next: Pending) {
    toggle.reset();
    setSuccess(null);
    setPending(next);
  }

  const failure =
    toggle.error instanceof ApiError && toggle.error.code === 'WORKSHOP_ALREADY_REGISTERED' ? t('workshops.alreadyRegistered') : toggle.error ? errorText(toggle.error) : null;
  const describe = (workshop: Workshop) => ({
    title: workshop.title,
    date: formatDate(workshop.date, i18n.language),
    start: formatHour(workshop.startHour),
    end: formatHour(workshop.endHour),
  });

  return (
    <SectionCard id="workshops" title={t('workshops.title')} icon={<EventAvailable />}>
      <Box aria-live="polite">
        {success ? (
          <Alert severity="success" onClose={() => setSuccess(null)} sx={{ mb: 2 }}>
            {t(success === 'register' ? 'workshops.registeredSuccess' : 'workshops.unregisteredSuccess')}
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error" onClose={() => toggle.reset()} sx={{ mb: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </Box>
      {ateliers.list.length === 0 ? <EmptyState title={t('workshops.empty')} icon={<EventAvailable />} /> : null}
      {registeredTo ? (
        <Alert severity="info" id={onlyOneId} sx={{ mb: 2 }}>
          {t('workshops.onlyOne', { title: registeredTo.title })}
        </Alert>
      ) : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {ateliers.list.map((workshop) => {
          const placesLeft = Math.max(0, workshop.quota - workshop.nbIns);
          // SPEC: one workshop at a time. Said before asking, rather than refused after the confirmation.
          const canRegister = ateliers.canRegister && placesLeft > 0 && !registeredTo;
          return (
            <Box component="li" key={workshop.id} sx={{ border: 1, borderColor: workshop.isInscrit ? 'primary.main' : 'divider', borderRadius: 2, p: 1.5 }}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {workshop.title}
              </Typography>
              <Typography variant="body2" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
                {formatLongDate(workshop.date, i18n.language)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('workshops.hours', { start: formatHour(workshop.startHour), end: formatHour(workshop.endHour) })}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                {workshop.isInscrit ? (
                  <>
                    <Chip size="small" color="success" icon={<HowToReg />} label={t('workshops.registered')} />
                    <Button size="small" color="error" variant="outlined" onClick={() => ask({ workshop, action: 'unregister' })} aria-label={t('workshops.unregisterFrom', { title: workshop.title })}>
                      {t('workshops.unregister')}
                    </Button>
                  </>
                ) : (
                  <>
                    <Typography variant="body2" sx={{ fontWeight: 600, color: placesLeft > 0 ? 'text.primary' : 'error.main' }}>
                      {t('workshops.placesLeft', { count: placesLeft })}
                    </Typography>
                    <Button
                      size="small"
                      variant="contained"
                      disabled={!canRegister}
                      onClick={() => ask({ workshop, action: 'register' })}
                      aria-label={canRegister ? t('workshops.registerTo', { title: workshop.title }) : undefined}
                      aria-describedby={registeredTo ? onlyOneId : undefined}
                    >
                      {!ateliers.canRegister
                        ? t('workshops.registrationClosed')
                        : registeredTo
                          ? t('workshops.registeredElsewhere')
                          : placesLeft === 0
                            ? t('workshops.full')
                            : t('workshops.register')}
                    </Button>
                  </>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.action === 'unregister' ? t('workshops.confirmUnregisterTitle') : t('workshops.confirmRegisterTitle')}
        message={pending ? t(pending.action === 'unregister' ? 'workshops.confirmUnregister' : 'workshops.confirmRegister', describe(pending.workshop)) : ''}
        onConfirm={confirm}
        onClose={() => setPending(null)}
        isPending={toggle.isPending}
        destructive={pending?.action === 'unregister'}
      />
    </SectionCard>
  );
});
