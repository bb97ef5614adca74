import EditNote from '@mui/icons-material/EditNoteOutlined';
import Home from '@mui/icons-material/HomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddressFields } from './common/blocks';
import { ContextView } from './common/context-view';
import { Cell, FieldGroup } from './common/fields';
import { SiretLookup } from './common/lookups';
import { SheetFrame } from './common/sheet-frame';
import { SpecInputs } from './common/spec-fields';
import {
  employeurExecutionSiret,
  employeurIdentity,
  employeurStatus,
  maitre,
  person,
} from '../../components/sheet-summary/specs';
import {
  applicantSpecs,
  contractSpecs,
  f1ceSummary as summary,
  signataireSpecs,
} from '../../components/sheet-summary/f1ce-parts';
import { useSheet } from './common/use-sheet';
import { useSheetId } from './common/use-sheet-id';

/** Issue 4: the employer's first contact — the company (identity, status, place of work), the master, the job and its terms. */
function EmployerFirstContactPage() {
  const { t } = useTranslation('sheets');
  const id = useSheetId();
  const state = useSheet('f1ce', id);
  const [labels] = useState(() => new Map<string, string>());
  const { form, sheet } = state;

  return (
    <SheetFrame
      title={t('f1ce.title')}
      subtitle={t('f1ce.subtitle')}
      state={state}
      labels={labels}
      summary={summary}
      namesDossier
      finish={{ label: t('f1ce.submit'), confirmTitle: t('f1ce.confirmTitle'), confirmMessage: t('f1ce.confirmText') }}
      done={
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          <span>{t('f1ce.done')}</span>
          {/* The missions clarification opens with this send (docs/decisions/0004): say so where the employer is. */}
          <span>{t('f1ce.missionsHelp')}</span>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button
              component={Link}
              to={`/employeur/modification-missions/${id}`}
              variant="contained"
              size="small"
              startIcon={<EditNote />}
            >
              {t('f1ce.missionsLink')}
            </Button>
            <Button component={Link} to="/" variant="outlined" size="small" startIcon={<Home />}>
              {t('actions.employerHome')}
            </Button>
          </Box>
        </Box>
      }
    >
      <ContextView title={t('sections.applicant')} specs={applicantSpecs} source={sheet?.context ?? {}} />
      <FieldGroup title={t('sections.company')}>
        <Cell wide>
          <SiretLookup
            form={form}
            prefix="employeur"
            fills={{ denomination: true, adresse: true, codeApe: true, codeIdcc: true, typeEmployeur: true }}
          />
        </Cell>
        <SpecInputs specs={employeurIdentity(false)} />
        <AddressFields form={form} prefix="employeur.adresse" />
      </FieldGroup>
      <FieldGroup title={t('sections.employerStatus')}>
        <SpecInputs specs={employeurStatus} />
      </FieldGroup>
      <FieldGroup title={t('sections.executionPlace')} description={t('info.executionHelp')}>
        <SpecInputs specs={[employeurExecutionSiret]} />
        {/* Only for another establishment than the head office: typed, as on the information sheet. */}
        <AddressFields form={form} prefix="employeur.adresseExecution" withLookup={false} />
      </FieldGroup>
      <FieldGroup title={t('sections.contract')}>
        <SpecInputs specs={contractSpecs} />
      </FieldGroup>
      <FieldGroup title={t('sections.master')} description={t('f1ce.masterHelp')}>
        <SpecInputs specs={maitre('maitre1')} group={t('sections.master')} />
      </FieldGroup>
      <FieldGroup title={t('sections.signatory')}>
        <SpecInputs specs={signataireSpecs} group={t('sections.signatory')} />
      </FieldGroup>
      <FieldGroup title={t('sections.manager')}>
        <SpecInputs specs={person('contacts.gestionnaire')} group={t('sections.manager')} />
      </FieldGroup>
    </SheetFrame>
  );
}

export { EmployerFirstContactPage as Component };
