import ArrowForward from '@mui/icons-material/ArrowForward';
import Block from '@mui/icons-material/BlockOutlined';
import Download from '@mui/icons-material/DownloadOutlined';
import Inventory from '@mui/icons-material/Inventory2Outlined';
import TaskAlt from '@mui/icons-material/TaskAltOutlined';
import WarningAmber from '@mui/icons-material/WarningAmberOutlined';
import FolderOff from '@mui/icons-material/FolderOffOutlined';
import EditNote from '@mui/icons-material/EditNoteOutlined';
import HourglassEmpty from '@mui/icons-material/HourglassEmptyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormHelperText from '@mui/material/FormHelperText';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { EmployerDossier, MeResponse } from '@passerelle/contract';
import { dossierBadge } from '@passerelle/contract/dossier-progress';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DossierBadge } from '../../components/dossier-badge';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { useErrorText } from '../../components/use-error-text';
import { call, downloadFile } from '../../lib/api-client';
import { formatDate } from '../../lib/date-format';
import { useTranslation } from 'react-i18next';

const employerDossiersQueryOptions = () =>
  queryOptions({
    queryKey: ['employer', 'dossiers'],
    queryFn: ({ signal }) => call('GET /employeurs/dossiers', { signal }),
  });

type ClosedState = 'accepted' | 'breaking' | 'broken' | 'refused' | 'archived';

/** A case nobody acts on any more (SPEC 4: 6, 8 to 13) says where it stands, not "nothing to do for now". */
function closedStateOf(statut: number): ClosedState | null {
  const badge = dossierBadge(statut);
  switch (badge) {
    case 'accepted':
    case 'breaking':
    case 'broken':
    case 'refused':
    case 'archived':
      return badge;
    case 'started':
    case 'inProgress':
      return null;
  }
}

const closedIcons: Record<ClosedState, ReactNode> = {
  accepted: <TaskAlt aria-hidden fontSize="small" sx={{ color: 'success.main' }} />,
  breaking: <WarningAmber aria-hidden fontSize="small" sx={{ color: 'warning.main' }} />,
  broken: <Block aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />,
  refused: <Block aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />,
  archived: <Inventory aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />,
};

/** The signed CERFA and its addendum: the company keeps them with the employee's records. */
function ContractDocuments({ dossier, describedBy }: { dossier: EmployerDossier; describedBy: string }) {
  const { t } = useTranslation('employer');
  const errorText = useErrorText();
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const name = `${dossier.applicant.prenom} ${dossier.applicant.nom}`.trim();
  const documents = [
    { kind: 'cerfa', url: dossier.dossierCerfa },
    { kind: 'addendum', url: dossier.dossierCerfaAvenant },
  ] as const;
  function download(kind: 'cerfa' | 'addendum', url: string) {
    setError(null);
    setPendingUrl(url);
    downloadFile(url, t(`documents.${kind}File`, { id: dossier.id, name }))
      .catch((err: unknown) => setError(err))
      .finally(() => setPendingUrl(null));
  }
  return (
    <>
      {documents.map(({ kind, url }) =>
        url ? (
          <Button
            key={kind}
            variant="outlined"
            startIcon={<Download />}
            onClick={() => download(kind, url)}
            disabled={pendingUrl === url}
            aria-describedby={describedBy}
          >
            {t(`documents.${kind}`)}
          </Button>
        ) : null,
      )}
      {error ? (
        <FormHelperText error role="alert" sx={{ m: 0 }}>
          {errorText(error)}
        </FormHelperText>
      ) : null}
    </>
  );
}

