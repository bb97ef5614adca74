import SearchOff from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './components/error-page';

/** SPEC section 8, 404: the page does not exist. */
export function Component() {
  const { t } = useTranslation('errors');
  return <ErrorPage status={404} icon={<SearchOff />} title={t('notFound.title')} text={t('notFound.text')} />;
}
