import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CfaContact } from '../../../components/cfa-contact';
import { useTranslation } from 'react-i18next';

export interface ErrorPageProps {
  /** The HTTP-like status shown above the title (401, 403, 404, 410); none for the archived case. */
  status?: number;
  icon: ReactNode;
  title: string;
  text: string;
  /** More content under the text (the link request form on /unauthorized). */
  children?: ReactNode;
  /** Tint of the icon: problems the person can fix are calm, refusals warn. */
  tone?: 'primary' | 'warning' | 'info';
}

export function ErrorPage({ status, icon, title, text, children, tone = 'primary' }: ErrorPageProps) {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <Card sx={{ maxWidth: 620, mx: 'auto', mt: { xs: 0, sm: 4 } }}>
      <CardContent
        sx={{
          p: { xs: 2.5, sm: 5 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: 1.5,
        }}
      >
        <Box
          aria-hidden
          sx={{
            width: 72,
            height: 72,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            color: `${tone}.main`,
            bgcolor: (theme) => alpha(theme.palette[tone].main, 0.1),
            border: 2,
            borderColor: `${tone}.main`,
            '& svg': { fontSize: 36 },
            mb: 1,
          }}
        >
          {icon}
        </Box>
        {status ? (
          <Typography variant="overline" sx={{ color: 'text.secondary', letterSpacing: 1.5, lineHeight: 1 }}>
            {t('errors:code', { status })}
          </Typography>
        ) : null}
        <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' } }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', maxWidth: 480 }}>{text}</Typography>
        <Button component={Link} to="/" variant="outlined" sx={{ mt: 1 }}>
          {t('common:actions.backHome')}
        </Button>
        {children ? <Box sx={{ width: '100%', mt: 2, textAlign: 'left' }}>{children}</Box> : null}
        {/* Every error page says how to reach the CFA (issue 9). */}
        <Box sx={{ width: '100%', mt: 2, pt: 2, borderTop: 1, borderColor: 'divider', textAlign: 'left' }}>
          <CfaContact />
        </Box>
      </CardContent>
    </Card>
  );
}
