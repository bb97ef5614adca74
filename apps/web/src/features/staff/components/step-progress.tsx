import Box from '@mui/material/Box';
import type { StaffDossierItem } from '@passerelle/contract';
import { computeSteps, type StepState } from '@passerelle/contract/dossier-progress';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useTranslation } from 'react-i18next';

const segmentColor: Record<StepState, string> = {
  done: 'primary.main',
  active: 'secondary.main',
  todo: 'action.disabledBackground',
};

/**
 * SPEC "Case steps" in a table cell: six segments (done, active, to come) with the active step's name. Screen readers
 * get one sentence instead of six images; each segment names its step on hover. `hideStep`: a text already shown
 * beside it, which the active step's name would only repeat.
 */
export function StepProgress({
  etapeStatus,
  hideStep,
}: {
  etapeStatus: StaffDossierItem['etapeStatus'];
  hideStep?: string;
}) {
  const { t } = useTranslation('staff');
  const steps = computeSteps(etapeStatus);
  const done = steps.filter((step) => step.state === 'done').length;
  const active = steps.find((step) => step.state === 'active');
  const activeName = active ? t(`steps.${active.key}`) : null;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box aria-hidden sx={{ display: 'flex', gap: '3px', width: 108, maxWidth: '100%' }}>
        {steps.map((step) => (
          <Box
            key={step.key}
            title={t('progress.stepTitle', { step: t(`steps.${step.key}`), state: t(`progress.${step.state}`) })}
            data-state={step.state}
            sx={{
              flex: 1,
              height: 6,
              borderRadius: 3,
              bgcolor: segmentColor[step.state],
              // Not by colour alone: the active segment is also taller and outlined.
              ...(step.state === 'active'
                ? { height: 8, mt: '-1px', outline: '1px solid', outlineColor: 'secondary.dark' }
                : {}),
            }}
          />
        ))}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {t('progress.summary', { count: done })}
        {activeName ? `, ${t('progress.current', { step: activeName })}` : ''}
      </Box>
      {/* The active step's name, unless the status beside it already says it. */}
      {activeName && activeName !== hideStep ? (
        <Box
          component="span"
          aria-hidden
          sx={{ display: 'block', mt: 0.5, fontSize: '0.75rem', color: 'text.secondary', lineHeight: 1.3 }}
        >
          {activeName}
        </Box>
      ) : null}
    </Box>
  );
}
