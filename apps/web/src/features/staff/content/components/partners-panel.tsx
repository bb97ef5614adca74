import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StaffPartner } from '@passerelle/contract/staff-content';
import { useId, useState } from 'react';
import { useController, useForm, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { serverFieldMessage } from '../../../../components/form/server-errors';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { useErrorText } from '../../../../components/use-error-text';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { uploadPartnerLogo, useDeletePartner, useOrderPartners, usePartners, useSavePartner } from '../api/content';
import { FormDialog } from '../../components/form-dialog';
import { OrderedList } from './ordered-list';

interface PartnerForm {
  nom: string;
  web: string;
  logo: string;
}

/** The partner's logo: a file sent at once, its address kept in the form; its preview, its hint or its refusal. */
function LogoField({
  control,
  isUploading,
  onChoose,
}: {
  control: Control<PartnerForm>;
  isUploading: boolean;
  onChoose: (file: File | undefined) => void;
}) {
  const { t } = useTranslation('staff-content');
  const logoId = useId();
  const {
    field: { value: logo, ref },
    fieldState,
  } = useController({ name: 'logo', control });
  const error = fieldState.error?.message;
  return (
    <Box>
      <Typography
        component="label"
        htmlFor={logoId}
        variant="body2"
        sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}
      >
        {t('partners.logo')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {logo ? (
          <Box
            component="img"
            src={logo}
            alt={t('partners.logoPreview')}
            sx={{ width: 56, height: 56, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        ) : null}
        <input
          id={logoId}
          ref={ref}
          type="file"
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          aria-describedby={`${logoId}-help`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChoose(event.target.files?.[0])}
        />
      </Box>
      <Typography
        id={`${logoId}-help`}
        variant="body2"
        sx={{ color: error ? 'error.main' : 'text.secondary', mt: 0.5 }}
      >
        {isUploading ? t('partners.logoUploading') : (error ?? t('partners.logoHint'))}
      </Typography>
    </Box>
  );
}

function PartnerDialog({
  partner,
  onClose,
  onDone,
}: {
  partner?: StaffPartner;
  onClose: () => void;
  onDone: (name: string) => void;
}) {
  const { t } = useTranslation('staff-content');
  const errorText = useErrorText();
  const save = useSavePartner();
  const [isUploading, setUploading] = useState(false);
  // The checks before sending: a name, an https address, a logo sent already.
  const resolver: Resolver<PartnerForm> = (values) => {
    const body = { nom: values.nom.trim(), web: values.web.trim(), logo: values.logo };
    const errors: FieldErrors<PartnerForm> = {};
    if (!body.nom) errors.nom = { type: 'required', message: t('partners.nameRequired') };
    if (!/^https:\/\/[^\s/]+\.[^\s]+$/.test(body.web))
      errors.web = { type: 'pattern', message: t('partners.webInvalid') };
    if (!body.logo) errors.logo = { type: 'required', message: t('partners.logoRequired') };
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values: body, errors: {} };
  };
  const form = useForm<PartnerForm>({
    defaultValues: { nom: partner?.nom ?? '', web: partner?.web ?? 'https://', logo: partner?.logo ?? '' },
    resolver,
  });

  async function chooseLogo(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    form.clearErrors('logo');
    try {
      form.setValue('logo', (await uploadPartnerLogo(file)).logo);
    } catch (error) {
      const messages = error instanceof ApiError ? error.errors['file'] : undefined;
      form.setError('logo', { type: 'server', message: messages ? serverFieldMessage(messages) : errorText(error) });
    } finally {
      setUploading(false);
    }
  }

  return (
    <FormDialog
      title={partner ? t('partners.editTitle') : t('partners.addTitle')}
      form={form}
      fields={['nom', 'web', 'logo']}
      onSave={async (body) => onDone((await save.mutateAsync({ id: partner?.id, body })).partner.nom)}
      onClose={onClose}
      isPending={save.isPending || isUploading}
      submitLabel={t('actions.save')}
      pendingLabel={t('actions.save')}
      maxWidth="sm"
    >
      <TextFieldElement name="nom" control={form.control} label={t('partners.name')} required helperText=" " />
      <TextFieldElement
        name="web"
        control={form.control}
        label={t('partners.web')}
        type="url"
        required
        helperText={t('partners.webHint')}
      />
      <LogoField control={form.control} isUploading={isUploading} onChoose={(file) => void chooseLogo(file)} />
    </FormDialog>
  );
}

/** The search screen's partners card: logos leading to each partner's recruitment space, in the order shown. */
export function PartnersPanel({ onFeedback }: { onFeedback: (message: string) => void }) {
  const { t } = useTranslation('staff-content');
  const errorText = useErrorText();
  const query = usePartners();
  const order = useOrderPartners();
  const remove = useDeletePartner();
  const [editing, setEditing] = useState<{ partner?: StaffPartner } | null>(null);
  const list = query.data?.partners ?? [];

  return (
    <Paper variant="outlined" component="section" aria-label={t('partners.listTitle')} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}
      >
        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
          {t('partners.listTitle')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({})}>
          {t('partners.add')}
        </Button>
      </Box>
      <OrderedList
        query={query}
        items={list}
        nameOf={(partner) => partner.nom}
        section="partners"
        isOrdering={order.isPending}
        orderError={order.error ? errorText(order.error) : null}
        onOrder={(next) => order.mutate(next)}
        onEdit={(partner) => setEditing({ partner })}
        isRemoving={remove.isPending}
        onRemove={(partner, done) =>
          remove.mutate(partner.id, {
            onSuccess: () => onFeedback(t('partners.removed', { name: partner.nom })),
            onSettled: done,
          })
        }
      >
        {(partner) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}>
            <Box
              component="img"
              src={partner.logo}
              alt=""
              sx={{ width: 48, height: 48, objectFit: 'contain', flexShrink: 0 }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography component="h3" sx={{ fontWeight: 600, fontSize: '1rem' }}>
                {partner.nom}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {partner.web}
              </Typography>
            </Box>
          </Box>
        )}
      </OrderedList>
      {editing ? (
        <PartnerDialog
          partner={editing.partner}
          onClose={() => setEditing(null)}
          onDone={(name) => {
            setEditing(null);
            onFeedback(t('partners.saved', { name }));
          }}
        />
      ) : null}
    </Paper>
  );
}
