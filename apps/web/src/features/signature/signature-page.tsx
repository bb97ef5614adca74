import Block from '@mui/icons-material/Block';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SignatureResponse } from '@passerelle/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { ErrorState } from '../../components/error-state';
import { FullPageSpinner } from '../../components/full-page-spinner';
import { PageHeader } from '../../components/page-header';
import { ApiError } from '../../lib/api-client';
import { useTranslation } from 'react-i18next';
import { signatureQueryOptions } from './api/signature';
import { DocumentsList } from './components/documents-list';
import { ManualSigning } from './components/manual-signing';
import { MethodChoice } from './components/method-choice';
import { OnlineSigning } from './components/online-signing';
import { ClosedOutcome, LockedOutcome, SignedOutcome } from './components/outcomes';
import { RefuseDialog } from './components/refuse-dialog';
import { SignersSteps } from './components/signers-steps';
import { currentSigner, hasAnySignature, mySigner } from './utils/signers';

type Notice = 'signed' | 'submitted' | 'refused';

/** The dossier id of the address, or null when it is not one (the API's own bounds). */
function useDossierId(): number | null {
  const { id } = useParams<'id'>();
  const value = Number(id);
  return /^\d+$/.test(id ?? '') && value > 0 && value <= 2_147_483_647 ? value : null;
}

function Section({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {children}
      </CardContent>
    </Card>
  );
}

function Documents({ signature, isMyTurn }: { signature: SignatureResponse; isMyTurn: boolean }) {
  const { t } = useTranslation('signature');
  const readsHere = isMyTurn && signature.method === 'online';
  return (
    <Section>
      <Box>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {isMyTurn ? t('documents.title') : t('documents.titleReadOnly')}
        </Typography>
        {readsHere ? (
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{t('documents.readIntro')}</Typography>
        ) : null}
      </Box>
      <DocumentsList
        dossierId={signature.dossier.id}
        documents={signature.documents}
        canRead
        openFirst={readsHere}
        preferDownload={isMyTurn && signature.method === 'manual'}
      />
    </Section>
  );
}

/** What the person is told after acting, focused so that a screen reader says it at once. */
function NoticeAlert({ notice, isComplete }: { notice: Notice; isComplete: boolean }) {
  const { t } = useTranslation('signature');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [notice]);
  const text = { signed: t('online.signed'), submitted: t('manual.submitted'), refused: t('refuse.done') }[notice];
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="status"
      severity={notice === 'refused' ? 'info' : 'success'}
      sx={{ outline: 'none' }}
    >
      <Box component="strong" sx={{ display: 'block' }}>
        {text}
      </Box>
      {/* The last signature completes the contract: no next signer to tell, the outcome below says what follows. */}
      {notice === 'signed' && !isComplete ? t('online.signedNext') : null}
    </Alert>
  );
}

/** The signature under way: the person's turn (online or on paper), or what they wait for. */
function PendingPanel({
  id,
  signature,
  onNotice,
}: {
  id: number;
  signature: SignatureResponse;
  onNotice: (notice: Notice) => void;
}) {
  const { t } = useTranslation('signature');
  const [changing, setChanging] = useState(false);
  const [refusing, setRefusing] = useState(false);
  const { me, method } = signature;
  const canChange = me.canChooseMethod && !hasAnySignature(signature);
  if (changing)
    return (
      <Section>
        <MethodChoice
          id={id}
          current={method}
          onCancel={() => setChanging(false)}
          onChosen={() => setChanging(false)}
        />
      </Section>
    );
  return (
    <>
      {canChange && method ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t(`method.current.${method}`)}
          </Typography>
          <Button size="small" startIcon={<SwapHoriz />} onClick={() => setChanging(true)}>
            {t('method.change')}
          </Button>
        </Box>
      ) : null}
      <Documents signature={signature} isMyTurn={me.canSign} />
      {me.canSign && method === 'online' && me.codeLocked ? <LockedOutcome /> : null}
      {me.canSign && method === 'online' && !me.codeLocked ? (
        <Section>
          <OnlineSigning
            id={id}
            consent={signature.consent}
            documents={signature.documents}
            pendingCode={signature.me.pendingCode}
            onSigned={() => onNotice('signed')}
          />
        </Section>
      ) : null}
      {me.canSign && method === 'manual' ? (
        <Section>
          <ManualSigning id={id} rejectedReason={me.scanRejectedReason} onSubmitted={() => onNotice('submitted')} />
        </Section>
      ) : null}
      {me.canSign ? (
        <Box>
          <Button variant="outlined" color="error" startIcon={<Block />} onClick={() => setRefusing(true)}>
            {t('refuse.action')}
          </Button>
          <RefuseDialog
            id={id}
            open={refusing}
            onClose={() => setRefusing(false)}
            onRefused={() => {
              setRefusing(false);
              onNotice('refused');
            }}
          />
        </Box>
      ) : null}
    </>
  );
}

