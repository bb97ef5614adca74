import LockPerson from '@mui/icons-material/LockPerson';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoginLinkForm } from '../../components/login-link-form';
import { ErrorPage } from './components/error-page';

/** SPEC section 8, 401: not identified; use the link sent by e-mail or the school portal link (or ask for one here). */
export function Component() {
  const { t } = useTranslation('errors');
  return (
    <ErrorPage status={401} icon={<LockPerson />} title={t('unauthorized.title')} text={t('unauthorized.text')}>
      <Divider sx={{ mb: 3 }} />
      <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 0.5 }}>
        {t('unauthorized.formTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('unauthorized.formText')}
      </Typography>
      <LoginLinkForm />
    </ErrorPage>
  );
}
