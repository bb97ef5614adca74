import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import Route from '@mui/icons-material/Route';
import FolderOff from '@mui/icons-material/FolderOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../components/use-error-text';
import { useCms } from '../api/cms';
import { useCreateDossier, useDossiers } from '../api/dossiers';
import { CmsSectionCard } from '../components/cms-section-card';
import { LoadingLines, QueryError } from '../components/query-status';
import { DocumentsCard } from './components/documents-card';
import { DossierItem } from './components/dossier-item';

function CreateDossierButton() {
  const { t } = useTranslation('portal');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const create = useCreateDossier();
  return (
    <Box>
      <Button
        variant="contained"
        startIcon={<AddCircleOutline />}
        disabled={create.isPending}
        onClick={() => create.mutate(undefined, { onSuccess: ({ id }) => void navigate(`/admissible/fiche-premier-contact/${id}`) })}
      >
        {t('cases.create')}
      </Button>
      {create.error ? (
        <FormHelperText error role="alert">
          {errorText(create.error)}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/** SPEC "Applicant cases": the process, each dossier with its progress, the documents, and a new case. */
function PortalCasesPage() {
  const { t } = useTranslation('portal');
  const cms = useCms();
  const dossiers = useDossiers();
  const listTitleId = useId();

  return (
    <Box>
      <PageHeader title={t('cases.title')} subtitle={t('cases.subtitle')} actions={<CreateDossierButton />} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        {cms.isError ? <QueryError error={cms.error} onRetry={() => void cms.refetch()} /> : null}
        {cms.data ? <CmsSectionCard id="process" section={cms.data.process} fallbackTitle={t('cases.process')} icon={<Route />} /> : null}
        <Box component="section" id="dossiers" aria-labelledby={listTitleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2, scrollMarginTop: 80 }}>
          <Typography id={listTitleId} variant="h2" sx={{ fontSize: '1.3rem' }}>
            {t('cases.listTitle')}
          </Typography>
          {dossiers.isPending ? <LoadingLines lines={4} /> : null}
          {dossiers.isError ? <QueryError error={dossiers.error} onRetry={() => void dossiers.refetch()} /> : null}
          {dossiers.data?.length === 0 ? <EmptyState title={t('cases.empty')} description={t('cases.emptyHelp')} icon={<FolderOff />} /> : null}
          {dossiers.data?.map((dossier, index) => <DossierItem key={dossier.id} dossier={dossier} defaultExpanded={index === 0} />)}
        </Box>
        {dossiers.data && dossiers.data.length > 0 && cms.data ? <DocumentsCard headerInfos={cms.data.headerInfos} /> : null}
      </Box>
    </Box>
  );
}

export { PortalCasesPage as Component };
