import Download from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { SignatureResponse } from '@passerelle/contract';
import type { ReactNode } from 'react';
import { CfaContact } from '../../../components/cfa-contact';
import { useDownload } from '../../../components/use-download';
import { useErrorText } from '../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../lib/i18n';

/** Every signer signed: thanks, and the signed contract. */
export function SignedOutcome({ signature }: { signature: SignatureResponse }) {
  const { t } = useTranslation('signature');
  const errorText = useErrorText();
  const { download, pendingUrl, error } = useDownload();
  const url = signature.signedDocumentUrl;
  return (
    <Alert severity="success" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle component="h2">{t('outcome.signedTitle')}</AlertTitle>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, alignItems: 'flex-start' }}>
        <span>{t('outcome.signedText')}</span>
        {url ? (
          <Button
            variant="contained"
            color="success"
            startIcon={<Download />}
            disabled={pendingUrl === url}
            onClick={() => download(url, `contrat-signe-${signature.dossier.id}.pdf`)}
          >
            {t('outcome.downloadSigned')}
          </Button>
        ) : null}
        {error ? <span role="alert">{errorText(error)}</span> : null}
      </Box>
    </Alert>
  );
}

/** Refused, or SPEC 8 "signature unavailable": the procedure is no longer available, contact the CFA. */
export function ClosedOutcome({ signature }: { signature: SignatureResponse }) {
  const { t, i18n } = useTranslation('signature');
  const isRefused = signature.state === 'refused';
  // A refusal's reason code says no more than the title does.
  const reason = signature.stateReason === 'refused' ? null : signature.stateReason;
  const reasonText = reason
    ? i18n.exists(`signature:outcome.reasons.${reason}`)
      ? t(builtKey<'signature'>(`outcome.reasons.${reason}`))
      : t('outcome.reason', { reason })
    : null;
  return (
    <WarningWithContact title={isRefused ? t('outcome.refusedTitle') : t('outcome.unavailableTitle')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <span>{isRefused ? t('outcome.refusedText') : t('outcome.unavailableText')}</span>
        {reasonText ? <span style={{ whiteSpace: 'pre-line' }}>{reasonText}</span> : null}
      </Box>
    </WarningWithContact>
  );
}

/** Too many wrong codes (issue 27): online signing stops here until the school restarts the procedure. */
export function LockedOutcome() {
  const { t } = useTranslation('signature');
  return <WarningWithContact title={t('online.locked.title')}>{t('online.locked.text')}</WarningWithContact>;
}

/** Something the person cannot get past alone, and how to reach the CFA. */
function WarningWithContact({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity="warning">
        <AlertTitle component="h2">{title}</AlertTitle>
        {children}
      </Alert>
      <Card>
        <CardContent>
          <CfaContact />
        </CardContent>
      </Card>
    </Box>
  );
}
