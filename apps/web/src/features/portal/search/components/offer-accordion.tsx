import Business from '@mui/icons-material/Business';
import ExpandMore from '@mui/icons-material/ExpandMore';
import MailOutline from '@mui/icons-material/MailOutlineOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { Offer } from '@passerelle/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../utils/dates';

const UNKNOWN_START_DATE = '0000-00-00';

const mailtoOf = (link: string) => (link.startsWith('mailto:') ? link : `mailto:${link}`);

export interface OfferAccordionProps {
  offer: Offer;
  expanded: boolean;
  onToggle: (isOpen: boolean) => void;
}

export function OfferAccordion({ offer, expanded, onToggle }: OfferAccordionProps) {
  const { t, i18n } = useTranslation('portal');
  const headerId = useId();
  const isMail = offer.applicationAction.linkType === 'mail';
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, isOpen) => onToggle(isOpen)}
      disableGutters
      slotProps={{ transition: { timeout: 250, unmountOnExit: true }, heading: { component: 'h3' } }}
      sx={{ '&:before': { display: 'none' }, border: 1, borderColor: 'divider', '& + &': { borderTop: 0 } }}
      elevation={0}
    >
      <AccordionSummary expandIcon={<ExpandMore />} id={headerId} sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
          <Avatar
            variant="rounded"
            src={offer.logo ?? undefined}
            alt=""
            sx={{ width: 44, height: 44, bgcolor: offer.logo ? 'background.paper' : 'action.selected', color: 'text.secondary', border: 1, borderColor: 'divider' }}
            slotProps={{ img: { loading: 'lazy', style: { objectFit: 'contain' } } }}
          >
            <Business aria-hidden />
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
              {offer.title}
            </Typography>
            <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
              {offer.company.name} · {t('offers.publishedOn', { date: formatDate(offer.publicationDate, i18n.language) })}
            </Typography>
          </Box>
        </Box>
      </AccordionSummary>
      <AccordionDetails sx={{ px: { xs: 1.5, sm: 2 }, pt: 0 }}>
        <Button
          variant="contained"
          size="small"
          href={isMail ? mailtoOf(offer.applicationAction.link) : offer.applicationAction.link}
          {...(isMail ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
          startIcon={isMail ? <MailOutline /> : <OpenInNew />}
          aria-label={t(isMail ? 'offers.applyByMail' : 'offers.applyLink', { title: offer.title })}
          sx={{ mb: 2 }}
        >
          {t('offers.apply')}
        </Button>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {offer.description}
        </Typography>
        {offer.startDate !== UNKNOWN_START_DATE ? (
          <>
            <Divider sx={{ my: 1.5 }} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('offers.startDate', { date: formatDate(offer.startDate, i18n.language) })}
            </Typography>
          </>
        ) : null}
      </AccordionDetails>
    </Accordion>
  );
}
