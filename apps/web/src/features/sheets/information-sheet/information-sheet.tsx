import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Send from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../common/blocks';
import { Cell, FieldGroup } from '../common/fields';
import { SiretLookup } from '../common/lookups';
import { ownBlocks, valueAt } from '../common/contract-mirrors';
import { SheetFrame } from '../common/sheet-frame';
import { informationSteps, informationSummary, type InformationStep } from '../../../components/sheet-summary/information-parts';
import { summarySource } from '../../../components/sheet-summary/sheet-summary';
import { AgreedPayValues } from '../../../components/sheet-summary/agreed-pay-values';
import { SpecBlock, SpecInputs } from '../common/spec-fields';
import * as specs from '../../../components/sheet-summary/specs';
import { flattenErrors, useSheet } from '../common/use-sheet';
import { useSheetId } from '../common/use-sheet-id';
import { useAgreedPay } from './agreed-pay';
import { OpcoFields } from './opco-fields';
import { StepTabs } from './step-tabs';
import { RoundedPlaceholder } from '../../../components/rounded-placeholder';

/** The salary table is the heaviest part of one step: it loads when that step opens. */
const SalaryGrid = lazy(() => import('./salary-grid'));

/** The step holding a field, from the block of its path (issue 4: the 7 steps of the information sheet). */
export function stepOfPath(path: string): InformationStep {
  const [block, field] = path.split('.');
  switch (block) {
    case 'apprenti':
    case 'representantLegal':
      return 'applicant';
    case 'consentements':
      return field === 'rgpd' ? 'applicant' : 'billing';
    case 'employeur':
      return 'company';
    case 'opco':
    case 'responsabilites':
      return 'opco';
    case 'contrat':
      return 'contract';
    case 'maitre1':
    case 'maitre2':
    case 'contacts':
      return 'contacts';
    case 'facturation':
      return 'billing';
    default:
      return 'send';
  }
}

type Kind = 'fra' | 'fre';

/**
 * Issue 4: the information sheet in 7 steps; each party fills its own blocks and reads the other's. `done` is what the
 * page says once its part is sent (what comes next depends on the other part: the page words it).
 */
