import LinkOff from '@mui/icons-material/LinkOff';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './components/error-page';

/** SPEC section 8, 410: gone. */
export function Component() {
  const { t } = useTranslation('errors');
  return <ErrorPage status={410} icon={<LinkOff />} title={t('gone.title')} text={t('gone.text')} />;
}
