import Block from '@mui/icons-material/Block';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './components/error-page';

/** SPEC section 8, 403: not allowed to access this page. */
export function Component() {
  const { t } = useTranslation('errors');
  return (
    <ErrorPage status={403} tone="warning" icon={<Block />} title={t('forbidden.title')} text={t('forbidden.text')} />
  );
}
