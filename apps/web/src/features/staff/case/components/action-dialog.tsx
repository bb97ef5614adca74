import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import type { ReviewableDocument, SignerRole } from '@passerelle/contract';
import { dossierTermsBody, firstContactDecisionBody } from '@passerelle/contract/sheets';
import { manualSignatureDecisionBody } from '@passerelle/contract/signing';
import {
  archiveBody,
  contractEndBody,
  contractPreparedAgainBody,
  documentReviewBody,
  markFiledBody,
  markRegisteredBody,
  markSignedBody,
  missionsComplementBody,
  returnSheetBody,
} from '@passerelle/contract/staff';
import type { z } from 'zod';
import { todayIso } from '@passerelle/contract/rules/dates';
import { useId, useState } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { OutlinedField } from '../../../../components/form/outlined-field';
import { applyServerErrors, serverFieldMessage } from '../../../../components/form/server-errors';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { useErrorText } from '../../../../components/use-error-text';
import { ApiError } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/date-format';
import { useAuth } from '../../../../lib/auth-store';
import { staffSettingsPath } from '../../../../lib/back-office-links';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../../lib/i18n';
import { useCaseAction, type CaseActionInput } from '../api/case';
import type { CaseDetail } from '../utils/case-data';
import { isDestructive, type CaseIntent } from './case-intents';

type Values = Record<string, unknown>;

interface FieldDef {
  name: string;
  /** i18n key in `staff-case:dialog.fields`. */
  label: string;
  kind: 'text' | 'textarea' | 'date' | 'number' | 'sheet';
  hint?: string;
  required?: boolean;
  /** A date that has happened (a signature, a sending). */
  pastOnly?: boolean;
}

interface IntentForm {
  /** The contract's schema of the action's body, the API's own. */
  schema?: z.ZodType<Values, Values>;
  defaults: Values;
  fields: FieldDef[];
  /** The action and its body (typed by the action's route), from the checked values. */
  request: (values: Values) => CaseActionInput;
}

const reason: FieldDef = { name: 'reason', label: 'reason', kind: 'textarea', required: true };

/** A review names its document: the documents panel always gives it. */
function reviewed(document: ReviewableDocument | undefined): ReviewableDocument {
  if (!document) throw new Error('A document review needs its document');
  return document;
}

/**
 * Each confirmation's fields, checked with the contract's schema of the action's body (STYLE, validation layer 2);
 * the body sent is that schema's own reading of the checked values.
 */
