import WavingHand from '@mui/icons-material/WavingHand';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { MeResponse } from '@passerelle/contract';
import { PageHeader } from '../../components/page-header';
import { useTranslation } from 'react-i18next';

/** Home of the signed-in users who have no screen of their own here (staff and admins go to /gestion). */
export function StaffHome({ user }: { user: MeResponse }) {
  const { t } = useTranslation(['home', 'common']);
  return (
    <>
      <PageHeader title={t('staff.title', { name: user.prenom })} />
      <Card>
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: { xs: 2.5, sm: 3 } }}>
          <WavingHand color="primary" aria-hidden />
          <div>
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t(`common:userTypes.${user.userType}`)}
              sx={{ mb: 1 }}
            />
            <Typography>{t('staff.text')}</Typography>
          </div>
        </CardContent>
      </Card>
    </>
  );
}
