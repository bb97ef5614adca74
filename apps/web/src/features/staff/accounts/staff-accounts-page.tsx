// The back office's validation texts (its forms' and the server's codes), loaded with its screens only.
import '@passerelle/contract/rules/back-office-texts';
import PersonAdd from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StaffAccount } from '@passerelle/contract/staff-accounts';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { serverFieldMessage } from '../../../components/form/server-errors';
import { PageHeader } from '../../../components/page-header';
import { useErrorText } from '../../../components/use-error-text';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { ListRow } from '../components/list-row';
import { useAccountStatus, useInviteStaff, useStaffAccounts } from './api/accounts';

// The invitation form (and zod with the contract's schema) loads when it opens.
const InviteDialog = lazy(() => import('./components/invite-dialog').then((m) => ({ default: m.InviteDialog })));

type Confirming = { account: StaffAccount; action: 'deactivate' | 'reactivate' } | null;

const displayName = (account: StaffAccount) => [account.prenom, account.nom].filter(Boolean).join(' ') || account.email;

function AccountItem({
  account,
  onStatus,
  onReinvite,
  isReinviting,
}: {
  account: StaffAccount;
  onStatus: (action: 'deactivate' | 'reactivate') => void;
  onReinvite: () => void;
  isReinviting: boolean;
}) {
  const { t } = useTranslation('staff-accounts');
  const name = displayName(account);
  const isDeactivated = account.deactivatedAt !== null;
  const signIn = account.lastSignInAt
    ? t('list.lastSignIn', { date: formatDate(account.lastSignInAt) })
    : t('list.neverSignedIn');
  const invited = account.invitedAt ? t('list.invited', { date: formatDate(account.invitedAt) }) : null;
  // One's own account: signed in already, and never deactivated from here.
  const actions = isDeactivated ? (
    <Button
      size="small"
      variant="outlined"
      onClick={() => onStatus('reactivate')}
      aria-label={t('list.reactivateNamed', { name })}
    >
      {t('list.reactivate')}
    </Button>
  ) : account.isMe ? null : (
    <>
      <Button size="small" onClick={onReinvite} disabled={isReinviting} aria-label={t('list.reinviteNamed', { name })}>
        {t('list.reinvite')}
      </Button>
      <Button
        size="small"
        color="error"
        variant="outlined"
        onClick={() => onStatus('deactivate')}
        aria-label={t('list.deactivateNamed', { name })}
      >
        {t('list.deactivate')}
      </Button>
    </>
  );
  return (
    <ListRow actions={actions}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography
          component="h2"
          sx={{ fontWeight: 600, fontSize: '1rem', color: isDeactivated ? 'text.secondary' : 'text.primary' }}
        >
          {name}
        </Typography>
        <Chip
          size="small"
          label={t(`roles.${account.role}`)}
          color={account.role === 'admin' ? 'primary' : 'default'}
          variant="outlined"
        />
        {account.isMe ? <Chip size="small" label={t('list.me')} /> : null}
        {isDeactivated ? (
          <Chip
            size="small"
            color="error"
            variant="outlined"
            label={t('list.deactivated', { date: formatDate(account.deactivatedAt) })}
          />
        ) : null}
      </Box>
      {name !== account.email ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {account.email}
        </Typography>
      ) : null}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {[invited, signIn].filter(Boolean).join(' · ')}
      </Typography>
    </ListRow>
  );
}

/** A refusal's words: the server's message under `account` (the last admin, oneself), else the code's text. */
function useFailureText() {
  const errorText = useErrorText();
  return (error: unknown) => {
    const messages = error instanceof ApiError ? Object.values(error.errors).flat() : [];
    return messages.length ? serverFieldMessage(messages) : errorText(error);
  };
}

/** Issue 12: the back office's accounts, managed by admins: invite, invite again, deactivate, reactivate. */
function StaffAccountsPage() {
  const { t } = useTranslation('staff-accounts');
  const accounts = useStaffAccounts();
  const status = useAccountStatus();
  const reinvite = useInviteStaff();
  const failureText = useFailureText();
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const list = accounts.data?.accounts ?? [];
  const confirmName = confirming ? displayName(confirming.account) : '';

  function runStatus() {
    if (!confirming) return;
    const { account, action } = confirming;
    status.mutate(
      { id: account.id, action },
      {
        onSuccess: () =>
          setNotice({ severity: 'success', text: t(`feedback.${action}d`, { name: displayName(account) }) }),
        onError: (error) => setNotice({ severity: 'error', text: failureText(error) }),
        onSettled: () => setConfirming(null),
      },
    );
  }

  function runReinvite(account: StaffAccount) {
    reinvite.mutate(
      { email: account.email, admin: account.role === 'admin', lang: account.lang },
      {
        onSuccess: () => setNotice({ severity: 'success', text: t('feedback.invited', { email: account.email }) }),
        onError: (error) => setNotice({ severity: 'error', text: failureText(error) }),
      },
    );
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={<PersonAdd />}
            onClick={() => setInviting(true)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('invite.open')}
          </Button>
        }
      />
      <Box role="status" aria-live="polite" sx={{ mb: notice ? 2 : 0 }}>
        {notice ? (
          <Alert severity={notice.severity} onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        ) : null}
      </Box>
      {accounts.isError ? <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} /> : null}
      {accounts.isPending ? <LinearProgress aria-label={t('loading')} /> : null}
      {accounts.data ? (
        <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 } }}>
          <Box component="ul" aria-label={t('list.label')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.map((account) => (
              <AccountItem
                key={account.id}
                account={account}
                onStatus={(action) => setConfirming({ account, action })}
                onReinvite={() => runReinvite(account)}
                isReinviting={reinvite.isPending}
              />
            ))}
          </Box>
        </Paper>
      ) : null}
      {inviting ? (
        <Suspense fallback={null}>
          <InviteDialog
            onClose={() => setInviting(false)}
            onInvited={(result) => {
              setInviting(false);
              setNotice({
                severity: 'success',
                text: t(result.created ? 'feedback.created' : 'feedback.invited', { email: result.account.email }),
              });
            }}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`confirm.${confirming.action}Title`, { name: confirmName }) : ''}
        message={confirming ? t(`confirm.${confirming.action}Text`, { name: confirmName }) : ''}
        confirmLabel={confirming ? t(`list.${confirming.action}`) : undefined}
        destructive={confirming?.action === 'deactivate'}
        isPending={status.isPending}
        onConfirm={runStatus}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}

export { StaffAccountsPage as Component };