function formOf(
  intent: CaseIntent,
  detail: CaseDetail,
  document: ReviewableDocument | undefined,
  role: SignerRole | undefined,
): IntentForm {
  switch (intent) {
    case 'confirm-scan':
      return {
        defaults: {},
        fields: [],
        request: () => ({ action: 'manual-signature', body: { decision: 'confirmed', role } }),
      };
    case 'reject-scan':
      return {
        schema: manualSignatureDecisionBody,
        defaults: { decision: 'rejected', role, reason: '' },
        fields: [reason],
        request: (values) => ({ action: 'manual-signature', body: manualSignatureDecisionBody.parse(values) }),
      };
    case 'accept':
      return { defaults: {}, fields: [], request: () => ({ action: 'first-contact', body: { decision: 'accept' } }) };
    case 'refuse':
      return {
        schema: firstContactDecisionBody,
        defaults: { decision: 'refuse', reason: '' },
        fields: [reason],
        request: (values) => ({ action: 'first-contact', body: firstContactDecisionBody.parse(values) }),
      };
    case 'modalites':
      return {
        schema: dossierTermsBody,
        defaults: {
          coutFormationAnnuel: null,
          priseEnChargeOpco: null,
          resteACharge: null,
          rythme: '',
          commentaire: '',
        },
        fields: [
          { name: 'coutFormationAnnuel', label: 'coutFormationAnnuel', kind: 'number', required: true },
          { name: 'priseEnChargeOpco', label: 'priseEnChargeOpco', kind: 'number', required: true },
          { name: 'resteACharge', label: 'resteACharge', kind: 'number', required: true },
          { name: 'rythme', label: 'rythme', kind: 'text', hint: 'rythmeHint', required: true },
          { name: 'commentaire', label: 'commentaire', kind: 'textarea' },
        ],
        request: (values) => {
          const terms = dossierTermsBody.parse(values);
          // An empty comment is no comment.
          return { action: 'modalites', body: { ...terms, commentaire: terms.commentaire || undefined } };
        },
      };
    case 'return':
      return {
        schema: returnSheetBody,
        defaults: { sheet: detail.returnableSheets.length === 1 ? detail.returnableSheets[0] : '', message: '' },
        fields: [
          { name: 'sheet', label: 'sheet', kind: 'sheet', required: true },
          { name: 'message', label: 'message', kind: 'textarea', required: true },
        ],
        request: (values) => ({ action: 'return', body: returnSheetBody.parse(values) }),
      };
    case 'missions-complement':
      return {
        schema: missionsComplementBody,
        defaults: { message: '' },
        fields: [{ name: 'message', label: 'messageEmployer', kind: 'textarea', required: true }],
        request: (values) => ({ action: 'missions-complement', body: missionsComplementBody.parse(values) }),
      };
    case 'validate':
      return {
        defaults: {},
        fields: [],
        request: () => ({ action: 'document-review', body: { document: reviewed(document), decision: 'valid' } }),
      };
    case 'reject':
      return {
        schema: documentReviewBody,
        defaults: { document, decision: 'rejected', reason: '' },
        fields: [reason],
        request: (values) => ({ action: 'document-review', body: documentReviewBody.parse(values) }),
      };
    case 'contract-prepared':
      // The reason shows only once the server has listed what the contract lacks (ContractOverride below).
      return { defaults: { reason: '' }, fields: [], request: () => ({ action: 'contract-prepared', body: {} }) };
    case 'contract-prepared-again':
      return {
        schema: contractPreparedAgainBody,
        defaults: { reason: '' },
        fields: [{ name: 'reason', label: 'againReason', kind: 'textarea', required: true }],
        request: (values) => ({ action: 'contract-prepared-again', body: contractPreparedAgainBody.parse(values) }),
      };
    case 'signed':
      return {
        schema: markSignedBody,
        defaults: { signedOn: todayIso() },
        fields: [{ name: 'signedOn', label: 'signedOn', kind: 'date', required: true, pastOnly: true }],
        request: (values) => ({ action: 'signed', body: markSignedBody.parse(values) }),
      };
    case 'filed':
      return {
        schema: markFiledBody,
        defaults: { filedOn: todayIso() },
        fields: [{ name: 'filedOn', label: 'filedOn', kind: 'date', required: true, pastOnly: true }],
        request: (values) => ({ action: 'filed', body: markFiledBody.parse(values) }),
      };
    case 'registered':
      return {
        schema: markRegisteredBody,
        defaults: { decaNumber: '' },
        fields: [{ name: 'decaNumber', label: 'decaNumber', kind: 'text', required: true }],
        request: (values) => ({ action: 'registered', body: markRegisteredBody.parse(values) }),
      };
    case 'archive':
      return {
        schema: archiveBody,
        defaults: { reason: '' },
        fields: [reason],
        request: (values) => ({ action: 'archive', body: archiveBody.parse(values) }),
      };
    case 'reopen':
      return { defaults: {}, fields: [], request: () => ({ action: 'reopen', body: {} }) };
    case 'breaking':
    case 'broken':
      return {
        schema: contractEndBody,
        defaults: { date: '', reason: '' },
        fields: [
          { name: 'date', label: intent === 'breaking' ? 'breakingDate' : 'date', kind: 'date', required: true },
          reason,
        ],
        request: (values) => ({ action: intent, body: contractEndBody.parse(values) }),
      };
  }
}

/**
 * Preparing again cancels what the pending procedure collected: the signatures given and the scans sent, each named,
 * before staff confirm (issue 29).
 */
function CancelledSignatures({ detail }: { detail: CaseDetail }) {
  const { t, i18n } = useTranslation('staff-case');
  const procedure = detail.signature;
  const collected =
    procedure?.procedureState === 'pending'
      ? procedure.signers.filter((signer) => signer.status === 'signed' || signer.status === 'submitted')
      : [];
  if (collected.length === 0)
    return (
      <Alert severity="info" sx={{ m: 0 }}>
        {t('dialog.again.none')}
      </Alert>
    );
  return (
    <Alert severity="warning" sx={{ m: 0 }}>
      <Box component="p" sx={{ m: 0, fontWeight: 600 }}>
        {t('dialog.again.cancelled')}
      </Box>
      <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
        {collected.map((signer) => {
          const values = { name: signer.name, role: t(`signature.roles.${signer.role}`) };
          const line =
            signer.status === 'submitted'
              ? t('dialog.again.submitted', values)
              : signer.at
                ? t('dialog.again.signedOn', { ...values, date: formatDate(signer.at, i18n.language) })
                : t('dialog.again.signed', values);
          return <li key={signer.role}>{line}</li>;
        })}
      </Box>
    </Alert>
  );
}

