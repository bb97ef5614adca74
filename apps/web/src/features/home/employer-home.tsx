import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { MeResponse } from '@passerelle/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';

const upcomingKeys = ['cases', 'sheets', 'funding', 'signature'] as const;

/** Home of a signed-in employer. The employer cases list replaces this card when it is built. */
export function EmployerHome({ user }: { user: MeResponse }) {
  const { t } = useTranslation('home');
  return (
    <>
      <PageHeader title={t('employer.title', { name: `${user.prenom} ${user.nom}` })} subtitle={t('employer.text')} />
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
            {t('employer.upcomingTitle')}
          </Typography>
          <List dense>
            {upcomingKeys.map((key) => (
              <ListItem key={key} disableGutters>
                <ListItemIcon sx={{ minWidth: 36, color: 'primary.main' }}>
                  <CheckCircleOutline fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={t(`employer.upcoming.${key}`)} />
              </ListItem>
            ))}
          </List>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('employer.meanwhile')}
          </Typography>
        </CardContent>
      </Card>
    </>
  );
}
