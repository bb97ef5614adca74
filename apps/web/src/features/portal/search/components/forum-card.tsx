import Celebration from '@mui/icons-material/Celebration';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CmsInfo } from '@passerelle/contract';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { formatLongDate } from '../../utils/dates';
import { memo } from 'react';

type ForumInvitation = NonNullable<CmsInfo['forumInvitation']>;

/** Shown only when the content feed carries an invitation. */
export const ForumCard = memo(function ForumCard({ invitation }: { invitation: ForumInvitation }) {
  const { t, i18n } = useTranslation('portal');
  return (
    <SectionCard id="forum" title={t('forum.title')} icon={<Celebration />} isFeatured>
      <Typography sx={{ fontWeight: 600 }}>{invitation.name}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2, '&::first-letter': { textTransform: 'uppercase' } }}>
        {formatLongDate(invitation.date, i18n.language)}
      </Typography>
      <Button variant="contained" href={invitation.link} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNew />}>
        {t('forum.open')}
      </Button>
    </SectionCard>
  );
});
