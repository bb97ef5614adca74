import LockPerson from '@mui/icons-material/LockPerson';
import SearchOff from '@mui/icons-material/SearchOff';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { LoginLinkForm } from '../../components/login-link-form';
import { useAuth } from '../../lib/auth-store';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './components/error-page';

/**
 * SPEC section 8, 401: not identified; use the link sent by e-mail or the school portal link (or ask for one here).
 * Unknown paths come here too (SPEC section 2): a signed-in person is told the page does not exist, not to sign in.
 */
export function Component() {
  const { t } = useTranslation('errors');
  const { token, user } = useAuth();
  if (token && user) {
    return <ErrorPage status={404} icon={<SearchOff />} title={t('unauthorized.signedInTitle')} text={t('unauthorized.signedInText')} />;
  }
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
