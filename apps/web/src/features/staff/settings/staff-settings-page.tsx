// The back office's validation texts (the UAI's and SIRET's codes), loaded with its screens only.
import '@passerelle/contract/rules/back-office-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { CfaSettingsResponse, CfaSettingsValues } from '@passerelle/contract/staff-settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { DefinitionItem, DefinitionList } from '../../../components/definition-list';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/date-format';
import { useCfaSettings } from './api/cfa-settings';
import { CfaIdentityForm } from './components/cfa-identity-form';
import { SettingsSection } from './components/settings-section';

/** Where the values come from: saved (when, by whom), the server's environment, or the demo's fictitious CFA. */
function SourceLine({ settings }: { settings: CfaSettingsResponse }) {
  const { t } = useTranslation('staff-settings');
  const text =
    settings.source === 'saved' && settings.updatedAt
      ? settings.updatedBy
        ? t('source.saved', { date: formatDate(settings.updatedAt), name: settings.updatedBy })
        : t('source.savedNoName', { date: formatDate(settings.updatedAt) })
      : t(settings.source === 'demo' ? 'source.demo' : 'source.environment');
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {text}
    </Typography>
  );
}

/** The seal's certificate, read-only: it is the server's configuration (SIGNING_P12_PATH), said here. */
function SealSection({ seal }: { seal: CfaSettingsResponse['seal'] }) {
  const { t } = useTranslation('staff-settings');
  return (
    <SettingsSection title={t('sections.seal')}>
      <Typography variant="body2" sx={{ mb: seal ? 1.5 : 1 }}>
        {seal ? t(seal.origin === 'file' ? 'seal.file' : 'seal.generated') : t('seal.none')}
      </Typography>
      {seal ? (
        <DefinitionList variant="compact" sx={{ mb: 1.5 }}>
          <DefinitionItem label={t('seal.subject')}>{seal.subject}</DefinitionItem>
          <DefinitionItem label={t('seal.issuer')}>{seal.issuer}</DefinitionItem>
          <DefinitionItem label={t('seal.validTo')}>{formatDate(seal.validTo)}</DefinitionItem>
        </DefinitionList>
      ) : null}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('seal.howTo')}
      </Typography>
    </SettingsSection>
  );
}

/** The contract-blocking gaps named as the form labels them. */
function MissingAlert({ missing }: { missing: CfaSettingsResponse['missingForContracts'] }) {
  const { t } = useTranslation('staff-settings');
  if (missing.length === 0) return null;
  const fields = missing.map((field) => t(`fields.${field}`)).join(', ');
  return <Alert severity="warning">{t('missing', { fields })}</Alert>;
}

/**
 * Issue 28: the CFA's identity, set by an admin (the server's CFA_* environment gives only the first values): what the
 * contracts print, who signs for the CFA, how people reach it; the seal shown read-only.
 */
function StaffSettingsPage() {
  const { t } = useTranslation('staff-settings');
  const settings = useCfaSettings();
  const [saved, setSaved] = useState(false);
  const data = settings.data;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {settings.isError ? <ErrorState error={settings.error} onRetry={() => void settings.refetch()} /> : null}
      {settings.isPending ? <LinearProgress aria-label={t('loading')} /> : null}
      {data ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {data.demo && data.source !== 'saved' ? (
            <Alert severity="info">{t('demo', { name: data.values.denomination })}</Alert>
          ) : null}
          <SourceLine settings={data} />
          <MissingAlert missing={data.missingForContracts} />
          <CfaIdentityForm
            // A new form once saved: its values are the saved ones.
            key={data.updatedAt ?? data.source}
            values={data.values satisfies CfaSettingsValues}
            onSaved={() => setSaved(true)}
            onChange={() => setSaved(false)}
          />
          {/* In the page from the start (a live region announces what comes into it); no room taken while empty. */}
          <Box role="status" aria-live="polite" sx={{ display: saved ? 'block' : 'contents' }}>
            {saved ? (
              <Alert severity="success" onClose={() => setSaved(false)}>
                {t('saved')}
              </Alert>
            ) : null}
          </Box>
          <SealSection seal={data.seal} />
        </Box>
      ) : null}
    </>
  );
}

export { StaffSettingsPage as Component };