function DossierCard({ dossier }: { dossier: EmployerDossier }) {
  const { t, i18n } = useTranslation('employer');
  const { waitingFor } = dossier;
  const closedState = waitingFor.actor === 'none' ? closedStateOf(dossier.dossierStatut) : null;
  const hasDocuments = Boolean(dossier.dossierCerfa || dossier.dossierCerfaAvenant);
  const name = `${dossier.applicant.prenom} ${dossier.applicant.nom}`.trim() || t('unnamed');
  const isOwnTurn = waitingFor.actor === 'company' && waitingFor.to !== null;
  // The signature screen comes with the signature module (docs/decisions/0004): until then the contract reaches the
  // signatory outside the portal, and a button would lead to an empty page.
  const isSignature = waitingFor.action === 'signature';
  const ownTurnTo = isOwnTurn && !isSignature ? waitingFor.to : null;
  const missionsTo = dossier.missions.open ? dossier.missions.to : null;
  const headingId = useId();
  // Same-named links on every card: each one is described by its card's applicant.
  return (
    <Card component="article">
      <CardContent
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          alignItems: { xs: 'stretch', sm: 'center' },
          p: { xs: 2, sm: 2.5 },
        }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography
            id={headingId}
            component="h3"
            sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          {dossier.dossierName ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {dossier.dossierName}
            </Typography>
          ) : null}
          {dossier.formation ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {dossier.formation.libelle} — {dossier.formation.school}
            </Typography>
          ) : null}
          <Box
            sx={{
              display: 'flex',
              gap: 1,
              alignItems: 'center',
              flexWrap: 'wrap',
              fontSize: '0.875rem',
              color: 'text.secondary',
            }}
          >
            <span>{t('number', { id: dossier.id })}</span>
            <DossierBadge statut={dossier.dossierStatut} label={(badge) => t(`badges.${badge}`)} />
            <span>{t('lastUpdate', { date: formatDate(dossier.dossierLastUpdate, i18n.language) })}</span>
          </Box>
          {closedState ? (
            <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
              {closedIcons[closedState]}
              {t(`closed.${closedState}`)}
            </Typography>
          ) : (
            <Typography
              variant="body2"
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, fontWeight: isOwnTurn ? 600 : 400 }}
            >
              {isOwnTurn ? null : <HourglassEmpty aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />}
              {t(`waiting.${waitingFor.actor}.${waitingFor.action}`, {
                defaultValue: t(`waiting.${waitingFor.actor}.default`),
              })}
            </Typography>
          )}
          {isOwnTurn && isSignature ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('signatureHelp')}
            </Typography>
          ) : null}
          {closedState === 'accepted' && !dossier.dossierCerfa ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('documents.pending')}
            </Typography>
          ) : null}
        </Box>
        {hasDocuments ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, flexShrink: 0, alignItems: 'stretch' }}>
            <ContractDocuments dossier={dossier} describedBy={headingId} />
          </Box>
        ) : null}
        {ownTurnTo !== null || missionsTo !== null ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, flexShrink: 0, alignItems: 'stretch' }}>
            {ownTurnTo !== null ? (
              <Button
                component={Link}
                to={ownTurnTo}
                variant="contained"
                endIcon={<ArrowForward />}
                aria-describedby={headingId}
              >
                {t(`actions.${waitingFor.action}`, { defaultValue: t('actions.default') })}
              </Button>
            ) : null}
            {/* Optional and open until the contract is prepared: a secondary way, beside whatever the case waits for. */}
            {missionsTo !== null ? (
              <Button
                component={Link}
                to={missionsTo}
                variant="outlined"
                startIcon={<EditNote />}
                aria-describedby={headingId}
              >
                {t('actions.missions')}
              </Button>
            ) : null}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The employer's home: every case of the company, its stage and what it waits for, with the button to act. */
export function EmployerHome({ user }: { user: MeResponse }) {
  const { t } = useTranslation('employer');
  const dossiers = useQuery(employerDossiersQueryOptions());
  return (
    <>
      <PageHeader title={t('title', { name: `${user.prenom} ${user.nom}`.trim() })} subtitle={t('subtitle')} />
      <Box component="section" aria-label={t('listTitle')} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.3rem' }}>
          {t('listTitle')}
        </Typography>
        {dossiers.isPending ? [0, 1].map((key) => <Skeleton key={key} variant="rounded" height={112} />) : null}
        {dossiers.isError ? <ErrorState error={dossiers.error} onRetry={() => void dossiers.refetch()} /> : null}
        {dossiers.data?.length === 0 ? (
          <EmptyState title={t('empty')} description={t('emptyHelp')} icon={<FolderOff />} />
        ) : null}
        {dossiers.data?.map((dossier) => (
          <DossierCard key={dossier.id} dossier={dossier} />
        ))}
      </Box>
    </>
  );
}
