import CheckCircle from '@mui/icons-material/CheckCircle';
import Block from '@mui/icons-material/Block';
import Edit from '@mui/icons-material/EditOutlined';
import HourglassTop from '@mui/icons-material/HourglassTopOutlined';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SignatureResponse } from '@passerelle/contract';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDate } from '../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Signer } from '../utils/signers';

function statusText(signer: Signer, isMe: boolean, t: TFunction<'signature'>, language: string): string {
  const date = signer.at ? formatDate(signer.at, language) : null;
  switch (signer.status) {
    case 'waiting':
      return t('signers.status.waiting');
    case 'pending':
      return t(isMe ? 'signers.status.pendingMine' : 'signers.status.pending');
    case 'submitted':
      return date ? t('signers.status.submitted', { date }) : t('signers.status.submittedNoDate');
    case 'signed':
      if (!date) return t('signers.status.signed');
      return t(signer.method === 'manual' ? 'signers.status.signedManual' : 'signers.status.signedOnline', { date });
    case 'refused':
      return t('signers.status.refused');
  }
}

const icons: Record<Signer['status'], { icon: ReactNode; color: string }> = {
  waiting: { icon: <RadioButtonUnchecked />, color: 'text.disabled' },
  pending: { icon: <Edit />, color: 'primary.main' },
  submitted: { icon: <HourglassTop />, color: 'warning.main' },
  signed: { icon: <CheckCircle />, color: 'success.main' },
  refused: { icon: <Block />, color: 'error.main' },
};

/** The signers in signing order, each with where they stand; the one whose turn it is is the current step. */
export function SignersSteps({ signature }: { signature: SignatureResponse }) {
  const { t, i18n } = useTranslation('signature');
  const count = signature.signers.length;
  return (
    <Card component="section" aria-labelledby="signers-title">
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Typography id="signers-title" variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
          {t('signers.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('signers.intro')}
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {signature.signers.map((signer, index) => {
            const isMe = signer.role === signature.me.role;
            const isCurrent = signer.status === 'pending' || signer.status === 'submitted';
            const { icon, color } = icons[signer.status];
            const isLast = index === count - 1;
            return (
              <Box
                component="li"
                key={signer.role}
                aria-current={isCurrent ? 'step' : undefined}
                sx={{ display: 'grid', gridTemplateColumns: '28px 1fr', columnGap: 1.5, position: 'relative' }}
              >
                <Box aria-hidden sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                  <Box sx={{ color, display: 'flex', '& svg': { fontSize: 26 } }}>{icon}</Box>
                  {isLast ? null : <Box sx={{ flex: 1, width: 2, minHeight: 16, bgcolor: 'divider', my: 0.5 }} />}
                </Box>
                <Box sx={{ pb: isLast ? 0 : 2, minWidth: 0 }}>
                  <Box component="span" sx={visuallyHidden}>
                    {t('signers.position', { index: index + 1, count })}
                  </Box>
                  <Typography sx={{ fontWeight: isCurrent ? 700 : 600, overflowWrap: 'anywhere' }}>
                    {signer.name}
                    {isMe ? ` (${t('signers.you')})` : ''}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`signers.roles.${signer.role}`)}
                  </Typography>
                  <Typography
                    variant="body2"
                    sx={{
                      color: isCurrent || signer.status === 'refused' ? color : 'text.primary',
                      fontWeight: isCurrent ? 600 : 400,
                    }}
                  >
                    {statusText(signer, isMe, t, i18n.language)}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
