import ArrowForward from '@mui/icons-material/ArrowForward';
import FolderOff from '@mui/icons-material/FolderOffOutlined';
import EditNote from '@mui/icons-material/EditNoteOutlined';
import HourglassEmpty from '@mui/icons-material/HourglassEmptyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { EmployerDossier, MeResponse } from '@passerelle/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DossierBadge } from '../../components/dossier-badge';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api-client';

const employerDossiersQueryOptions = () =>
  queryOptions({
    queryKey: ['employer', 'dossiers'],
    queryFn: ({ signal }) => api<EmployerDossier[]>('/employeurs/dossiers', { signal }),
  });


function formatDate(value: string, language: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

function DossierCard({ dossier }: { dossier: EmployerDossier }) {
  const { t, i18n } = useTranslation('employer');
  const { waitingFor } = dossier;
  const name = `${dossier.applicant.prenom} ${dossier.applicant.nom}`.trim() || t('unnamed');
  const ownTurnTo = waitingFor.actor === 'company' ? waitingFor.to : null;
  const isOwnTurn = ownTurnTo !== null;
  const missionsTo = dossier.missions.open ? dossier.missions.to : null;
  const headingId = useId();
  // Same-named links on every card: each one is described by its card's applicant.
  return (
    <Card component="article">
      <CardContent sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { xs: 'stretch', sm: 'center' }, p: { xs: 2, sm: 2.5 } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography id={headingId} component="h3" sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {dossier.formation ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {dossier.formation.libelle} — {dossier.formation.school}
            </Typography>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', fontSize: '0.875rem', color: 'text.secondary' }}>
            <span>{t('number', { id: dossier.id })}</span>
            <DossierBadge statut={dossier.dossierStatut} label={(badge) => t(`badges.${badge}`)} />
            <span>{t('lastUpdate', { date: formatDate(dossier.dossierLastUpdate, i18n.language) })}</span>
          </Box>
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, fontWeight: isOwnTurn ? 600 : 400 }}>
            {isOwnTurn ? null : <HourglassEmpty aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />}
            {t(`waiting.${waitingFor.actor}.${waitingFor.action}`, { defaultValue: t(`waiting.${waitingFor.actor}.default`) })}
          </Typography>
        </Box>
        {ownTurnTo !== null || missionsTo !== null ? (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, flexShrink: 0, alignItems: 'stretch' }}>
            {ownTurnTo !== null ? (
              <Button component={Link} to={ownTurnTo} variant="contained" endIcon={<ArrowForward />} aria-describedby={headingId}>
                {t(`actions.${waitingFor.action}`, { defaultValue: t('actions.default') })}
              </Button>
            ) : null}
            {/* Optional and open until the contract is prepared: a secondary way, beside whatever the case waits for. */}
            {missionsTo !== null ? (
              <Button component={Link} to={missionsTo} variant="outlined" startIcon={<EditNote />} aria-describedby={headingId}>
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
        {dossiers.data?.length === 0 ? <EmptyState title={t('empty')} description={t('emptyHelp')} icon={<FolderOff />} /> : null}
        {dossiers.data?.map((dossier) => <DossierCard key={dossier.id} dossier={dossier} />)}
      </Box>
    </>
  );
}
