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
import { SpecInputs, type FieldSpec } from './common/spec-fields';
import { address, employeurExecutionSiret, employeurIdentity, employeurStatus, maitre, person } from './common/specs';
import type { SummaryPart } from './common/sheet-summary';
import { useSheet } from './common/use-sheet';
import { useSheetId } from './common/use-sheet-id';

/** What the API gives the company of the applicant at first contact (data minimisation): the rest waits for the information sheet. */
const applicantSpecs: FieldSpec[] = [
  { path: 'apprenti.nom', label: 'nom' },
  { path: 'apprenti.prenom', label: 'prenom' },
  { path: 'apprenti.dateNaissance', label: 'dateNaissance', type: 'date' },
  { path: 'apprenti.courriel', label: 'courriel' },
  { path: 'apprenti.telephone', label: 'telephone' },
  { path: 'contrat.numeroContratPrecedent', label: 'numeroContratPrecedent' },
];

const contractSpecs: FieldSpec[] = [
  { path: 'contrat.typeContrat', label: 'typeContrat', type: 'select', options: 'typesContrat' },
  { path: 'contrat.intitulePoste', label: 'intitulePoste', maxLength: 200 },
  { path: 'contrat.dateDebutContrat', label: 'dateDebutContrat', type: 'date' },
  { path: 'contrat.dateFinContrat', label: 'dateFinContrat', type: 'date' },
  { path: 'contrat.dureeTravailHebdoHeures', label: 'dureeTravailHebdoHeures', type: 'number' },
  { path: 'contrat.dureeTravailHebdoMinutes', label: 'dureeTravailHebdoMinutes', type: 'number' },
  { path: 'contrat.salaireBrutMensuel', label: 'salaireBrutMensuel', type: 'number', hint: 'salary' },
];

const signataireSpecs: FieldSpec[] = [...person('contacts.signataire'), { path: 'contacts.signataire.fonction', label: 'fonction', maxLength: 100 }];

/** The sent sheet read back in the form's sections, the apprentice's details first. */
const summary: SummaryPart[] = [
  {
    sections: [
      { title: 'applicant', specs: applicantSpecs },
      { title: 'company', specs: [{ path: 'employeur.siret', label: 'siret' }, ...employeurIdentity(false), ...address('employeur.adresse')] },
      { title: 'employerStatus', specs: employeurStatus },
      { title: 'executionPlace', specs: [employeurExecutionSiret, ...address('employeur.adresseExecution')] },
      { title: 'contract', specs: contractSpecs },
      { title: 'master', specs: maitre('maitre1') },
      { title: 'signatory', specs: signataireSpecs },
      { title: 'manager', specs: person('contacts.gestionnaire') },
    ],
  },
];

/** Issue 4: the employer's first contact — the company (identity, status, place of work), the master, the job and its terms. */
function EmployerFirstContactPage() {
  const { t } = useTranslation('sheets');
  const id = useSheetId();
  const state = useSheet('f1ce', 'company', id);
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
            <Button component={Link} to={`/employeur/modification-missions/${id}`} variant="contained" size="small" startIcon={<EditNote />}>
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
          <SiretLookup form={form} prefix="employeur" fills={{ denomination: true, adresse: true, codeApe: true, codeIdcc: true, typeEmployeur: true }} />
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
