import Box from '@mui/material/Box';
import { offerBody } from '@passerelle/contract/staff-offers';
import type { OfferBody, OfferInput, StaffOffer } from '@passerelle/contract/staff-offers';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { OutlinedField } from '../../../../components/form/outlined-field';
import { TextFieldElement } from '../../../../components/form/text-field-element';
import { contractResolver } from '../../../../components/form/contract-resolver';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { useSaveOffer } from '../api/offers';

const fieldNames = [
  'title',
  'companyName',
  'logo',
  'publicationDate',
  'startDate',
  'description',
  'linkType',
  'link',
] as const;

const today = () => new Date().toLocaleDateString('en-CA');

function defaultsOf(offer: StaffOffer | undefined): OfferInput {
  if (!offer) {
    return {
      title: '',
      companyName: '',
      logo: null,
      publicationDate: today(),
      startDate: '',
      description: '',
      linkType: 'link',
      link: '',
    };
  }
  return {
    title: offer.title,
    companyName: offer.companyName,
    logo: offer.logo,
    publicationDate: offer.publicationDate,
    startDate: offer.startDate ?? '',
    description: offer.description,
    linkType: offer.linkType,
    link: offer.link,
  };
}

function LinkTypeSelect({ control }: { control: Control<OfferInput> }) {
  const { t } = useTranslation('staff-offers');
  const { field, fieldState } = useController({ name: 'linkType', control });
  return (
    <OutlinedField
      label={t('form.linkType')}
      required
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
      select={
        <>
          <option value="link">{t('form.linkTypes.link')}</option>
          <option value="mail">{t('form.linkTypes.mail')}</option>
        </>
      }
      input={{
        name: field.name,
        value: field.value === 'mail' ? 'mail' : 'link',
        onChange: (event) => field.onChange(event.target.value),
        onBlur: field.onBlur,
        inputRef: field.ref,
      }}
    />
  );
}

const twoColumns = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Creating or editing a job offer; the form checks with the API's own schema, the server's refusals land under their field. */
export function OfferDialog({
  offer,
  onClose,
  onSaved,
}: {
  offer?: StaffOffer;
  onClose: () => void;
  onSaved: (offer: StaffOffer) => void;
}) {
  const { t } = useTranslation(['staff-offers', 'common']);
  const save = useSaveOffer();
  const form = useForm<OfferInput, unknown, OfferBody>({
    defaultValues: defaultsOf(offer),
    resolver: contractResolver(offerBody),
  });
  const linkType = useWatch({ control: form.control, name: 'linkType' });

  return (
    <FormDialog
      title={offer ? t('form.editTitle') : t('form.createTitle')}
      form={form}
      fields={fieldNames}
      onSave={async (body) => onSaved((await save.mutateAsync({ id: offer?.id, body })).offer)}
      onClose={onClose}
      isPending={save.isPending}
      submitLabel={offer ? t('form.saveChanges') : t('form.create')}
      pendingLabel={t('form.saving')}
      failedText={t('form.failed')}
    >
      <TextFieldElement name="title" control={form.control} label={t('form.title')} required />
      <TextFieldElement name="companyName" control={form.control} label={t('form.companyName')} required />
      <Box sx={twoColumns}>
        <TextFieldElement
          name="publicationDate"
          control={form.control}
          label={t('form.publicationDate')}
          type="date"
          required
        />
        <TextFieldElement
          name="startDate"
          control={form.control}
          label={t('form.startDate')}
          type="date"
          helperText={t('form.startDateHint')}
        />
      </Box>
      <TextFieldElement
        name="description"
        control={form.control}
        label={t('form.description')}
        required
        multiline
        minRows={5}
      />
      <Box sx={{ ...twoColumns, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
        <LinkTypeSelect control={form.control} />
        <TextFieldElement
          name="link"
          control={form.control}
          label={linkType === 'mail' ? t('form.linkMail') : t('form.linkUrl')}
          type={linkType === 'mail' ? 'email' : 'url'}
          required
          helperText={linkType === 'mail' ? t('form.linkMailHint') : t('form.linkUrlHint')}
        />
      </Box>
    </FormDialog>
  );
}
