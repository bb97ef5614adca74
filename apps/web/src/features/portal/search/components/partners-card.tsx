import Handshake from '@mui/icons-material/Handshake';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../../components/empty-state';
import { useTranslation } from 'react-i18next';
import { usePartners } from '../../api/partners';
import { LoadingLines, QueryError } from '../../components/query-status';
import { SectionCard } from '../../components/section-card';
import { memo } from 'react';

/** SPEC "Partners card": each logo leads to the partner's recruitment space. */
export const PartnersCard = memo(function PartnersCard() {
  const { t } = useTranslation('portal');
  const partners = usePartners();
  return (
    <SectionCard id="partners" title={t('partners.title')} icon={<Handshake />}>
      {partners.isPending ? <LoadingLines lines={2} /> : null}
      {partners.isError ? <QueryError error={partners.error} onRetry={() => void partners.refetch()} /> : null}
      {partners.data?.length === 0 ? <EmptyState title={t('partners.empty')} icon={<Handshake />} /> : null}
      {partners.data && partners.data.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(92px, 1fr))' }}>
          {partners.data.map((partner) => (
            <Box component="li" key={partner.id}>
              <Link
                href={partner.web}
                underline="none"
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('partners.visit', { name: partner.nom })}
                sx={{
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: 'center',
                  gap: 0.5,
                  p: 1,
                  height: '100%',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  color: 'text.primary',
                  '&:hover, &:focus-visible': { borderColor: 'primary.main', textDecoration: 'none' },
                }}
              >
                <Box component="img" src={partner.logo} alt="" width={56} height={56} loading="lazy" decoding="async" sx={{ width: 56, height: 56, objectFit: 'contain' }} />
                <Typography component="span" variant="caption" sx={{ textAlign: 'center', fontWeight: 600 }}>
                  {partner.nom}
                </Typography>
              </Link>
            </Box>
          ))}
        </Box>
      ) : null}
    </SectionCard>
  );
});
