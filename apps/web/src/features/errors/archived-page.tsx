import Inventory2 from '@mui/icons-material/Inventory2';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './components/error-page';

/** SPEC section 4: an archived case shows "this case has been archived". */
export function Component() {
  const { t } = useTranslation('errors');
  return <ErrorPage tone="info" icon={<Inventory2 />} title={t('archived.title')} text={t('archived.text')} />;
}
