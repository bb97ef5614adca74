import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LoginLinkForm } from '../../../components/login-link-form';
import { useTranslation } from 'react-i18next';

/** The personal-link form in place of saving, for a visitor: what they typed is kept and saved after sign-in. */
export default function SignInToSave() {
  const { t } = useTranslation('tracking');
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{
        border: 1,
        borderColor: 'primary.main',
        borderRadius: 2,
        p: { xs: 2, sm: 3 },
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
      }}
    >
      <Typography id={titleId} variant="h3" sx={{ fontSize: '1.05rem' }} tabIndex={-1}>
        {t('signIn.title')}
      </Typography>
      <Typography variant="body2">{t('signIn.text')}</Typography>
      <LoginLinkForm />
    </Box>
  );
}
