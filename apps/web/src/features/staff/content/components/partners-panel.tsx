import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StaffPartner } from '@passerelle/contract/staff-content';
import { useId, useState, type FormEvent } from 'react';
import { serverFieldMessage } from '../../../../components/form/server-errors';
import { useErrorText } from '../../../../components/use-error-text';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { uploadPartnerLogo, useDeletePartner, useOrderPartners, usePartners, useSavePartner } from '../api/content';
import { OrderedList } from './ordered-list';

type Field = 'nom' | 'web' | 'logo';

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
  const titleId = useId();
  const logoId = useId();
  const [nom, setNom] = useState(partner?.nom ?? '');
  const [web, setWeb] = useState(partner?.web ?? 'https://');
  const [logo, setLogo] = useState(partner?.logo ?? '');
  const [isUploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function chooseLogo(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setErrors((current) => ({ ...current, logo: undefined }));
    try {
      setLogo((await uploadPartnerLogo(file)).logo);
    } catch (error) {
      const messages = error instanceof ApiError ? error.errors['file'] : undefined;
      setErrors((current) => ({ ...current, logo: messages ? serverFieldMessage(messages) : errorText(error) }));
    } finally {
      setUploading(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const found: Partial<Record<Field, string>> = {};
    if (!nom.trim()) found.nom = t('partners.nameRequired');
    if (!/^https:\/\/[^\s/]+\.[^\s]+$/.test(web.trim())) found.web = t('partners.webInvalid');
    if (!logo) found.logo = t('partners.logoRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      { id: partner?.id, body: { nom: nom.trim(), web: web.trim(), logo } },
      {
        onSuccess: ({ partner: saved }) => onDone(saved.nom),
        onError: (error) => {
          const server = error instanceof ApiError ? error.errors : {};
          const placed = Object.fromEntries(
            (['nom', 'web', 'logo'] as const)
              .filter((f) => server[f])
              .map((f) => [f, serverFieldMessage(server[f] ?? [])]),
          );
          setErrors(placed);
          if (Object.keys(placed).length === 0) setFormError(errorText(error));
        },
      },
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{partner ? t('partners.editTitle') : t('partners.addTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <TextField
            margin="dense"
            required
            label={t('partners.name')}
            value={nom}
            onChange={(e) => setNom(e.target.value)}
            error={Boolean(errors.nom)}
            helperText={errors.nom ?? ' '}
          />
          <TextField
            required
            label={t('partners.web')}
            value={web}
            inputMode="url"
            onChange={(e) => setWeb(e.target.value)}
            error={Boolean(errors.web)}
            helperText={errors.web ?? t('partners.webHint')}
          />
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
                  sx={{
                    width: 56,
                    height: 56,
                    objectFit: 'contain',
                    border: 1,
                    borderColor: 'divider',
                    borderRadius: 1,
                  }}
                />
              ) : null}
              <input
                id={logoId}
                type="file"
                accept="image/png,image/jpeg,.png,.jpg,.jpeg"
                aria-describedby={`${logoId}-help`}
                aria-invalid={errors.logo ? true : undefined}
                onChange={(event) => void chooseLogo(event.target.files?.[0])}
              />
            </Box>
            <Typography
              id={`${logoId}-help`}
              variant="body2"
              sx={{ color: errors.logo ? 'error.main' : 'text.secondary', mt: 0.5 }}
            >
              {isUploading ? t('partners.logoUploading') : (errors.logo ?? t('partners.logoHint'))}
            </Typography>
          </Box>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending || isUploading}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
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
