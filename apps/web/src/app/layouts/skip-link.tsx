import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** First stop of the keyboard: jumps over the header and the navigation to the page's content. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="a"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById('main')?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        borderRadius: 1,
        boxShadow: 3,
        textDecoration: 'none',
        '&:hover': { textDecoration: 'underline' },
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('layout.skipLink')}
    </Box>
  );
}
