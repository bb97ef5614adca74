import AddCircleOutline from '@mui/icons-material/AddCircleOutlineOutlined';
import Route from '@mui/icons-material/Route';
import FolderOff from '@mui/icons-material/FolderOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { Dossier } from '@passerelle/contract';
import { isDossierClosed } from '@passerelle/contract/dossier-progress';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../components/use-error-text';
import { useTranslation } from 'react-i18next';
import { useCms } from '../api/cms';
import { useCreateDossier, useDossiers } from '../api/dossiers';
import { CmsSectionCard } from '../components/cms-section-card';
import { LoadingLines, QueryError } from '../components/query-status';
import { DocumentsCard } from './components/documents-card';
import { DossierItem } from './components/dossier-item';
import { useSettledOnce } from '../utils/use-settled-once';
import { Staged } from '../utils/staged';

/** A case invites an employer and counts against the applicant's limit: it is created after a confirmation, once. */
function CreateDossierButton() {
  const { t } = useTranslation('portal');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const create = useCreateDossier();
  const [isConfirming, setConfirming] = useState(false);
  function confirm() {
    if (create.isPending) return;
    create.mutate(undefined, {
      onSuccess: ({ id }) => void navigate(`/admissible/fiche-premier-contact/${id}`),
      onSettled: () => setConfirming(false),
    });
  }
  return (
    <Box>
      <Button
        variant="contained"
        startIcon={<AddCircleOutline />}
        disabled={create.isPending}
        onClick={() => setConfirming(true)}
      >
        {t('cases.create')}
      </Button>
      {create.error ? (
        <FormHelperText error role="alert">
          {errorText(create.error)}
        </FormHelperText>
      ) : null}
      <ConfirmDialog
        open={isConfirming}
        title={t('cases.confirmCreateTitle')}
        message={t('cases.confirmCreate')}
        confirmLabel={t('cases.confirmCreateYes')}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
        isPending={create.isPending}
      />
    </Box>
  );
}

function DossierList({
  dossiers,
  titleId,
  title,
  expandFirst,
}: {
  dossiers: Dossier[];
  titleId: string;
  title: string;
  expandFirst: boolean;
}) {
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.3rem' }}>
        {title}
      </Typography>
      {dossiers.map((dossier, index) => (
        <DossierItem key={dossier.id} dossier={dossier} defaultExpanded={expandFirst && index === 0} />
      ))}
    </Box>
  );
}

/** SPEC "Applicant cases": the process, each dossier with its progress, the documents, and a new case. */
function PortalCasesPage() {
  const { t } = useTranslation('portal');
  const cms = useCms();
  const dossiers = useDossiers();
  const listTitleId = useId();
  const closedTitleId = useId();
  const current = dossiers.data?.filter((dossier) => !isDossierClosed(dossier.dossierStatut)) ?? [];
  const closed = dossiers.data?.filter((dossier) => isDossierClosed(dossier.dossierStatut)) ?? [];
  // The process card and the cases show together: either coming first moved the other (issue 13: layout shift).
  const isReady = useSettledOnce(cms.isPending, dossiers.isPending);
  // The first part at once, the others in a deferred render, in reading order (utils/use-staged-count.ts).
  const parts = [
    cms.isError ? <QueryError key="cms-error" error={cms.error} onRetry={() => void cms.refetch()} /> : null,
    cms.data ? (
      <CmsSectionCard
        key="process"
        id="process"
        section={cms.data.process}
        fallbackTitle={t('cases.process')}
        icon={<Route />}
      />
    ) : null,
    <Box
      key="dossiers"
      component="section"
      id="dossiers"
      aria-labelledby={listTitleId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, scrollMarginTop: 80 }}
    >
      <Typography id={listTitleId} variant="h2" sx={{ fontSize: '1.3rem' }}>
        {t('cases.listTitle')}
      </Typography>
      {dossiers.isPending ? <LoadingLines lines={4} /> : null}
      {dossiers.isError ? <QueryError error={dossiers.error} onRetry={() => void dossiers.refetch()} /> : null}
      {dossiers.data?.length === 0 || (current.length === 0 && closed.length > 0) ? (
        <EmptyState
          title={t(closed.length > 0 ? 'cases.emptyCurrent' : 'cases.empty')}
          description={t('cases.emptyHelp')}
          icon={<FolderOff />}
        />
      ) : null}
      {current.map((dossier, index) => (
        <DossierItem key={dossier.id} dossier={dossier} defaultExpanded={index === 0} />
      ))}
    </Box>,
    closed.length > 0 ? (
      <DossierList
        key="closed"
        dossiers={closed}
        titleId={closedTitleId}
        title={t('cases.closedTitle')}
        expandFirst={current.length === 0}
      />
    ) : null,
    dossiers.data && dossiers.data.length > 0 && cms.data ? (
      <DocumentsCard key="documents" headerInfos={cms.data.headerInfos} />
    ) : null,
  ].filter(Boolean);

  return (
    <Box>
      <PageHeader title={t('cases.title')} subtitle={t('cases.subtitle')} actions={<CreateDossierButton />} />
      {isReady ? (
        <Staged total={parts.length}>
          {(shown) => <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>{parts.slice(0, shown)}</Box>}
        </Staged>
      ) : (
        <LoadingLines lines={4} />
      )}
    </Box>
  );
}

export { PortalCasesPage as Component };
