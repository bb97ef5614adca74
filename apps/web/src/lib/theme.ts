import { createTheme, type PaletteMode } from '@mui/material/styles';

/**
 * SPEC section 9: the default colour is a green primary. Every colour here is read as text, or under white text (filled
 * chips, contained buttons), on paper and on the page background: each keeps 4.5:1 there (WCAG 2.1 AA 1.4.3), which
 * MUI's light defaults for info (#0288d1, 3.9:1 under white) and warning (#ed6c02, 3.1:1) do not. Checked by axe in
 * e2e/a11y.e2e.ts.
 */
export const PRIMARY_GREEN = '#1b7f4b';
export const DRAWER_WIDTH = 225;

export function buildTheme(mode: PaletteMode) {
  return createTheme({
    palette: {
      mode,
      // White or dark text on each filled colour (chips, contained buttons), whichever keeps 4.5:1 (MUI's default is 3):
      // on dark mode's red error, a dark text, white reaching only 3.7:1. Light mode's colours all keep a white text.
      contrastThreshold: 4.5,
      primary: {
        main: mode === 'light' ? PRIMARY_GREEN : '#5cc48c',
        contrastText: mode === 'light' ? '#fff' : '#06210f',
      },
      secondary: { main: mode === 'light' ? '#24506b' : '#8cc4e6' },
      // Dark mode keeps MUI's defaults: light tints under dark text, already above 4.5:1.
      ...(mode === 'light' ? { info: { main: '#0369a1' }, warning: { main: '#b54d00' } } : {}),
      background:
        mode === 'light' ? { default: '#f5f7f6', paper: '#ffffff' } : { default: '#0f1512', paper: '#17201b' },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontSize: '1.9rem', fontWeight: 700 },
      h2: { fontSize: '1.5rem', fontWeight: 700 },
      h3: { fontSize: '1.2rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    transitions: { duration: { standard: 250 } },
    components: {
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAccordion: { defaultProps: { slotProps: { transition: { timeout: 250 } } } },
      // A link in a sentence is told from it by more than its colour (WCAG 1.4.1): in dark mode the green link and the
      // white text differ by only 2.2:1. A link that is not in a text (a tile) says underline="none".
      MuiLink: { defaultProps: { underline: 'always' } },
      // A disabled field's help says why it cannot change (the IDCC code once set): text to read, not a control out of
      // use, so in the secondary text colour rather than greyed to 2.7:1 like the field itself.
      MuiFormHelperText: {
        styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) },
      },
    },
  });
}
