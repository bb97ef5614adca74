import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SignerRole, StaffSignature } from '@passerelle/contract';
import { useId } from 'react';
import { useDownload } from '../../../../components/use-download';
import { useErrorText } from '../../../../components/use-error-text';
import { formatDateTime } from '../../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import type { CaseIntent } from './case-intents';

/** Issue 11: the case's signature procedure, its signers in order, and the check of a paper scan waiting. */
export function SignatureCard({
  signature,
  onAction,
}: {
  signature: StaffSignature;
  onAction: (intent: CaseIntent, role: SignerRole) => void;
}) {
  const { t, i18n } = useTranslation('staff-case');
  const titleId = useId();
  // Files need the signed-in person's token: fetched and opened as the documents card does.
  const { download, error } = useDownload();
  const errorText = useErrorText();
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('signature.title')}
        </Typography>
        {error ? (
          <Alert severity="error" role="alert">
            {t('documents.downloadError')} {errorText(error)}
          </Alert>
        ) : null}
        <Typography variant="body2">
          {t(`signature.states.${signature.state}`)}
          {signature.method ? ` · ${t(`signature.methods.${signature.method}`)}` : ''}
        </Typography>
        {signature.sealFailure ? <SealFailure failure={signature.sealFailure} /> : null}
        <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {signature.signers.map((signer) => {
            const role = t(`signature.roles.${signer.role}`);
            return (
              <li key={signer.role}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {role}
                  </Typography>
                  <Typography component="span">{signer.name}</Typography>
                  <Chip size="small" label={t(`signature.statuses.${signer.status}`)} />
                  {signer.at ? (
                    <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                      {formatDateTime(signer.at, i18n.language)}
                      {signer.method ? ` (${t(`signature.methods.${signer.method}`)})` : ''}
                    </Typography>
                  ) : null}
                </Box>
                {signer.codeLocked ? (
                  <Alert severity="warning" sx={{ mt: 0.5 }}>
                    {t('signature.codeLocked')}
                  </Alert>
                ) : null}
                {signer.refusalReason ? (
                  <Typography variant="body2">
                    {t('signature.refusalReason', { reason: signer.refusalReason })}
                  </Typography>
                ) : null}
                {signer.scanUrl ? (
                  <Link
                    href={signer.scanUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    variant="body2"
                    onClick={(event) => {
                      event.preventDefault();
                      if (signer.scanUrl) download(signer.scanUrl);
                    }}
                  >
                    {t('signature.scanNamed', { role })}
                  </Link>
                ) : null}
                {signer.status === 'submitted' ? (
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
                    <Button
                      size="small"
                      variant="outlined"
                      color="success"
                      onClick={() => onAction('confirm-scan', signer.role)}
                      aria-label={t('signature.confirmNamed', { role })}
                    >
                      {t('signature.confirm')}
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      color="error"
                      onClick={() => onAction('reject-scan', signer.role)}
                      aria-label={t('signature.rejectNamed', { role })}
                    >
                      {t('signature.reject')}
                    </Button>
                  </Box>
                ) : null}
              </li>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Issue 27: every signer signed, but a PDF of the procedure (a signer's scan) was refused when the contract was made,
 * so nothing was sealed: why, whose scan, and what staff do next.
 */
function SealFailure({ failure }: { failure: NonNullable<StaffSignature['sealFailure']> }) {
  const { t } = useTranslation('staff-case');
  const why = t(`signature.sealFailed.reasons.${failure.reason}`);
  return (
    <Alert severity="error">
      <AlertTitle>{t('signature.sealFailed.title')}</AlertTitle>
      {failure.role
        ? t('signature.sealFailed.scan', { role: t(`signature.roles.${failure.role}`), why })
        : t('signature.sealFailed.document', { why })}{' '}
      {t('signature.sealFailed.next')}
    </Alert>
  );
}
