import Construction from '@mui/icons-material/Construction';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../lib/i18n';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/** A screen of the route table whose content comes with a later part of the product. */
export function UpcomingScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  return (
    <>
      <PageHeader title={t(builtKey<'common'>(titleKey))} />
      <Card>
        <CardContent>
          <EmptyState icon={<Construction />} title={t('upcoming.text')} description={t('upcoming.hint')} />
        </CardContent>
      </Card>
    </>
  );
}
