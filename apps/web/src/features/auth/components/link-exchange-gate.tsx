import Box from '@mui/material/Box';
import { lazy, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { FullPageSpinner } from '../../../components/full-page-spinner';
import { takeReturnPath } from '../../../lib/auth-store';
import { useTranslation } from 'react-i18next';
import { takeLinkToken } from '../../../lib/pending-link';
import { exchangeLinkToken, type ExchangeOutcome } from '../api/link';

const ExpiredLinkCard = lazy(() => import('./expired-link-card').then((m) => ({ default: m.ExpiredLinkCard })));

/** Read once per page load (main.tsx captured it from the address before the first render). */
let startupToken: string | null | undefined;
function startupLinkToken(): string | null {
  if (startupToken === undefined) startupToken = takeLinkToken();
  return startupToken;
}

/** Error pages make no sense once signed in: the home page sends the person to their space. */
const leaveAfterSignIn = new Set(['/unauthorized', '/forbidden', '/logout']);

/**
 * Signs in with the personal link found at startup before anything else renders (a guard would otherwise send the
 * person to /unauthorized): success goes to the remembered path, or stays on the page the link points to; a link that
 * no longer works shows the expired card.
 */
export function LinkExchangeGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [linkToken] = useState(startupLinkToken);
  const [outcome, setOutcome] = useState<ExchangeOutcome | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  /**
   * Where the sign-in sends the person. The page under the gate waits until the router is there: the page still on
   * screen (the home page) would otherwise send an applicant to their space and cut the way back.
   */
  const [headingTo, setHeadingTo] = useState<string | null>(null);
  if (headingTo && location.pathname === headingTo) setHeadingTo(null);

  useEffect(() => {
    if (!linkToken) return;
    let live = true;
    void exchangeLinkToken(linkToken).then((result) => {
      if (!live) return;
      if (result.kind === 'signed-in') {
        const back = takeReturnPath();
        const target = back ?? (leaveAfterSignIn.has(location.pathname) ? `/${location.hash}` : null);
        if (target) {
          setHeadingTo(new URL(target, window.location.origin).pathname);
          void navigate(target, { replace: true });
        }
      }
      setOutcome(result);
    });
    return () => {
      live = false;
    };
    // Runs for the startup token only; later navigations must not re-run the exchange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkToken, attempt]);

  if (outcome?.kind === 'signed-in' && headingTo) return <FullPageSpinner label={t('exchange.signingIn')} />;
  if (!linkToken || dismissed || outcome?.kind === 'signed-in') return children;
  if (!outcome) return <FullPageSpinner label={t('exchange.signingIn')} />;
  if (outcome.kind === 'invalid')
    return <ExpiredLinkCard linkToken={linkToken} onContinue={() => setDismissed(true)} />;
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}>
      <ErrorState
        title={t('failed.title')}
        error={outcome.error}
        onRetry={() => {
          setOutcome(null);
          setAttempt((n) => n + 1);
        }}
      />
    </Box>
  );
}
