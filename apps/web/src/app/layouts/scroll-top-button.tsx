import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { useTranslation } from 'react-i18next';

/** SPEC section 9: appears after 200 px of scrolling; brings the page back to the top smoothly. */
export function ScrollTopButton() {
  const { t } = useTranslation('common');
  const visible = useScrollTrigger({ disableHysteresis: true, threshold: 200 });
  const reduceMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <Zoom in={visible}>
      <Fab
        color="primary"
        size="medium"
        aria-label={t('layout.scrollTop')}
        title={t('layout.scrollTop')}
        onClick={() => {
          window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
          document.getElementById('main')?.focus({ preventScroll: true });
        }}
        sx={{
          position: 'fixed',
          right: { xs: 16, sm: 24 },
          bottom: { xs: 16, sm: 24 },
          zIndex: (theme) => theme.zIndex.speedDial,
        }}
      >
        <KeyboardArrowUp />
      </Fab>
    </Zoom>
  );
}
