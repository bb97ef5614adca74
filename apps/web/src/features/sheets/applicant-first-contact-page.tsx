import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AddressFields, PersonFields } from './common/blocks';
import { Cell, FieldGroup, referenceOptions, SheetSelect, SheetTextField } from './common/fields';
import { SiretLookup } from './common/lookups';
import { SheetFrame } from './common/sheet-frame';
import { f1caSummary as summary } from '../../components/sheet-summary/f1ca-parts';
import { SpecInputs } from './common/spec-fields';
import {
  apprentiBackground,
  apprentiFranceTravail,
  apprentiIdentity,
  apprentiPreviousContract,
  apprentiRecognitions,
} from '../../components/sheet-summary/specs';
import { useSheet } from './common/use-sheet';
import { useSheetId } from './common/use-sheet-id';
import { useLists } from '../../components/sheet-summary/use-lists';

const CASES_SCREEN = '/espace-admissible/dossiers';

/** The selects need the reference lists, which load beside the screen. */
function ContractTypeSelect({ allowed }: { allowed: readonly string[] }) {
  const { t } = useTranslation('sheets');
  const { typesContrat } = useLists();
  return (
    <SheetSelect
      name="contrat.typeContrat"
      label={t('fields.typeContrat')}
      options={referenceOptions(typesContrat.filter((type) => allowed.includes(type.code)))}
      emptyLabel={t('choose')}
    />
  );
}

/**
 * Issue 4: the applicant names themselves, the employer and the contact who will receive the employer's link; then,
 * if they wish, what the information sheet will ask of them (SPEC 3: address, background, status, France Travail,
 * previous contract), which it starts from. What is required comes first: a first contact stays quick on a phone.
 */
function ApplicantFirstContactPage() {
  const { t } = useTranslation('sheets');
  const id = useSheetId();
  const state = useSheet('f1ca', id);
  const [labels] = useState(() => new Map<string, string>());
  const { form, sheet } = state;
  const contractTypes = sheet?.formation?.contractTypes ?? ['APP', 'PRO'];
  const languages = [
    { value: 'fr-FR', label: t('languages.fr-FR') },
    { value: 'en-US', label: t('languages.en-US') },
  ];

  return (
    <SheetFrame
      title={t('f1ca.title')}
      subtitle={t('f1ca.subtitle')}
      state={state}
      labels={labels}
      summary={summary}
      finish={{ label: t('f1ca.submit'), confirmTitle: t('f1ca.confirmTitle'), confirmMessage: t('f1ca.confirmText') }}
      done={
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
          <span>{t('f1ca.done')}</span>
          <Button component={Link} to={CASES_SCREEN} variant="contained" size="small" startIcon={<ArrowBack />}>
            {t('actions.backToCases')}
          </Button>
        </Box>
      }
    >
      <FieldGroup title={t('sections.identity')}>
        <SpecInputs specs={apprentiIdentity} group={t('people.apprentice')} />
      </FieldGroup>
      <FieldGroup title={t('sections.employer')} description={t('f1ca.employerHelp')}>
        <Cell wide>
          <SiretLookup form={form} prefix="employeur" fills={{ denomination: true, adresse: true }} />
        </Cell>
        <Cell wide>
          <SheetTextField
            name="employeur.denomination"
            label={t('fields.denomination')}
            autoComplete="organization"
            maxLength={200}
          />
        </Cell>
        <AddressFields form={form} prefix="employeur.adresse" />
      </FieldGroup>
      <FieldGroup title={t('sections.contact')} description={t('f1ca.contactHelp')}>
        <PersonFields prefix="contacts.contactEntreprise" group={t('people.companyContact')} />
        <Cell>
          <SheetTextField
            name="contacts.contactEntreprise.fonction"
            label={t('fields.fonction')}
            autoComplete="off"
            maxLength={100}
          />
        </Cell>
        <Cell>
          <SheetSelect
            name="contacts.contactEntreprise.langue"
            label={t('fields.langue')}
            options={languages}
            emptyLabel={t('choose')}
          />
        </Cell>
      </FieldGroup>
      <FieldGroup title={t('sections.position')}>
        <Cell>
          <ContractTypeSelect allowed={contractTypes} />
        </Cell>
        <Cell>
          <SheetTextField name="contrat.dateDebutContrat" label={t('fields.dateDebutContrat')} type="date" />
        </Cell>
        <Cell wide>
          <SheetTextField
            name="contrat.intitulePoste"
            label={t('fields.intitulePoste')}
            autoComplete="off"
            maxLength={200}
          />
        </Cell>
      </FieldGroup>
      <FieldGroup title={t('sections.address')} description={t('f1ca.laterHelp')}>
        <AddressFields form={form} prefix="apprenti.adresse" isOwnAddress />
      </FieldGroup>
      <FieldGroup title={t('sections.background')}>
        <SpecInputs specs={apprentiBackground} />
      </FieldGroup>
      <FieldGroup title={t('sections.recognitions')} description={t('f1ca.recognitionsHelp')}>
        <SpecInputs specs={apprentiRecognitions} />
      </FieldGroup>
      <FieldGroup title={t('sections.franceTravail')}>
        <SpecInputs specs={apprentiFranceTravail} />
      </FieldGroup>
      <FieldGroup title={t('sections.previousContract')}>
        <SpecInputs specs={apprentiPreviousContract} />
      </FieldGroup>
    </SheetFrame>
  );
}

export { ApplicantFirstContactPage as Component };
