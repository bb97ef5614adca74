import Box from '@mui/material/Box';

/** The product's bridge mark (same drawing as the favicon); decorative: the link around it carries the name. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden
      focusable="false"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="64" height="64" rx="14" fill="#1b7f4b" />
      <path d="M14 40c8-14 28-14 36 0" stroke="#fff" strokeWidth="6" fill="none" strokeLinecap="round" />
      <path d="M12 44h40" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
    </Box>
  );
}
