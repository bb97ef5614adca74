import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { useTranslation } from 'react-i18next';
import { logout } from './api/link';

/** /logout: revokes the session on the server (failures ignored), forgets everything local, back to the home page. */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => navigate('/', { replace: true }));
  }, [navigate]);
  return <FullPageSpinner label={t('logout.inProgress')} />;
}
