import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CfaContact } from '../../components/cfa-contact';
import { PageHeader } from '../../components/page-header';
import { useTranslation } from 'react-i18next';

const sections = ['who', 'signIn', 'privacy', 'contact'] as const;

export function Component() {
  const { t } = useTranslation('about');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('intro')} />
      <Stack spacing={2} sx={{ maxWidth: 760 }}>
        {sections.map((key) => (
          <Card key={key} component="section" aria-labelledby={`about-${key}`}>
            <CardContent>
              <Typography id={`about-${key}`} variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
                {t(`${key}.title`)}
              </Typography>
              <Typography sx={{ color: 'text.secondary' }}>{t(`${key}.text`)}</Typography>
              {key === 'contact' ? (
                <Box sx={{ mt: 2 }}>
                  <CfaContact withTitle={false} />
                </Box>
              ) : null}
            </CardContent>
          </Card>
        ))}
      </Stack>
    </>
  );
}
