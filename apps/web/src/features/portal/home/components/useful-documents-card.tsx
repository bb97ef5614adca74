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
import { fileUrl } from '../../../../lib/api-client';
import { memo } from 'react';

/** Attestations of pre-registration and admissibility, generated as PDF for the signed-in applicant. */
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
          {errorText(error)}
        </FormHelperText>
      ) : null}
    </SectionCard>
  );
});
