import CheckCircle from '@mui/icons-material/CheckCircle';
import Description from '@mui/icons-material/DescriptionOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassTop from '@mui/icons-material/HourglassTop';
import Cancel from '@mui/icons-material/CancelOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReviewableDocument } from '@passerelle/contract';
import { useId, type ReactElement } from 'react';
import { useDownload } from '../../../../components/use-download';
import { useErrorText } from '../../../../components/use-error-text';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { formatFileSize } from '../../../../lib/file-size';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../../lib/i18n';
import { reviewState, type CaseDetail, type ReviewState } from '../utils/case-data';
import type { CaseIntent } from './case-intents';

const knownKinds = new Set(['cv', 'cvec', 'attestationBac', 'ficheMission', 'cerfa', 'cerfaAvenant']);

const stateLook: Record<ReviewState, { color: 'success' | 'info' | 'warning' | 'error'; icon: ReactElement }> = {
  valid: { color: 'success', icon: <CheckCircle /> },
  pending: { color: 'info', icon: <HourglassTop /> },
  missing: { color: 'warning', icon: <ErrorOutline /> },
  rejected: { color: 'error', icon: <Cancel /> },
};

/** A file of the case: opens in a new tab (a PDF or an image) or is saved, as the portal does. */
function FileLink({ url, name, onOpen }: { url: string; name: string; onOpen: (url: string) => void }) {
  const { t } = useTranslation('staff-case');
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={(event) => {
        event.preventDefault();
        onOpen(url);
      }}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {name}
      <Box component="span" sx={visuallyHidden}>
        {` ${t('documents.opensInNewTab')}`}
      </Box>
    </Link>
  );
}

function ReviewBlock({
  document,
  state,
  canReview,
  onAction,
  onOpen,
}: {
  document: ReviewableDocument;
  state: CaseDetail['applicantDocuments']['attestationBac'] & { number?: string | null };
  canReview: boolean;
  onAction: (intent: CaseIntent, document?: ReviewableDocument) => void;
  onOpen: (url: string) => void;
}) {
  const { t } = useTranslation('staff-case');
  const titleId = useId();
  const status = reviewState(state);
  const name = t(`documents.kinds.${document}`);
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={titleId} component="h4" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {name}
        </Typography>
        <Chip
          size="small"
          color={stateLook[status].color}
          icon={stateLook[status].icon}
          label={t(`documents.state.${status}`)}
        />
      </Box>
      {state.number ? (
        <Typography variant="body2">{t('documents.cvecNumber', { number: state.number })}</Typography>
      ) : null}
      {status === 'rejected' && state.rejectedReason ? (
        <Typography variant="body2">{t('documents.rejectedReason', { reason: state.rejectedReason })}</Typography>
      ) : null}
      {state.url ? (
        <Box>
          <FileLink url={state.url} name={t('documents.openNamed', { name })} onOpen={onOpen} />
        </Box>
      ) : null}
      {canReview && state.url ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
          {!state.isValid ? (
            <Button
              size="small"
              variant="outlined"
              color="success"
              onClick={() => onAction('validate', document)}
              aria-label={t('documents.validateNamed', { name })}
            >
              {t('documents.validate')}
            </Button>
          ) : null}
          <Button
            size="small"
            variant="outlined"
            color="error"
            onClick={() => onAction('reject', document)}
            aria-label={t('documents.rejectNamed', { name })}
          >
            {t('documents.reject')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

/** The files of the case (CV, job description, contract documents) and the two certificates staff check. */
export function DocumentsCard({
  detail,
  onAction,
}: {
  detail: CaseDetail;
  onAction: (intent: CaseIntent, document?: ReviewableDocument) => void;
}) {
  const { t, i18n } = useTranslation('staff-case');
  const titleId = useId();
  const checkedId = useId();
  const errorText = useErrorText();
  const { download, error } = useDownload();
  const canReview = detail.allowedActions.includes('document-review');
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('documents.title')}
        </Typography>
        {error ? (
          <Alert severity="error" role="alert">
            {t('documents.downloadError')} {errorText(error)}
          </Alert>
        ) : null}
        {detail.documents.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('documents.none')}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1.25 }}
          >
            {detail.documents.map((file) => (
              <Box component="li" key={file.id} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                <Description aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(builtKey<'staff-case'>(`documents.kinds.${knownKinds.has(file.kind) ? file.kind : 'other'}`))} ·{' '}
                    {formatFileSize(file.size, i18n.language)}
                  </Typography>
                  <FileLink url={file.url} name={file.name} onOpen={(url) => download(url)} />
                </Box>
              </Box>
            ))}
          </Box>
        )}
        <Box
          component="section"
          aria-labelledby={checkedId}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mt: 1 }}
        >
          <Typography id={checkedId} component="h3" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
            {t('documents.checked')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
            <ReviewBlock
              document="cvec"
              state={detail.applicantDocuments.cvec}
              canReview={canReview}
              onAction={onAction}
              onOpen={(url) => download(url)}
            />
            <ReviewBlock
              document="attestationBac"
              state={detail.applicantDocuments.attestationBac}
              canReview={canReview}
              onAction={onAction}
              onOpen={(url) => download(url)}
            />
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
