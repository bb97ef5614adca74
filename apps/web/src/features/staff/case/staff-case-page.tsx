// The back office's validation texts (its forms' and the server's codes), loaded with its screens only.
import '@passerelle/contract/rules/back-office-texts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReviewableDocument, SignerRole } from '@passerelle/contract';
import { dossierBadge } from '@passerelle/contract/dossier-progress';
import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { DossierBadge } from '../../../components/dossier-badge';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { pipelineReturnPath } from '../../../lib/back-office-links';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../lib/i18n';
import { useStaffCase } from './api/case';
import { ActionsCard, type Feedback } from './components/actions-card';
import { CaseSummary } from './components/case-summary';
import { ContractCard } from './components/contract-card';
import type { CaseIntent, OpenIntent } from './components/case-intents';
import { DocumentsCard } from './components/documents-card';
import { PartiesCard } from './components/parties-card';
import { SheetsCard } from './components/sheets-card';
import { SignatureCard } from './components/signature-card';
import { SurveyCard } from './components/survey-card';
import { TimelineCard } from './components/timeline-card';
import type { CaseDetail } from './utils/case-data';

/** The confirmations validate with the contract's schemas (zod): they load when one opens, not with the page. */
const ActionDialog = lazy(() => import('./components/action-dialog'));
const loadDialog = () => void import('./components/action-dialog');

function useCaseId(): number | null {
  const { id } = useParams<'id'>();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : null;
}

/**
 * Back to the pipeline as the person left it: the previous page when it was the pipeline (its filters are in its
 * address, and the browser keeps its scroll), else the pipeline the link came from, else the pipeline's first view.
 */
function BackLink() {
  const { t } = useTranslation('staff-case');
  const location = useLocation();
  const navigate = useNavigate();
  const back = pipelineReturnPath(location.state);
  return (
    <Button
      component={RouterLink}
      to={back ?? '/gestion'}
      startIcon={<ArrowBack />}
      onClick={(event: MouseEvent) => {
        if (!back || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        void navigate(-1);
      }}
      sx={{ alignSelf: 'flex-start', mb: 1 }}
    >
      {t('back')}
    </Button>
  );
}

function Loading() {
  return (
    <Box aria-hidden sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Skeleton variant="rounded" height={160} />
      <Skeleton variant="rounded" height={220} />
    </Box>
  );
}

function CasePage({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('staff-case');
  const [open, setOpen] = useState<OpenIntent | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const name = `${detail.applicant.prenom} ${detail.applicant.nom}`;
  const isArchived = detail.dossierStatut === 9;
  const badgeText = t(`badges.${dossierBadge(detail.dossierStatut)}`);
  const statusText = t(builtKey<'staff-case'>(`statuts.${detail.dossierStatut}`));

  function openIntent(intent: CaseIntent, document?: ReviewableDocument) {
    setFeedback(null);
    setOpen({ intent, ...(document ? { document } : {}) });
  }

  function openScanCheck(intent: CaseIntent, role: SignerRole) {
    setFeedback(null);
    setOpen({ intent, role });
  }

  function finish(outcome: 'done' | 'conflict') {
    const intent = open?.intent;
    setOpen(null);
    setFeedback(
      outcome === 'done'
        ? { severity: 'success', text: t('feedback.done', { action: intent ? t(`actions.labels.${intent}`) : '' }) }
        : { severity: 'warning', text: t('feedback.conflict') },
    );
    // The button that opened the confirmation may be gone with the new state: the outcome takes the focus.
    setTimeout(() => feedbackRef.current?.focus(), 0);
  }

  return (
    <>
      <PageHeader
        title={t('title', { id: detail.id, name })}
        context={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <DossierBadge statut={detail.dossierStatut} label={(badge) => t(`badges.${badge}`)} />
            {statusText === badgeText ? null : (
              <Typography component="span" sx={{ color: 'text.secondary' }}>
                {statusText}
              </Typography>
            )}
          </Box>
        }
        subtitle={detail.dossierName ?? t('unnamed')}
      />
      {isArchived ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('archivedNotice')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <Box onPointerEnter={loadDialog} onFocus={loadDialog}>
          <ActionsCard detail={detail} onAction={openIntent} feedback={feedback} feedbackRef={feedbackRef} />
        </Box>
        <CaseSummary detail={detail} />
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(280px, 2fr)' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 0 }}>
            <PartiesCard detail={detail} />
            {detail.contract ? <ContractCard contract={detail.contract} /> : null}
            {detail.signature ? (
              <Box onPointerEnter={loadDialog} onFocus={loadDialog}>
                <SignatureCard signature={detail.signature} onAction={openScanCheck} />
              </Box>
            ) : null}
            <DocumentsCard detail={detail} onAction={openIntent} />
            <SheetsCard detail={detail} />
            <SurveyCard dossierId={detail.id} />
          </Box>
          <TimelineCard detail={detail} />
        </Box>
      </Box>
      {open ? (
        <Suspense fallback={null}>
          <ActionDialog
            intent={open.intent}
            document={open.document}
            role={open.role}
            detail={detail}
            onClose={() => setOpen(null)}
            onDone={finish}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Issue 10: a case as the back office sees it, with the actions its state allows (/gestion/dossiers/:id). */
export function Component() {
  const id = useCaseId();
  const query = useStaffCase(id ?? 0);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <BackLink />
      {id === null || (query.isError && !query.data) ? (
        <ErrorState error={query.error} onRetry={id === null ? undefined : () => void query.refetch()} />
      ) : query.data ? (
        <CasePage detail={query.data} />
      ) : (
        <Loading />
      )}
    </Box>
  );
}