function SheetSelect({
  control,
  field,
  sheets,
}: {
  control: Control<Values>;
  field: FieldDef;
  sheets: CaseDetail['returnableSheets'];
}) {
  const { t } = useTranslation('staff-case');
  const { field: input, fieldState } = useController({ name: field.name, control });
  return (
    <OutlinedField
      label={t(builtKey<'staff-case'>(`dialog.fields.${field.label}`))}
      required
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      select={
        <>
          <option value="">{t('dialog.fields.choose')}</option>
          {sheets.map((sheet) => (
            <option key={sheet} value={sheet}>
              {t(`sheets.kinds.${sheet}`)}
            </option>
          ))}
        </>
      }
      input={{
        name: input.name,
        value: typeof input.value === 'string' ? input.value : '',
        onChange: (event) => input.onChange(event.target.value),
        onBlur: input.onBlur,
        inputRef: input.ref,
      }}
    />
  );
}

export type ActionOutcome = 'done' | 'conflict';

/**
 * What the contract lacks (409 CONTRACT_INCOMPLETE), and whether staff may prepare it anyway with a reason; `cfa`: the
 * CFA's own identity is part of it (409 CFA_IDENTITY_INCOMPLETE in production, never overridden), which no sheet
 * holds: an admin completes it in the settings.
 */
interface Incomplete {
  items: string[];
  overridable: boolean;
  cfa: 'blocking' | 'listed' | null;
}

/** The NIR and the previous contract's DECA number are never overridden (the API's rule, repeated to say so early). */
const neverOverridable = (field: string) => field === 'apprenti.nir' || field.includes('numeroContratPrecedent');

const isCfaField = (field: string) => field.startsWith('cfa.');
const cfaFields = ['denomination', 'uai', 'siret'] as const;

function incompleteOf(error: ApiError, cfaItem: (field: string, messages: string[]) => string): Incomplete {
  if (error.code === 'CFA_IDENTITY_INCOMPLETE')
    return {
      items: Object.entries(error.errors).map(([field, messages]) => cfaItem(field, messages)),
      overridable: false,
      cfa: 'blocking',
    };
  return {
    items: Object.values(error.errors).flat(),
    overridable: !Object.keys(error.errors).some(neverOverridable),
    cfa: Object.keys(error.errors).some(isCfaField) ? 'listed' : null,
  };
}

/**
 * Where the CFA's identity is completed: the settings, which admins open from here; staff, who cannot, are told to ask
 * an admin (the settings are the admins' only).
 */
function CfaIdentityAdvice() {
  const { t } = useTranslation('staff-case');
  const { user } = useAuth();
  if (user?.userType !== 'admin')
    return (
      <Box component="p" sx={{ m: 0, mt: 1 }}>
        {t('dialog.incomplete.cfaAskAdmin')}
      </Box>
    );
  return (
    <Box component="p" sx={{ m: 0, mt: 1 }}>
      {t('dialog.incomplete.cfaAdmin')}{' '}
      <Link component={RouterLink} to={staffSettingsPath} sx={{ fontWeight: 600 }}>
        {t('dialog.incomplete.cfaLink')}
      </Link>
    </Box>
  );
}

/**
 * The confirmation of one action: what will happen, the fields the action needs, and the button that does it. A 400
 * puts the server's messages under the fields, a 409 (the case moved on meanwhile) closes it with that said.
 */
