import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Description from '@mui/icons-material/Description';
import Download from '@mui/icons-material/Download';
import EditNote from '@mui/icons-material/EditNote';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Inventory2 from '@mui/icons-material/Inventory2';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Dossier } from '@passerelle/contract';
import {
  DOSSIER_STATUT_ARCHIVED,
  canDeleteDossier,
  dossierActions,
  type DossierAction,
} from '@passerelle/contract/dossier-progress';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { useErrorText } from '../../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { useDeleteDossier } from '../../api/dossiers';
import { useDownload } from '../../../../components/use-download';
import { formatDate, formatLongDate } from '../../utils/dates';
import { DossierSteps } from './dossier-steps';
import { DossierBadge } from '../../../../components/dossier-badge';

/** SPEC section 9: the short date under 768 px on the cases screen. */
const NARROW_QUERY = '(max-width: 767.95px)';

function ActionButton({
  action,
  download,
  pendingUrl,
}: {
  action: DossierAction;
  download: (url: string) => void;
  pendingUrl: string | null;
}) {
  const { t } = useTranslation('portal');
  switch (action.kind) {
    case 'firstContact':
      return (
        <Button component={Link} to={action.to} variant="contained" size="small" startIcon={<EditNote />}>
          {t('cases.actions.firstContact')}
        </Button>
      );
    case 'informationSheet':
      return (
        <Button component={Link} to={action.to} variant="contained" size="small" startIcon={<Description />}>
          {t('cases.actions.informationSheet')}
        </Button>
      );
    case 'signedContract':
    case 'signedAddendum':
      return (
        <Button
          variant="outlined"
          size="small"
          startIcon={<Download />}
          onClick={() => download(action.fileUrl)}
          disabled={pendingUrl === action.fileUrl}
        >
          {t(`cases.actions.${action.kind}`)}
        </Button>
      );
  }
}

export function DossierItem({ dossier, defaultExpanded }: { dossier: Dossier; defaultExpanded: boolean }) {
  const { t, i18n } = useTranslation('portal');
  const errorText = useErrorText();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const isNarrow = useMediaQuery(NARROW_QUERY);
  const bodyId = useId();
  const { download, pendingUrl, error } = useDownload();
  const actions = dossierActions(dossier);
  const isDeletable = canDeleteDossier(dossier);
  const remove = useDeleteDossier();
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const name = dossier.dossierName || t('cases.newCase');
  const lastUpdate = isNarrow
    ? formatDate(dossier.dossierLastUpdate, i18n.language)
    : formatLongDate(dossier.dossierLastUpdate, i18n.language);

  return (
    <Card component="article" sx={{ overflow: 'visible' }}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 1,
          p: { xs: 1.5, sm: 2 },
        }}
      >
        <Typography component="h3" sx={{ flexGrow: 1, minWidth: 0, m: 0 }}>
          <ButtonBase
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            aria-controls={bodyId}
            focusRipple
            sx={{ width: '100%', justifyContent: 'flex-start', textAlign: 'left', gap: 1.5, borderRadius: 1, p: 0.5 }}
          >
            <ExpandMore
              aria-hidden
              sx={{
                transition: 'transform 250ms',
                transform: expanded ? 'rotate(180deg)' : 'none',
                color: 'text.secondary',
              }}
            />
            <Box component="span" sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Box component="span" sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
                {name}
              </Box>
              <Box
                component="span"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  flexWrap: 'wrap',
                  color: 'text.secondary',
                  fontSize: '0.875rem',
                }}
              >
                <span>{t('cases.number', { id: dossier.id })}</span>
                <DossierBadge statut={dossier.dossierStatut} label={(badge) => t(`cases.badges.${badge}`)} />
                <Box component="span" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
                  {t('cases.lastUpdate', { date: lastUpdate })}
                </Box>
              </Box>
            </Box>
          </ButtonBase>
        </Typography>
        {actions.length > 0 || isDeletable ? (
          <Box
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', pl: { xs: 5, sm: 0 }, justifyContent: { sm: 'flex-end' } }}
          >
            {actions.map((action) => (
              <ActionButton key={action.kind} action={action} download={download} pendingUrl={pendingUrl} />
            ))}
            {isDeletable ? (
              <Button
                variant="outlined"
                color="error"
                size="small"
                startIcon={<DeleteOutline />}
                onClick={() => setConfirmingDelete(true)}
                disabled={remove.isPending}
                aria-label={t('cases.deleteNamed', { id: dossier.id })}
              >
                {t('cases.delete')}
              </Button>
            ) : null}
          </Box>
        ) : null}
      </Box>
      {error || remove.error ? (
        <FormHelperText error role="alert" sx={{ px: 2 }}>
          {errorText(error ?? remove.error)}
        </FormHelperText>
      ) : null}
      <ConfirmDialog
        open={isConfirmingDelete}
        title={t('cases.confirmDeleteTitle')}
        message={t('cases.confirmDelete', { id: dossier.id })}
        confirmLabel={t('cases.delete')}
        onConfirm={() => remove.mutate(dossier.id, { onSettled: () => setConfirmingDelete(false) })}
        onClose={() => setConfirmingDelete(false)}
        isPending={remove.isPending}
        destructive
      />
      <Collapse in={expanded} timeout={250} id={bodyId} role="region" aria-label={name}>
        <Box sx={{ px: { xs: 1.5, sm: 3 }, pb: 3, pt: 1, borderTop: 1, borderColor: 'divider' }}>
          {dossier.dossierStatut === DOSSIER_STATUT_ARCHIVED ? (
            <Alert severity="info" icon={<Inventory2 />} sx={{ mb: 2 }}>
              {t('cases.archived')}
            </Alert>
          ) : null}
          <Box sx={{ pt: 2 }}>
            <DossierSteps etapeStatus={dossier.etapeStatus} />
          </Box>
        </Box>
      </Collapse>
    </Card>
  );
}
