import Business from '@mui/icons-material/BusinessOutlined';
import Person from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applicantPhone, contactsOf, employerOf, type CaseDetail, type Contact } from '../utils/case-data';

/** A label and its value; nothing when there is no value. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Box sx={{ display: 'contents' }}>
      <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/** Each label above its value: addresses and e-mails stay whole, in a column as narrow as a phone's. */
const lines = { display: 'flex', flexDirection: 'column', gap: 0.25, m: 0, '& dd + dt': { mt: 0.75 } } as const;

const mail = (email: string | null) => (email ? <Link href={`mailto:${email}`}>{email}</Link> : null);
const phone = (number: string | null) =>
  number ? <Link href={`tel:${number.replace(/[^+\d]/g, '')}`}>{number}</Link> : null;

function ContactBlock({ contact }: { contact: Contact }) {
  const { t } = useTranslation('staff-case');
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      <Typography id={titleId} component="h4" sx={{ fontWeight: 600, fontSize: '0.95rem' }}>
        {contact.roles.map((role) => t(`parties.contacts.${role}`)).join(' · ')}
      </Typography>
      {contact.name ? <Typography>{contact.name}</Typography> : null}
      <Box component="dl" sx={lines}>
        <Line label={t('parties.function')}>{contact.function}</Line>
        <Line label={t('parties.email')}>{mail(contact.email)}</Line>
        <Line label={t('parties.phone')}>{phone(contact.phone)}</Line>
      </Box>
    </Box>
  );
}

function Party({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main' }}>
        {icon}
        <Typography id={titleId} component="h3" variant="h3" sx={{ fontSize: '1.1rem', color: 'text.primary' }}>
          {title}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

/** The applicant and the company, with the people the sheets name and how to reach them. */
export function PartiesCard({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('staff-case');
  const titleId = useId();
  const employer = employerOf(detail);
  const contacts = contactsOf(detail);
  const applicantName = `${detail.applicant.prenom} ${detail.applicant.nom}`;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('parties.title')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <Party icon={<Person aria-hidden />} title={t('parties.applicant')}>
            <Typography sx={{ fontWeight: 600 }}>{applicantName}</Typography>
            <Box component="dl" sx={lines}>
              <Line label={t('parties.email')}>{mail(detail.applicant.email)}</Line>
              <Line label={t('parties.phone')}>{phone(applicantPhone(detail))}</Line>
            </Box>
          </Party>
          <Party icon={<Business aria-hidden />} title={t('parties.employer')}>
            {employer.name ? (
              <>
                <Typography sx={{ fontWeight: 600 }}>{employer.name}</Typography>
                <Box component="dl" sx={lines}>
                  <Line label={t('parties.siret')}>{employer.siret}</Line>
                  <Line label={t('parties.email')}>{mail(employer.email)}</Line>
                  <Line label={t('parties.phone')}>{phone(employer.phone)}</Line>
                </Box>
              </>
            ) : (
              <Typography sx={{ color: 'text.secondary' }}>{t('parties.companyUnknown')}</Typography>
            )}
            {contacts.length > 0 ? (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1 }}>
                {contacts.map((contact) => (
                  <ContactBlock key={contact.roles.join()} contact={contact} />
                ))}
              </Box>
            ) : employer.name ? (
              <Typography sx={{ color: 'text.secondary' }}>{t('parties.noContacts')}</Typography>
            ) : null}
          </Party>
        </Box>
      </CardContent>
    </Card>
  );
}
