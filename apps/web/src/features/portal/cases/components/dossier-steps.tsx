import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { Dossier } from '@passerelle/contract';
import { computeSteps } from '@passerelle/contract/dossier-progress';
import { useTranslation } from 'react-i18next';

/** SPEC "Case steps": the six steps, each done, active or to do, as the contract's rules compute them. */
export function DossierSteps({ etapeStatus }: { etapeStatus: Dossier['etapeStatus'] }) {
  const { t } = useTranslation('portal');
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const steps = computeSteps(etapeStatus);
  return (
    <Stepper
      component="ol"
      orientation={isNarrow ? 'vertical' : 'horizontal'}
      alternativeLabel={!isNarrow}
      aria-label={t('cases.progress')}
      sx={{ p: 0, m: 0, listStyle: 'none' }}
    >
      {steps.map((step) => (
        <Step
          key={step.key}
          component="li"
          completed={step.state === 'done'}
          active={step.state === 'active'}
          aria-current={step.state === 'active' ? 'step' : undefined}
          data-state={step.state}
        >
          <StepLabel
            optional={
              <Typography variant="caption" sx={{ color: step.state === 'active' ? 'primary.main' : 'text.secondary', fontWeight: step.state === 'active' ? 600 : 400 }}>
                {t(`cases.stepState.${step.state}`)}
              </Typography>
            }
          >
            <Box component="span" sx={{ fontWeight: step.state === 'active' ? 700 : 400 }}>
              {t(`cases.steps.${step.key}`)}
            </Box>
          </StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
