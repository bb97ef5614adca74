// The back office's validation texts (the server's codes under the fields), loaded with its screens only.
import '@passerelle/contract/rules/back-office-texts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense, useId, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { FeedPanel, type CmsPreview } from './components/feed-panel';

// The lists load when their tab opens: the feed's editor, the first tab, paints without them.
const PublicFilesPanel = lazy(() =>
  import('./components/public-files-panel').then((m) => ({ default: m.PublicFilesPanel })),
);
const PartnersPanel = lazy(() => import('./components/partners-panel').then((m) => ({ default: m.PartnersPanel })));
const ForumPanel = lazy(() => import('./components/forum-panel').then((m) => ({ default: m.ForumPanel })));

const tabs = ['feed', 'files', 'partners', 'forum'] as const;
type TabName = (typeof tabs)[number];

/**
 * Issue 12: what the applicant portal shows, written by staff — the feed's sections in French and English, the home's
 * public files, the partners and the forum invitation. `Preview` is the portal's own card, given by the route.
 */
export function StaffContentPage({ Preview }: { Preview: CmsPreview }) {
  const { t } = useTranslation('staff-content');
  const baseId = useId();
  const [tab, setTab] = useState<TabName>('feed');
  const [feedback, setFeedback] = useState<string | null>(null);
  const tabId = (name: TabName) => `${baseId}-tab-${name}`;
  const panelId = (name: TabName) => `${baseId}-panel-${name}`;

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        value={tab}
        onChange={(_event, next: TabName) => {
          setFeedback(null);
          setTab(next);
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('tabs.label')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`tabs.${name}`)} id={tabId(name)} aria-controls={panelId(name)} />
        ))}
      </Tabs>
      <Box role="status" aria-live="polite" sx={{ mb: feedback ? 2 : 0 }}>
        {feedback ? (
          <Alert severity="success" onClose={() => setFeedback(null)}>
            {feedback}
          </Alert>
        ) : null}
      </Box>
      <Box role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        <Suspense fallback={null}>
          {tab === 'feed' ? <FeedPanel Preview={Preview} /> : null}
          {tab === 'files' ? <PublicFilesPanel onFeedback={setFeedback} /> : null}
          {tab === 'partners' ? <PartnersPanel onFeedback={setFeedback} /> : null}
          {tab === 'forum' ? <ForumPanel onFeedback={setFeedback} /> : null}
        </Suspense>
      </Box>
    </>
  );
}
