import Business from '@mui/icons-material/Business';
import MailOutline from '@mui/icons-material/MailOutlineOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { keyframes, type Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import type { Offer } from '@passerelle/contract';
import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../utils/dates';

const UNKNOWN_START_DATE = '0000-00-00';
/** SPEC section 9: the accordion's slide. */
const SLIDE_MS = 250;
const LOGO_SIZE = 44;

const mailtoOf = (link: string) => (link.startsWith('mailto:') ? link : `mailto:${link}`);

// The body's row grows from nothing to its height in CSS alone: no height read in script, no forced layout.
const slideOpen = keyframes`from { grid-template-rows: 0fr; } to { grid-template-rows: 1fr; }`;
const slideClose = keyframes`from { grid-template-rows: 1fr; } to { grid-template-rows: 0fr; }`;

/**
 * The styles of every offer, given once to the list that holds them (OffersList): an offer's header is plain elements
 * with class names, so rendering 20 of them computes no style (issue 13: each MUI component of a row computed its own).
 */
export const offerListSx: SystemStyleObject<Theme> = {
  '& .offer': { border: 1, borderColor: 'divider' },
  '& .offer + .offer': { borderTop: 0 },
  '& .offer-heading': { m: 0, font: 'inherit' },
  '& .offer-header': {
    display: 'flex',
    alignItems: 'center',
    gap: 1.5,
    width: '100%',
    px: { xs: 1.5, sm: 2 },
    py: 1.5,
    border: 0,
    bgcolor: 'transparent',
    color: 'text.primary',
    font: 'inherit',
    textAlign: 'left',
    cursor: 'pointer',
    '&:hover': { bgcolor: 'action.hover' },
    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  },
  '& .offer-logo': {
    flexShrink: 0,
    width: LOGO_SIZE,
    height: LOGO_SIZE,
    boxSizing: 'border-box',
    borderRadius: 1,
    border: 1,
    borderColor: 'divider',
    objectFit: 'contain',
    bgcolor: 'background.paper',
  },
  '& .offer-logo-none': { display: 'grid', placeItems: 'center', bgcolor: 'action.selected', color: 'text.secondary' },
  '& .offer-text': { flex: '1 1 0%', minWidth: 0 },
  '& .offer-title': { display: 'block', fontWeight: 600, overflowWrap: 'anywhere' },
  '& .offer-meta': { display: 'block', typography: 'body2', color: 'text.secondary' },
  // A chevron drawn in CSS, turned up while the offer is open.
  '& .offer-chevron': {
    flexShrink: 0,
    width: 10,
    height: 10,
    mx: 0.75,
    mb: 0.5,
    borderRight: 2,
    borderBottom: 2,
    borderColor: 'text.secondary',
    transform: 'rotate(45deg)',
    transition: `transform ${SLIDE_MS}ms`,
  },
  '& [aria-expanded="true"] .offer-chevron': { transform: 'translateY(5px) rotate(225deg)' },
  '& .offer-body': {
    display: 'grid',
    gridTemplateRows: '1fr',
    animation: `${slideOpen} ${SLIDE_MS}ms ease-in-out`,
    // Without motion the slide lasts a millisecond: its end still removes a closed body.
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '1ms' },
  },
  '& .offer-body[data-closing]': { gridTemplateRows: '0fr', animationName: `${slideClose}` },
  '& .offer-body-clip': { overflow: 'hidden', minHeight: 0 },
};

/** The company's logo in a box of fixed size, or a building when there is none (or it does not load). */
function OfferLogo({ logo }: { logo: string | null }) {
  const [isBroken, setBroken] = useState(false);
  if (!logo || isBroken) {
    return (
      <span aria-hidden className="offer-logo offer-logo-none">
        <Business />
      </span>
    );
  }
  return (
    <img
      className="offer-logo"
      src={logo}
      alt=""
      width={LOGO_SIZE}
      height={LOGO_SIZE}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}

export interface OfferAccordionProps {
  offer: Offer;
  expanded: boolean;
  /** Keeps its identity across renders (a state setter's wrapper): an offer whose props did not change is not rendered again. */
  onToggle: (offerId: number, isOpen: boolean) => void;
}

/**
 * One offer as SPEC lists them, an accordion (a heading's button that shows or hides its region): the header always,
 * the body (apply button, description, start date) mounted on opening and removed once closed. Issue 13: MUI's
 * Accordion measured each body's height in script on opening (forced layouts of the whole page) and its avatar loaded
 * every logo twice; this row is a button, an image of fixed size and a CSS slide, styled by its list (offerListSx).
 */
export const OfferAccordion = memo(function OfferAccordion({ offer, expanded, onToggle }: OfferAccordionProps) {
  const { t, i18n } = useTranslation('portal');
  const headerId = useId();
  const bodyId = useId();
  // Open, or closing: the body stays for its closing slide, then goes.
  const [isBodyShown, setBodyShown] = useState(expanded);
  if (expanded && !isBodyShown) setBodyShown(true);
  const isMail = offer.applicationAction.linkType === 'mail';
  return (
    <div className="offer">
      <h3 className="offer-heading">
        <button
          type="button"
          className="offer-header"
          id={headerId}
          aria-expanded={expanded}
          aria-controls={isBodyShown ? bodyId : undefined}
          onClick={() => onToggle(offer.id, !expanded)}
        >
          <OfferLogo logo={offer.logo} />
          <span className="offer-text">
            <span className="offer-title" data-offer-title>
              {offer.title}
            </span>
            <span className="offer-meta">
              {offer.company.name} ·{' '}
              {t('offers.publishedOn', { date: formatDate(offer.publicationDate, i18n.language) })}
            </span>
          </span>
          <span aria-hidden className="offer-chevron" />
        </button>
      </h3>
      {isBodyShown ? (
        <div
          id={bodyId}
          role="region"
          aria-labelledby={headerId}
          className="offer-body"
          data-closing={expanded ? undefined : ''}
          onAnimationEnd={(event) => {
            if (event.target === event.currentTarget && !expanded) setBodyShown(false);
          }}
        >
          <div className="offer-body-clip">
            <Box sx={{ px: { xs: 1.5, sm: 2 }, pb: 2 }}>
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
            </Box>
          </div>
        </div>
      ) : null}
    </div>
  );
});