export default function ActionDialog({
  intent,
  document,
  role,
  detail,
  onClose,
  onDone,
}: {
  intent: CaseIntent;
  document?: ReviewableDocument;
  role?: SignerRole;
  detail: CaseDetail;
  onClose: () => void;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const { t } = useTranslation(['staff-case', 'common']);
  const errorText = useErrorText();
  const titleId = useId();
  const textId = useId();
  const [spec] = useState(() => formOf(intent, detail, document, role));
  const mutation = useCaseAction(detail.id);
  const [failure, setFailure] = useState<unknown>(null);
  const [incomplete, setIncomplete] = useState<Incomplete | null>(null);
  const incompleteId = useId();
  const form = useForm<Values>({
    defaultValues: spec.defaults,
    resolver: spec.schema ? contractResolver(spec.schema) : undefined,
  });
  const documentName = document ? t(`documents.kinds.${document}`) : '';

  const isPreparing = intent === 'contract-prepared' || intent === 'contract-prepared-again';
  const overriding = isPreparing && incomplete?.overridable === true;
  /** "N° UAI du CFA : <what is wrong>", the server's codes put into words. */
  const cfaItem = (field: string, messages: string[]) => {
    const name = field.replace(/^cfa\./, '');
    const label = cfaFields.find((known) => known === name);
    return `${label ? t(`dialog.incomplete.cfaFields.${label}`) : field} : ${serverFieldMessage(messages)}`;
  };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const reasonText = typeof values['reason'] === 'string' ? values['reason'].trim() : '';
    if (overriding && !reasonText) {
      form.setError(
        'reason',
        { type: 'required', message: serverFieldMessage(['field.required']) },
        { shouldFocus: true },
      );
      return;
    }
    try {
      await mutation.mutateAsync(
        overriding
          ? intent === 'contract-prepared-again'
            ? { action: 'contract-prepared-again', body: { override: true, reason: reasonText } }
            : { action: 'contract-prepared', body: { override: true, reason: reasonText } }
          : spec.request(values),
      );
      onDone('done');
    } catch (error) {
      // The contract lacks something: said in the dialog, with the way to prepare it anyway when that is allowed.
      const isIncomplete =
        error instanceof ApiError && (error.code === 'CONTRACT_INCOMPLETE' || error.code === 'CFA_IDENTITY_INCOMPLETE');
      if (isPreparing && isIncomplete) {
        setIncomplete(incompleteOf(error, cfaItem));
        setTimeout(() => window.document.getElementById(incompleteId)?.focus(), 0);
        return;
      }
      if (error instanceof ApiError && error.status === 409) {
        onDone('conflict');
        return;
      }
      const names = [...spec.fields.map((field) => field.name), ...(overriding ? ['reason'] : [])];
      if (!applyServerErrors(error, form.setError, names)) setFailure(error);
    }
  });

  const isPending = mutation.isPending;
  return (
    <Dialog
      open
      onClose={isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>{t(`dialog.titles.${intent}`, { document: documentName })}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <DialogContentText id={textId}>{t(`dialog.consequences.${intent}`)}</DialogContentText>
          {intent === 'contract-prepared-again' ? <CancelledSignatures detail={detail} /> : null}
          {spec.fields.map((field) =>
            field.kind === 'sheet' ? (
              <SheetSelect key={field.name} control={form.control} field={field} sheets={detail.returnableSheets} />
            ) : (
              <TextFieldElement
                key={field.name}
                name={field.name}
                control={form.control}
                label={t(builtKey<['staff-case', 'common']>(`dialog.fields.${field.label}`))}
                required={field.required}
                helperText={
                  field.hint ? t(builtKey<['staff-case', 'common']>(`dialog.fields.${field.hint}`)) : undefined
                }
                type={field.kind === 'textarea' ? undefined : field.kind}
                multiline={field.kind === 'textarea'}
                minRows={field.kind === 'textarea' ? 3 : undefined}
                asNumber={field.kind === 'number'}
                max={field.pastOnly ? todayIso() : undefined}
              />
            ),
          )}
          {incomplete ? (
            <Alert id={incompleteId} tabIndex={-1} severity="warning" sx={{ outline: 'none' }}>
              <Box component="p" sx={{ m: 0, fontWeight: 600 }}>
                {t(incomplete.cfa === 'blocking' ? 'dialog.incomplete.cfaTitle' : 'dialog.incomplete.title')}
              </Box>
              <Box component="ul" sx={{ my: 1, pl: 2.5 }}>
                {incomplete.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </Box>
              {incomplete.cfa === 'blocking' ? null : (
                <Box component="p" sx={{ m: 0 }}>
                  {t(incomplete.overridable ? 'dialog.incomplete.override' : 'dialog.incomplete.blocked')}
                </Box>
              )}
              {incomplete.cfa ? <CfaIdentityAdvice /> : null}
            </Alert>
          ) : null}
          {overriding && intent === 'contract-prepared' ? (
            <TextFieldElement
              name="reason"
              control={form.control}
              label={t('dialog.fields.overrideReason')}
              required
              multiline
              minRows={3}
            />
          ) : null}
          {failure ? (
            <Alert severity="error" role="alert">
              {t('feedback.failed')} {errorText(failure)}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={onClose} disabled={isPending}>
            {t('common:actions.cancel')}
          </Button>
          {incomplete && !incomplete.overridable ? null : (
            <Button
              type="submit"
              variant="contained"
              color={isDestructive(intent) ? 'error' : 'primary'}
              disabled={isPending}
            >
              {isPending
                ? t('dialog.sending')
                : overriding
                  ? t('dialog.incomplete.confirm')
                  : t(`dialog.confirm.${intent}`)}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
