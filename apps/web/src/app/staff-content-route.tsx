import type { CmsSectionName } from '@passerelle/contract/staff-content';
import { CmsSectionCard } from '../features/portal/components/cms-section-card';
import type { CmsPreview } from '../features/staff/content/components/feed-panel';
import { StaffContentPage } from '../features/staff/content/staff-content-page';
import { useTranslation } from 'react-i18next';

/** The news card stands out on the applicant's home (SPEC "highlighted"); the others are plain cards. */
const featured: ReadonlySet<CmsSectionName> = new Set(['news']);

/**
 * The content screen's preview is the applicant portal's own card (features do not import each other: the route
 * composes them). The portal's texts load too: the feed's in-app links get their translated labels, as applicants see.
 */
const Preview: CmsPreview = ({ section, title, html }) => {
  useTranslation('portal');
  return (
    <CmsSectionCard
      id={`preview-${section}`}
      section={{ title, text: html }}
      fallbackTitle={title}
      isFeatured={featured.has(section)}
    />
  );
};

function StaffContentRoute() {
  return <StaffContentPage Preview={Preview} />;
}

export { StaffContentRoute as Component };
