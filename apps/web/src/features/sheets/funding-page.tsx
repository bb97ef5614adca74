import HourglassEmpty from '@mui/icons-material/HourglassEmptyOutlined';
import Home from '@mui/icons-material/HomeOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { FundingValidationBody, FundingValidationResponse } from '@passerelle/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { fundingValidationBody } from '@passerelle/contract/sheets';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DefinitionItem, DefinitionList } from '../../components/definition-list';
import { ErrorState } from '../../components/error-state';
import { contractResolver } from '../../components/form/contract-resolver';
import { OutlinedField } from '../../components/form/outlined-field';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../components/use-error-text';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { decideFunding, fundingQueryOptions } from './api/sheets';
import { fundingChoices } from './common/contract-mirrors';
import { formatDate, formatDateTime, formatEuros } from './common/dates';
import { numberFormat } from '../../lib/number-format';
import { DossierLine } from './common/dossier-line';
import { FormationSummary } from './common/formation-summary';
import { fieldMessage } from './common/messages';
import { useFocusOnMount } from './common/summaries';
import { useSheetId } from './common/use-sheet-id';

type FormValues = z.input<typeof fundingValidationBody>;

const resolver = contractResolver(fundingValidationBody);

function Terms({ terms }: { terms: NonNullable<FundingValidationResponse['terms']> }) {
  const { t, i18n } = useTranslation('sheets');
  const rows: [string, string][] = [
    [t('funding.terms.coutFormationAnnuel'), formatEuros(terms.coutFormationAnnuel, i18n.language)],
    [t('funding.terms.priseEnChargeOpco'), formatEuros(terms.priseEnChargeOpco, i18n.language)],
    [t('funding.terms.resteACharge'), formatEuros(terms.resteACharge, i18n.language)],
    [t('funding.terms.rythme'), terms.rythme],
    ...(terms.commentaire ? ([[t('funding.terms.commentaire'), terms.commentaire]] as [string, string][]) : []),
  ];
  return (
    <DefinitionList variant="terms">
      {rows.map(([label, value]) => (
        <DefinitionItem key={label} label={label} valueSx={{ fontWeight: 600, whiteSpace: 'pre-line' }}>
          {value}
        </DefinitionItem>
      ))}
    </DefinitionList>
  );
}

type FundingRules = NonNullable<FundingValidationResponse['fundingRules']>;

/** The 2025 rules concern apprenticeships only: a professionalisation contract's screen does not list them. */
const isApprenticeship = ({ employerShare }: FundingRules) =>
  employerShare.applies || employerShare.reason !== 'not-apprenticeship';

/**
 * The 2025 funding rules of this contract and why (decision 0044): the employer's 750 € share from a level-6
 * certification, the OPCO's funding lowered by 20 % for a training at least 80 % remote.
 */
