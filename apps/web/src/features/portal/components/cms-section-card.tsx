import type { CmsInfo } from '@passerelle/contract';
import { memo, type ReactNode } from 'react';
import { HtmlContent } from './html-content';
import { SectionCard } from './section-card';

export interface CmsSectionCardProps {
  id: string;
  section: CmsInfo['news'];
  fallbackTitle: string;
  isFeatured?: boolean;
  icon?: ReactNode;
}

/** A section of the content feed; nothing when the feed has no text for it. */
export const CmsSectionCard = memo(function CmsSectionCard({
  id,
  section,
  fallbackTitle,
  isFeatured,
  icon,
}: CmsSectionCardProps) {
  if (!section?.text.trim()) return null;
  return (
    <SectionCard id={id} title={section.title || fallbackTitle} isFeatured={isFeatured} icon={icon}>
      <HtmlContent html={section.text} />
    </SectionCard>
  );
});
