import LinkOff from '@mui/icons-material/LinkOff';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useErrorText } from '../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { resendLink } from '../api/link';

export interface ExpiredLinkCardProps {
  /** The link's token: the server finds whom to send a fresh link to. */
  linkToken: string;
  onContinue: () => void;
}

/** A link that no longer works (used, expired, opened by a mail scanner): say so and send a fresh one in one click. */
export function ExpiredLinkCard({ linkToken, onContinue }: ExpiredLinkCardProps) {
  const { t, i18n } = useTranslation('auth');
  const errorText = useErrorText();
  const resend = useMutation({ mutationFn: () => resendLink(linkToken, i18n.language) });
  return (
    <Card sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 1, sm: 4 } }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          aria-hidden
          sx={{ display: 'flex', justifyContent: 'center', color: 'warning.main', '& svg': { fontSize: 48 } }}
        >
          <LinkOff />
        </Box>
        <Typography
          variant="h1"
          tabIndex={-1}
          sx={{ textAlign: 'center', fontSize: { xs: '1.4rem', sm: '1.6rem' }, outline: 'none' }}
        >
          {t('expired.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>{t('expired.text')}</Typography>
        {resend.isSuccess ? (
          <Alert severity="success" icon={<MarkEmailRead />} role="status">
            <Typography sx={{ fontWeight: 600 }}>{t('expired.sent')}</Typography>
            {t('expired.sentHint')}
          </Alert>
        ) : (
          <>
            {resend.isError ? <Alert severity="error">{errorText(resend.error)}</Alert> : null}
            <Button variant="contained" size="large" onClick={() => resend.mutate()} disabled={resend.isPending}>
              {resend.isPending ? t('expired.sending') : t('expired.resend')}
            </Button>
          </>
        )}
        <Button onClick={onContinue}>{t('expired.continue')}</Button>
      </CardContent>
    </Card>
  );
}