function FundingRulesSection({ rules }: { rules: FundingRules }) {
  const { t, i18n } = useTranslation('sheets');
  const titleId = useId();
  const euros = (value: number) => formatEuros(value, i18n.language);
  const percent = (value: number) => numberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  const date = formatDate(rules.judgedOn, i18n.language);
  const { employerShare: share, remoteReduction: remote } = rules;
  const rows: { label: string; applies: boolean; outcome: string; why: string[] }[] = [
    {
      label: t('funding.rules.share.label'),
      applies: share.applies,
      outcome: share.applies
        ? t('funding.rules.share.applies', { amount: euros(share.amount) })
        : t('funding.rules.share.notApplies'),
      why: share.applies
        ? [t('funding.rules.share.appliesWhy', { level: share.level, amount: euros(share.amount) })]
        : [t(`funding.rules.share.${share.reason}`, { level: share.level ?? '', date })],
    },
    {
      label: t('funding.rules.remote.label'),
      applies: remote.applies,
      outcome: remote.applies ? t('funding.rules.remote.applies') : t('funding.rules.remote.notApplies'),
      why: remote.applies
        ? [
            t('funding.rules.remote.appliesWhy', { share: percent(remote.sharePercent) }),
            ...(remote.npec !== null && remote.reducedNpec !== null
              ? [
                  t('funding.rules.remote.appliesAmount', {
                    reduced: euros(remote.reducedNpec),
                    npec: euros(remote.npec),
                  }),
                  ...(remote.floorApplied ? [t('funding.rules.remote.floor')] : []),
                ]
              : [t('funding.rules.remote.noAmount')]),
          ]
        : [
            t(`funding.rules.remote.${remote.reason}`, {
              share: remote.sharePercent === null ? '' : percent(remote.sharePercent),
              date,
            }),
          ],
    },
  ];
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {t('funding.rules.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('funding.rules.intro')} {rules.concluded ? null : t('funding.rules.today')}
      </Typography>
      <DefinitionList variant="terms">
        {rows.map((row) => (
          <DefinitionItem key={row.label} label={row.label}>
            <Chip
              size="small"
              color={row.applies ? 'warning' : 'default'}
              label={row.outcome}
              sx={{
                fontWeight: 600,
                maxWidth: '100%',
                height: 'auto',
                '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
              }}
            />
            {row.why.map((line) => (
              <Typography key={line} variant="body2" sx={{ mt: 0.5 }}>
                {line}
              </Typography>
            ))}
          </DefinitionItem>
        ))}
      </DefinitionList>
    </Box>
  );
}

function Outcome({ funding }: { funding: FundingValidationResponse }) {
  const { t, i18n } = useTranslation('sheets');
  const ref = useFocusOnMount<HTMLDivElement>();
  if (!funding.decision) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      severity={funding.decision === 'accepted' ? 'success' : funding.decision === 'denied' ? 'error' : 'info'}
      sx={{ outline: 'none' }}
    >
      <AlertTitle>{t(`funding.outcome.${funding.decision}`)}</AlertTitle>
      {funding.decidedAt ? (
        <div>{t('funding.decidedAt', { date: formatDateTime(funding.decidedAt, i18n.language) })}</div>
      ) : null}
      {funding.reason ? (
        <div style={{ whiteSpace: 'pre-line' }}>{t('funding.reasonShown', { reason: funding.reason })}</div>
      ) : null}
      <Button component={Link} to="/" size="small" variant="outlined" startIcon={<Home />} sx={{ mt: 1 }}>
        {t('actions.employerHome')}
      </Button>
    </Alert>
  );
}

/** Before the school records the terms there is nothing to decide on: say so, say what comes next, offer no choice. */
function NoTerms() {
  const { t } = useTranslation('sheets');
  return (
    <Alert severity="info" icon={<HourglassEmpty />}>
      <AlertTitle>{t('funding.noTermsTitle')}</AlertTitle>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        <span>{t('funding.noTerms')}</span>
        <Button component={Link} to="/" size="small" variant="outlined" startIcon={<Home />}>
          {t('actions.employerHome')}
        </Button>
      </Box>
    </Alert>
  );
}