function MainPanel({
  id,
  signature,
  onNotice,
}: {
  id: number;
  signature: SignatureResponse;
  onNotice: (notice: Notice) => void;
}) {
  switch (signature.state) {
    case 'choose':
      return (
        <>
          {signature.me.canChooseMethod ? (
            <Section>
              <MethodChoice id={id} current={null} />
            </Section>
          ) : null}
          <Documents signature={signature} isMyTurn={false} />
        </>
      );
    case 'pending':
      return <PendingPanel id={id} signature={signature} onNotice={onNotice} />;
    case 'signed':
      return <SignedOutcome signature={signature} />;
    case 'refused':
    case 'unavailable':
      return <ClosedOutcome signature={signature} />;
  }
}

/** Whose turn it is, in one sentence under the title. */
function TurnLine({ signature }: { signature: SignatureResponse }) {
  const { t } = useTranslation('signature');
  const current = currentSigner(signature);
  const first = signature.signers[0];
  if (signature.state === 'choose') {
    if (signature.me.canChooseMethod || !first) return null;
    return <>{t('turn.choose', { name: first.name })}</>;
  }
  if (signature.state !== 'pending' || !current) return null;
  if (signature.me.canSign) return <>{t('turn.mine')}</>;
  if (mySigner(signature)?.status === 'submitted') return <>{t('turn.submitted')}</>;
  return <>{t('turn.other', { name: current.name, role: t(`signers.roles.${current.role}`) })}</>;
}

/** Issue 11: `/signature/:id`, where each signer of a case signs its contract documents in turn. */
function SignaturePage() {
  const { t } = useTranslation('signature');
  const id = useDossierId();
  const query = useQuery({ ...signatureQueryOptions(id ?? 0), enabled: id !== null });
  const [notice, setNotice] = useState<Notice | null>(null);

  if (id === null)
    return (
      <>
        <PageHeader title={t('title')} />
        <ErrorState error={new ApiError(404, 'NOT_FOUND', 'Not found')} />
      </>
    );
  if (query.isPending) return <FullPageSpinner />;
  if (query.isError) {
    // Not a signer of this case: the app's one "not allowed" page (SPEC 8, 403).
    if (query.error instanceof ApiError && query.error.status === 403) return <Navigate to="/forbidden" replace />;
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageHeader title={t('title')} />
        <ErrorState error={query.error} onRetry={isMissing ? undefined : () => void query.refetch()} />
      </>
    );
  }
  const signature = query.data;
  const { dossier } = signature;
  return (
    <>
      <PageHeader
        title={t('title')}
        context={
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            <Typography sx={{ fontWeight: 600 }}>{t('caseLine', { id: dossier.id })}</Typography>
            <Typography variant="body2">{t('applicant', { name: dossier.applicantName })}</Typography>
            {dossier.companyName ? (
              <Typography variant="body2">{t('company', { name: dossier.companyName })}</Typography>
            ) : null}
          </Box>
        }
        subtitle={<TurnLine signature={signature} />}
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '300px minmax(0, 1fr)' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <SignersSteps signature={signature} />
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          {notice ? <NoticeAlert notice={notice} isComplete={signature.state === 'signed'} /> : null}
          <MainPanel id={id} signature={signature} onNotice={setNotice} />
        </Box>
      </Box>
    </>
  );
}

export { SignaturePage as Component };
