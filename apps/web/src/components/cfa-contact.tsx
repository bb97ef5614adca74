import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useCfaContact } from '../lib/cfa-contact';
import { useTranslation } from 'react-i18next';

export interface CfaContactProps {
  /** Shows the "Contact the CFA" heading (the error pages); without it, the details fit under a heading of the page. */
  withTitle?: boolean;
  /** Level of that heading. */
  headingLevel?: 'h2' | 'h3';
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, '& svg': { fontSize: 20, color: 'text.secondary' } }}
    >
      {/* On the first line of a text that wraps (a long address on a phone). */}
      <Box aria-hidden sx={{ display: 'flex', mt: '1px' }}>
        {icon}
      </Box>
      <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * How to reach the CFA: its e-mail, phone and opening hours, from the server's configuration. Nothing while it loads
 * or when it cannot be had: the page around it stands on its own.
 */
export function CfaContact({ withTitle = true, headingLevel = 'h2' }: CfaContactProps) {
  const { t, i18n } = useTranslation('common');
  const contact = useCfaContact();
  if (!contact.data) return null;
  const { email, phone, hours } = contact.data;
  const language = i18n.language.startsWith('en') ? 'en-US' : 'fr-FR';
  return (
    <Box
      component="section"
      aria-label={withTitle ? undefined : t('cfaContact.title')}
      aria-labelledby={withTitle ? 'cfa-contact-title' : undefined}
    >
      {withTitle ? (
        <Typography id="cfa-contact-title" component={headingLevel} variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('cfaContact.title')}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        <Line icon={<EmailOutlined />}>
          {t('cfaContact.email')}
          <Link href={`mailto:${email}`}>{email}</Link>
        </Line>
        <Line icon={<PhoneOutlined />}>
          {t('cfaContact.phone')}
          <Link href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</Link>
        </Line>
        <Line icon={<ScheduleOutlined />}>{t('cfaContact.hours', { hours: hours[language] })}</Line>
      </Box>
    </Box>
  );
}