export function InformationSheet({ kind, done }: { kind: Kind; done: ReactNode }) {
  const { t } = useTranslation('sheets');
  const id = useSheetId();
  const [active, setActive] = useState(0);
  const [labels] = useState(() => new Map<string, string>());
  const revealField = useCallback((path: string) => setActive(informationSteps.indexOf(stepOfPath(path))), []);
  const state = useSheet(kind, id, { revealField });
  const { form, sheet } = state;
  const { errors } = useFormState({ control: form.control });
  const isNarrow = useMediaQuery('(max-width: 899.95px)');
  const contentRef = useRef<HTMLDivElement>(null);
  const own = new Set(ownBlocks[kind]);
  const isOwnStep = (step: InformationStep) => {
    switch (step) {
      case 'applicant':
        return kind === 'fra';
      case 'send':
        return true;
      default:
        return kind === 'fre';
    }
  };

  // The IDCC the sheet opened with: changing it is blocked (SPEC 5), so it is read-only once set.
  const [initialIdcc, setInitialIdcc] = useState<string | null | undefined>(undefined);
  if (sheet && initialIdcc === undefined) {
    const idcc = valueAt(sheet.data, 'employeur.codeIdcc');
    setInitialIdcc(typeof idcc === 'string' && idcc ? idcc : null);
  }

  const stepErrors = new Map<InformationStep, number>();
  for (const issue of state.showSummary ? flattenErrors(errors) : []) {
    const step = stepOfPath(issue.path);
    stepErrors.set(step, (stepErrors.get(step) ?? 0) + 1);
  }

  function goTo(index: number) {
    setActive(index);
    void state.flush();
    setTimeout(() => contentRef.current?.focus(), 0);
  }

  const context = sheet?.context ?? {};
  const source = (block: string) => (own.has(block) ? form.getValues() : context);
  // Issue 28: the employer's agreed pay of each period follows the contract's periods and is checked, on every step.
  const birthDate = valueAt(source('apprenti'), 'apprenti.dateNaissance');
  useAgreedPay(form, state.rules, typeof birthDate === 'string' ? birthDate : undefined, kind === 'fre' && state.isReady && !state.readOnly);
  const step = informationSteps[active] ?? 'applicant';
  const stepTitle = (name: InformationStep) => t(`info.steps.${name}`);
  // The other party's steps, while its part is not sent: what it has saved so far, and said so.
  const otherKind = kind === 'fra' ? 'fre' : 'fra';
  const isOtherSent = (sheet?.etapeStatus ?? []).some((entry) => entry.type === otherKind && (entry.status === 2 || entry.status === 3));
  const summary = informationSummary(kind, summarySource(sheet?.data, context), (name, index) => `${index + 1}. ${stepTitle(name)}`).map(
    (part, index) => {
      const name = informationSteps[index] ?? 'send';
      return isOwnStep(name) || isOtherSent ? part : { ...part, note: t(`info.otherPartPending.${kind}`) };
    },
  );

  return (
    <SheetFrame
      title={t(`info.title.${kind}`)}
      subtitle={t(`info.subtitle.${kind}`)}
      state={state}
      labels={labels}
      summary={summary}
      namesDossier={kind === 'fre'}
      hideFinishBar
      finish={{ label: t('info.send'), confirmTitle: t('info.confirmTitle'), confirmMessage: t('info.confirmText') }}
      done={done}
      renderFinish={() => (step === 'send' ? null : <StepNavigation active={active} onGo={goTo} />)}
    >
      {/* On a phone the seven steps are a row of numbered tabs (their names stay in each tab's accessible name), the
          step's heading below says which one is open: a labelled list would fill the whole first screen. */}
      <StepTabs
        label={t('info.stepsLabel')}
        active={active}
        onSelect={goTo}
        isCompact={isNarrow}
        steps={informationSteps.map((name) => {
          const count = stepErrors.get(name) ?? 0;
          return {
            title: stepTitle(name),
            isError: count > 0,
            note:
              count > 0 ? (
                <Typography variant="caption" color="error">
                  {t('info.stepErrors', { count })}
                </Typography>
              ) : !isOwnStep(name) ? (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('info.readOnlyStep')}
                </Typography>
              ) : undefined,
          };
        })}
      />
      <Box ref={contentRef} tabIndex={-1} sx={{ outline: 'none', display: 'flex', flexDirection: 'column', gap: 4 }} aria-live="off">
        <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
          {t('info.stepHeading', { index: active + 1, total: informationSteps.length, title: stepTitle(step) })}
        </Typography>
        {!isOwnStep(step) ? <Alert severity="info">{t(`info.otherPart.${kind}`)}</Alert> : null}
        <StepContent step={step} kind={kind} source={source} idccLocked={Boolean(initialIdcc)} form={form} onGo={goTo} stepErrors={stepErrors} readOnly={state.readOnly} />
        {step === 'send' && !state.readOnly ? <SendButton /> : null}
      </Box>
    </SheetFrame>
  );
}

function StepNavigation({ active, onGo }: { active: number; onGo: (index: number) => void }) {
  const { t } = useTranslation('sheets');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 2 }}>
      <Button variant="outlined" startIcon={<ArrowBack />} disabled={active === 0} onClick={() => onGo(active - 1)}>
        {t('actions.previous')}
      </Button>
      <Button variant="contained" endIcon={<ArrowForward />} onClick={() => onGo(active + 1)}>
        {t('actions.next')}
      </Button>
    </Box>
  );
}

/**
 * Inside the sheet's form: submitting it opens the confirmation. Marked for the scroll-to-top button
 * (app/layouts/scroll-top-button.tsx), which keeps clear of it.
 */
