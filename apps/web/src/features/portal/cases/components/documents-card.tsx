import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassTop from '@mui/icons-material/HourglassTop';
import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { HeaderInfos } from '@passerelle/contract';
import { memo, type ReactNode } from 'react';
import { useErrorText } from '../../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../../lib/i18n';
import { usePortalInfos } from '../../api/infos';
import { DocumentUpload } from '../../components/document-upload';
import { LoadingLines, QueryError } from '../../components/query-status';
import { SectionCard } from '../../components/section-card';
import { useDownload } from '../../../../components/use-download';

type DocumentState = 'valid' | 'pending' | 'missing';

function StateChip({ state }: { state: DocumentState }) {
  const { t } = useTranslation('portal');
  const props = {
    valid: { color: 'success', icon: <CheckCircle /> },
    pending: { color: 'info', icon: <HourglassTop /> },
    missing: { color: 'warning', icon: <ErrorOutline /> },
  } as const;
  return (
    <Chip size="small" color={props[state].color} icon={props[state].icon} label={t(`documents.state.${state}`)} />
  );
}

const stateOf = (document: { isValid: boolean; fileUrl: string | null }): DocumentState =>
  document.isValid ? 'valid' : document.fileUrl ? 'pending' : 'missing';

function Block({ title, state, children }: { title: string; state: DocumentState; children: ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {title}
        </Typography>
        <StateChip state={state} />
      </Box>
      {children}
    </Box>
  );
}

/**
 * The title of the baccalaureate attestation names the level asked: the training stage minus one ("Bac+2" for a
 * third-year entry), and "or more" where the school's rules say so (ESILV's; issue 28: the back office sets it).
 */
export function bacAttestationTitleKey(headerInfos: Pick<HeaderInfos, 'formationEtape' | 'schoolRules'>): {
  key: string;
  level: number;
} {
  const level = (headerInfos.formationEtape ?? 0) - 1;
  if (level < 1) return { key: 'documents.bacTitleBase', level: 0 };
  return {
    key: headerInfos.schoolRules.bacAttestationOrMore ? 'documents.bacTitleOrMore' : 'documents.bacTitle',
    level,
  };
}

/** SPEC "Applicant cases": the CVEC certificate and the baccalaureate attestation, shown once there are dossiers. */
export const DocumentsCard = memo(function DocumentsCard({ headerInfos }: { headerInfos: HeaderInfos }) {
  const { t } = useTranslation('portal');
  const errorText = useErrorText();
  const infos = usePortalInfos();
  const { download, pendingUrl, error } = useDownload();
  const bacTitle = bacAttestationTitleKey(headerInfos);

  return (
    <SectionCard id="documents" title={t('documents.title')} icon={<UploadFile />}>
      {infos.isPending ? <LoadingLines /> : null}
      {infos.isError ? <QueryError error={infos.error} onRetry={() => void infos.refetch()} /> : null}
      {infos.data ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr auto 1fr' } }}>
          <Block title={t('documents.cvecTitle')} state={stateOf(infos.data.documents.cvec)}>
            {infos.data.documents.cvec.numCvec ? (
              <Typography variant="body2">
                {t('documents.cvecCurrentNumber', { number: infos.data.documents.cvec.numCvec })}
              </Typography>
            ) : null}
            {infos.data.documents.cvec.fileUrl ? (
              <Box>
                <Button
                  size="small"
                  startIcon={<Download />}
                  onClick={() => download(infos.data.documents.cvec.fileUrl ?? '')}
                  disabled={pendingUrl === infos.data.documents.cvec.fileUrl}
                >
                  {t('documents.viewCvec')}
                </Button>
              </Box>
            ) : null}
            <DocumentUpload
              field="cvec"
              label={t('documents.cvecFile')}
              withCvecNumber
              initialCvecNumber={infos.data.documents.cvec.numCvec}
            />
          </Block>
          <Divider orientation="vertical" flexItem sx={{ display: { xs: 'none', md: 'block' } }} />
          <Block
            title={t(builtKey<'portal'>(bacTitle.key), { level: bacTitle.level })}
            state={stateOf(infos.data.documents.attestationBac)}
          >
            {infos.data.documents.attestationBac.fileUrl ? (
              <Box>
                <Button
                  size="small"
                  startIcon={<Download />}
                  onClick={() => download(infos.data.documents.attestationBac.fileUrl ?? '')}
                  disabled={pendingUrl === infos.data.documents.attestationBac.fileUrl}
                >
                  {t('documents.viewAttestation')}
                </Button>
              </Box>
            ) : null}
            <DocumentUpload field="attestationBac" label={t('documents.attestationFile')} />
          </Block>
        </Box>
      ) : null}
      {error ? (
        <FormHelperText error role="alert">
          {errorText(error)}
        </FormHelperText>
      ) : null}
    </SectionCard>
  );
});
