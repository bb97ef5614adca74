import Business from '@mui/icons-material/Business';
import LockOutlined from '@mui/icons-material/LockOutlined';
import School from '@mui/icons-material/School';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { LoginLinkForm } from '../../components/login-link-form';
import { useTranslation } from 'react-i18next';

const stepKeys = ['f1ca', 'f1ce', 'funding', 'sheet', 'missions', 'signature', 'survey'] as const;

function AudienceCard({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box
          aria-hidden
          sx={{
            flexShrink: 0,
            width: 44,
            height: 44,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: (theme) => alpha(theme.palette.primary.main, 0.1),
          }}
        >
          {icon}
        </Box>
        <Box>
          <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {text}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The home page for visitors: what Passerelle is, for whom, and the form to receive a personal sign-in link. */
export function VisitorHome() {
  const { t } = useTranslation(['home', 'common']);
  return (
    <Box>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.2fr) minmax(0, 1fr)' },
          gridTemplateAreas: { xs: '"hero" "form" "audiences"', md: '"hero form" "audiences form"' },
        }}
      >
        <Box sx={{ gridArea: 'hero', pt: { md: 2 } }}>
          <Typography
            variant="overline"
            component="p"
            sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 1.2 }}
          >
            {t('hero.eyebrow')}
          </Typography>
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.75rem', sm: '2.2rem', md: '2.4rem' }, lineHeight: 1.2, mb: 2 }}
          >
            {t('hero.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: { sm: '1.1rem' }, maxWidth: 600 }}>
            {t('hero.lead')}
          </Typography>
        </Box>
        <Box sx={{ gridArea: 'audiences', display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <AudienceCard
            icon={<School />}
            title={t('audiences.applicants.title')}
            text={t('audiences.applicants.text')}
          />
          <AudienceCard
            icon={<Business />}
            title={t('audiences.employers.title')}
            text={t('audiences.employers.text')}
          />
        </Box>
        <Card
          component="section"
          aria-labelledby="login-link-title"
          sx={{ gridArea: 'form', borderColor: 'primary.main', borderWidth: 2 }}
        >
          <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
            <Typography id="login-link-title" variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
              {t('common:loginLink.title')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
              {t('common:loginLink.intro')}
            </Typography>
            <LoginLinkForm />
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 3, color: 'text.secondary' }}>
              <LockOutlined fontSize="small" aria-hidden />
              <Typography variant="caption">{t('signIn.noPassword')}</Typography>
            </Box>
          </CardContent>
        </Card>
      </Box>
      <Box component="section" aria-labelledby="steps-title" sx={{ mt: { xs: 4, md: 6 } }}>
        <Typography id="steps-title" variant="h2" sx={{ mb: 2 }}>
          {t('steps.title')}
        </Typography>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {stepKeys.map((key, index) => (
            <Box
              component="li"
              key={key}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                p: 1.5,
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
              }}
            >
              <Box
                aria-hidden
                sx={{
                  flexShrink: 0,
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: 700,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                }}
              >
                {index + 1}
              </Box>
              <Typography variant="body2">{t(`steps.${key}`)}</Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
