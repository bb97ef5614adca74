import Description from '@mui/icons-material/Description';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { attestationKinds } from '@passerelle/contract/portal-rules';
import { useErrorText } from '../../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { useDownload } from '../../../../components/use-download';
import { ApiError, fileUrl } from '../../../../lib/api-client';
import { memo } from 'react';

/**
 * Attestations of pre-registration and admissibility, generated as PDF for the signed-in applicant, naming the CFA and
 * sealed. While the CFA's identity is incomplete (409 CFA_IDENTITY_INCOMPLETE, production) the applicant is told to
 * come back later: the common text of that code speaks to staff preparing a contract.
 */
export const UsefulDocumentsCard = memo(function UsefulDocumentsCard() {
  const { t } = useTranslation('portal');
  const errorText = useErrorText();
  const { download, pendingUrl, error } = useDownload();
  return (
    <SectionCard id="useful-documents" title={t('home.usefulDocuments')}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('home.usefulDocumentsIntro')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        {attestationKinds.map((kind) => {
          const url = fileUrl('GET /admissibles/portal/attestations/:kind', { params: { kind } });
          return (
            <Button
              key={kind}
              variant="outlined"
              startIcon={<Description />}
              onClick={() => download(url)}
              disabled={pendingUrl === url}
              sx={{ textAlign: 'left' }}
            >
              {t(`home.attestations.${kind}`)}
            </Button>
          );
        })}
      </Box>
      {error ? (
        <FormHelperText error role="alert">
          {error instanceof ApiError && error.code === 'CFA_IDENTITY_INCOMPLETE'
            ? t('home.attestationsUnavailable')
            : errorText(error)}
        </FormHelperText>
      ) : null}
    </SectionCard>
  );
});
