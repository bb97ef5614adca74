import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import useMediaQuery from '@mui/material/useMediaQuery';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCROLL_TOP_DURATION_MS, scrollWindowTo } from '../../lib/smooth-scroll';
import { SCROLL_TOP_THRESHOLD } from './use-scrolled-past';

/** Elements the button must not cover (a form's bottom bar with its Next or Send button) carry this attribute. */
const CLEARANCE_SELECTOR = '[data-scroll-top-clearance]';
/** The medium Fab's size, and the gap kept above an element it moves out of the way of. */
const FAB_SIZE = 48;
const GAP = 8;

/**
 * How far from the window's bottom the button must sit to keep clear of the marked elements in view: `base` when none
 * is under it, above the highest one that is otherwise; null when that would lift it past the middle of the window.
 */
function clearanceOffset(base: number, right: number): number | null {
  const height = window.innerHeight;
  const fab = { top: height - base - FAB_SIZE, bottom: height - base, left: window.innerWidth - right - FAB_SIZE };
  let offset = base;
  for (const element of document.querySelectorAll(CLEARANCE_SELECTOR)) {
    const box = element.getBoundingClientRect();
    const isUnder = box.height > 0 && box.top < fab.bottom && box.bottom > fab.top && box.right > fab.left;
    if (isUnder) offset = Math.max(offset, height - box.top + GAP);
  }
  return offset > height / 2 ? null : offset;
}

/** The button's distance from the window's bottom, measured again on every scroll and resize (once per frame). */
function useBottomOffset(base: number, right: number): number | null {
  const [offset, setOffset] = useState<number | null>(base);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      setOffset(clearanceOffset(base, right));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [base, right]);
  return offset;
}

/**
 * SPEC section 9: appears after 200 px of scrolling; brings the page back to the top in 600 ms. Loaded by the layout the
 * first time the page scrolls that far (use-scrolled-past.ts), then stays mounted so that it zooms in and out. It rises
 * above a form's bottom bar when that bar comes under it, so that it never hides the Next or Send button.
 */
export default function ScrollTopButton() {
  const { t } = useTranslation('common');
  const visible = useScrollTrigger({ disableHysteresis: true, threshold: SCROLL_TOP_THRESHOLD });
  const isSmall = useMediaQuery(useTheme().breakpoints.down('sm'));
  const margin = isSmall ? 16 : 24;
  const bottom = useBottomOffset(margin, margin);
  return (
    <Zoom in={visible && bottom !== null}>
      <Fab
        color="primary"
        size="medium"
        aria-label={t('layout.scrollTop')}
        title={t('layout.scrollTop')}
        onClick={() => {
          scrollWindowTo(0, SCROLL_TOP_DURATION_MS);
          document.getElementById('main')?.focus({ preventScroll: true });
        }}
        style={{ bottom: bottom ?? margin }}
        sx={{
          position: 'fixed',
          right: margin,
          zIndex: (theme) => theme.zIndex.speedDial,
        }}
      >
        <KeyboardArrowUp />
      </Fab>
    </Zoom>
  );
}