function DecisionForm({ id }: { id: number }) {
  const { t, i18n } = useTranslation('sheets');
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const labelId = useId();
  const [pending, setPending] = useState<FundingValidationBody | null>(null);
  const form = useForm<FormValues, unknown, FundingValidationBody>({
    resolver,
    defaultValues: { decision: undefined as never, reason: '' },
    mode: 'onTouched',
  });
  const decision = useWatch({ control: form.control, name: 'decision' });
  const mutation = useMutation({
    mutationFn: (body: FundingValidationBody) => decideFunding(id, body),
    onSuccess: (next) => queryClient.setQueryData(fundingQueryOptions(id).queryKey, next),
    onError: (error) => {
      // The terms went away meanwhile (or never were): the page reloads to its "no terms yet" state.
      if (error instanceof ApiError && error.code === 'FUNDING_TERMS_MISSING')
        void queryClient.invalidateQueries({ queryKey: fundingQueryOptions(id).queryKey });
      if (error instanceof ApiError)
        for (const [path, messages] of Object.entries(error.errors))
          if (path === 'decision' || path === 'reason')
            form.setError(path, { type: 'server', message: messages[0] ?? '' });
    },
    onSettled: () => setPending(null),
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void form.handleSubmit((body) => setPending(body))(event)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Controller
        control={form.control}
        name="decision"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormLabel id={labelId} sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
              {t('funding.question')}
            </FormLabel>
            <RadioGroup
              aria-labelledby={labelId}
              name={field.name}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value)}
            >
              {fundingChoices.map((value, index) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={
                    <Radio onBlur={field.onBlur} slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />
                  }
                  label={
                    <Box sx={{ py: 0.5 }}>
                      <Typography sx={{ fontWeight: 600 }}>{t(`funding.choices.${value}.label`)}</Typography>
                      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                        {t(`funding.choices.${value}.help`)}
                      </Typography>
                    </Box>
                  }
                  sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { mt: 0.25 } }}
                />
              ))}
            </RadioGroup>
            {fieldState.error ? <FormHelperText>{t('funding.chooseOne')}</FormHelperText> : null}
          </FormControl>
        )}
      />
      {decision === 'denied' ? (
        <Controller
          control={form.control}
          name="reason"
          render={({ field, fieldState }) => (
            <OutlinedField
              id="field-reason"
              label={t('funding.reason')}
              required
              error={Boolean(fieldState.error)}
              helperText={fieldMessage(fieldState.error?.message, i18n.language) ?? t('funding.reasonHint')}
              input={{
                multiline: true,
                minRows: 4,
                name: field.name,
                value: field.value ?? '',
                onChange: field.onChange,
                onBlur: field.onBlur,
                inputRef: field.ref,
                inputProps: { maxLength: 2000 },
              }}
            />
          )}
        />
      ) : null}
      {mutation.error && !(mutation.error instanceof ApiError && Object.keys(mutation.error.errors).length > 0) ? (
        <Alert severity="error">{errorText(mutation.error)}</Alert>
      ) : null}
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending}>
          {t('funding.submit')}
        </Button>
      </Box>
      <ConfirmDialog
        open={pending !== null}
        title={t('funding.confirmTitle')}
        message={pending ? t(`funding.confirm.${pending.decision}`) : ''}
        confirmLabel={t('funding.submit')}
        isPending={mutation.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && mutation.mutate(pending)}
      />
    </Box>
  );
}

/** SPEC "Funding validation": the employer accepts, denies (with reasons) or stalls the terms set by the school. */
function FundingPage() {
  const { t } = useTranslation('sheets');
  const id = useSheetId();
  const query = useQuery(fundingQueryOptions(id));
  if (query.isPending) return <FullPageSpinner />;
  if (query.isError)
    return (
      <>
        <PageHeader title={t('funding.title')} />
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  const funding = query.data;
  return (
    <>
      <PageHeader
        title={t('funding.title')}
        context={<DossierLine dossier={funding.dossier} />}
        subtitle={funding.terms ? t('funding.subtitle') : undefined}
      />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <FormationSummary formation={funding.formation} />
        {funding.decision ? <Outcome funding={funding} /> : null}
        {funding.terms ? (
          <Card>
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 3, p: { xs: 2, sm: 3 } }}>
              <Typography variant="h2" sx={{ fontSize: '1.2rem' }}>
                {t('funding.termsTitle')}
              </Typography>
              <Terms terms={funding.terms} />
              {funding.fundingRules && isApprenticeship(funding.fundingRules) ? (
                <FundingRulesSection rules={funding.fundingRules} />
              ) : null}
              {/* An employer decides on terms it can read: no choice is offered before they exist. */}
              {funding.canDecide ? <DecisionForm id={id} /> : null}
            </CardContent>
          </Card>
        ) : (
          <NoTerms />
        )}
      </Box>
    </>
  );
}

export { FundingPage as Component };