function SendButton() {
  const { t } = useTranslation('sheets');
  return (
    <Box data-scroll-top-clearance="" sx={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button type="submit" variant="contained" size="large" startIcon={<Send />}>
        {t('info.send')}
      </Button>
    </Box>
  );
}

type StepContentProps = {
  step: InformationStep;
  kind: Kind;
  source: (block: string) => unknown;
  idccLocked: boolean;
  form: ReturnType<typeof useSheet>['form'];
  onGo: (index: number) => void;
  stepErrors: Map<InformationStep, number>;
  /** The sheet is read-only: sent, or not open to this person. */
  readOnly: boolean;
};

function StepContent({ step, kind, source, idccLocked, form, onGo, stepErrors, readOnly }: StepContentProps) {
  const { t } = useTranslation('sheets');
  const isApplicant = kind === 'fra';
  const isEmployer = kind === 'fre';
  const { control } = form;
  const typeContrat = useWatch({ control, name: 'contrat.typeContrat' });
  const isOtherAddress = useWatch({ control, name: 'employeur.adresseContratDifferente' });
  const hasSecondMaster = useWatch({ control, name: 'contrat.deuxiemeMaitre' });
  const birthDate = valueAt(source('apprenti'), 'apprenti.dateNaissance');

  switch (step) {
    case 'applicant':
      return (
        <>
          <SpecBlock title={t('sections.identity')} specs={specs.apprentiIdentity} editable={isApplicant} source={source('apprenti')} />
          {isApplicant ? (
            <FieldGroup title={t('sections.address')}>
              <AddressFields form={form} prefix="apprenti.adresse" isOwnAddress />
            </FieldGroup>
          ) : (
            <SpecBlock title={t('sections.address')} specs={specs.apprentiAddress} editable={false} source={source('apprenti')} />
          )}
          <SpecBlock title={t('sections.background')} specs={specs.apprentiBackground} editable={isApplicant} source={source('apprenti')} />
          <SpecBlock title={t('sections.situation')} specs={[...specs.apprentiFlags, ...specs.apprentiFranceTravail]} editable={isApplicant} source={source('apprenti')} />
          <SpecBlock
            title={t('sections.legalRepresentative')}
            description={t('info.legalRepresentativeHelp')}
            specs={specs.representantLegal}
            editable={isApplicant}
            source={source('representantLegal')}
          />
          {/* Each party's consent stays with its own sheet: the other party never receives it. */}
          {isApplicant ? <SpecBlock title={t('sections.consent')} specs={specs.consentementRgpd} editable source={source('consentements')} /> : null}
        </>
      );
    case 'company':
      return (
        <>
          {isEmployer ? (
            <FieldGroup title={t('sections.company')}>
              <Cell wide>
                <SiretLookup form={form} prefix="employeur" idccLocked={idccLocked} fills={{ denomination: true, adresse: true, codeApe: true, codeIdcc: true, typeEmployeur: true }} />
              </Cell>
              <SpecInputs specs={specs.employeurIdentity(idccLocked)} />
              <AddressFields form={form} prefix="employeur.adresse" />
              <SpecInputs specs={specs.employeurDetails} />
            </FieldGroup>
          ) : (
            <SpecBlock title={t('sections.company')} specs={specs.employeurReadOnly} editable={false} source={source('employeur')} />
          )}
          {isEmployer && isOtherAddress === true ? (
            <FieldGroup title={t('sections.contractAddress')}>
              <AddressFields form={form} prefix="employeur.adresseContrat" />
            </FieldGroup>
          ) : null}
          {isEmployer ? (
            <FieldGroup title={t('sections.executionPlace')} description={t('info.executionHelp')}>
              <SpecInputs specs={[specs.employeurExecutionSiret]} />
              <AddressFields form={form} prefix="employeur.adresseExecution" withLookup={false} />
            </FieldGroup>
          ) : null}
        </>
      );
    case 'opco':
      return (
        <>
          {isEmployer ? <OpcoFields form={form} /> : <SpecBlock title={t('sections.opco')} specs={specs.opco} editable={false} source={source('opco')} />}
          <SpecBlock
            title={t('sections.responsibilities')}
            description={t('info.responsibilitiesHelp')}
            specs={specs.responsabilites}
            editable={isEmployer}
            source={source('responsabilites')}
          />
        </>
      );
    case 'contract':
      return (
        <>
          <SpecBlock title={t('sections.contract')} specs={specs.contratMain} editable={isEmployer} source={source('contrat')} />
          {typeContrat === 'PRO' ? (
            <SpecBlock title={t('sections.contractPro')} specs={specs.contratPro} editable={isEmployer} source={source('contrat')} />
          ) : (
            <SpecBlock title={t('sections.contractApp')} specs={specs.contratApp} editable={isEmployer} source={source('contrat')} />
          )}
          <SpecBlock title={t('sections.salary')} specs={specs.contratSalary} editable={isEmployer} source={source('contrat')} />
          {isEmployer ? null : <AgreedPayValues source={source('contrat')} />}
          {isEmployer ? (
            <Suspense fallback={<RoundedPlaceholder height={160} />}>
              <SalaryGrid birthDate={typeof birthDate === 'string' ? birthDate : undefined} form={form} />
            </Suspense>
          ) : null}
        </>
      );
    case 'contacts':
      return (
        <>
          <SpecBlock title={t('sections.master')} specs={specs.maitre('maitre1')} editable={isEmployer} source={source('maitre1')} />
          {hasSecondMaster === true || !isEmployer ? (
            <SpecBlock title={t('sections.master2')} specs={specs.maitre('maitre2')} editable={isEmployer} source={source('maitre2')} />
          ) : null}
          <SpecBlock title={t('sections.contacts')} groups={specs.contacts} editable={isEmployer} source={source('contacts')} />
        </>
      );
    case 'billing':
      return (
        <>
          <SpecBlock title={t('sections.billing')} specs={specs.facturation} editable={isEmployer} source={source('facturation')} />
          {isEmployer ? <SpecBlock title={t('sections.eligibility')} specs={specs.attestationEligibilite} editable source={source('consentements')} /> : null}
        </>
      );
    case 'send':
      return <Recap kind={kind} onGo={onGo} stepErrors={stepErrors} readOnly={readOnly} />;
  }
}

/** The recap's list, laid out as MUI's dense List of items with a secondary action and two-line text was. */
const recapListSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  position: 'relative',
  '& > li': { display: 'flex', alignItems: 'center', position: 'relative', width: '100%', boxSizing: 'border-box', py: 0.5, pr: 6 },
  '& .recap-text': { flex: '1 1 auto', minWidth: 0, my: 0.5 },
  '& .recap-text.has-errors': { my: 0.75 },
  '& .recap-action': { position: 'absolute', right: 0, top: '50%', transform: 'translateY(-50%)' },
} as const;

/** The last step: each step to review before sending, or to read back once the sheet is sent (or not open to this person). */
function Recap({ kind, onGo, stepErrors, readOnly }: { kind: Kind; onGo: (index: number) => void; stepErrors: Map<InformationStep, number>; readOnly: boolean }): ReactNode {
  const { t } = useTranslation('sheets');
  return (
    <>
      <Typography>{readOnly ? t('info.recapSent') : t(`info.recap.${kind}`)}</Typography>
      <Box component="ul" sx={recapListSx}>
        {informationSteps.slice(0, -1).map((name, index) => {
          const count = stepErrors.get(name) ?? 0;
          return (
            <li key={name}>
              <div className={count > 0 ? 'recap-text has-errors' : 'recap-text'}>
                <Typography variant="body2" component="span" sx={{ display: 'block' }}>{`${index + 1}. ${t(`info.steps.${name}`)}`}</Typography>
                {count > 0 ? (
                  <Typography variant="body2" color="error" sx={{ display: 'block' }}>
                    {t('info.stepErrors', { count })}
                  </Typography>
                ) : null}
              </div>
              <div className="recap-action">
                {/* Six "Review" buttons: each one's name says which step it opens, its visible text first (WCAG 2.5.3). */}
                <Button size="small" onClick={() => onGo(index)} aria-label={t(readOnly ? 'info.viewStep' : 'info.reviewStep', { title: t(`info.steps.${name}`) })}>
                  {t(readOnly ? 'info.view' : 'info.review')}
                </Button>
              </div>
            </li>
          );
        })}
      </Box>
      {readOnly ? null : <Alert severity="warning">{t('info.lockWarning')}</Alert>}
    </>
  );
}
