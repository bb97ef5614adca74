import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReviewableDocument } from '@passerelle/contract';
import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDetail } from '../utils/case-data';
import { closingIntents, forwardIntents, offeredIntents, returnIntents, type CaseIntent } from './case-intents';

/** A column of full-width buttons on a phone, a row on wider screens. */
const group = {
  display: 'flex',
  flexDirection: { xs: 'column', sm: 'row' },
  flexWrap: 'wrap',
  gap: 1,
  alignItems: { xs: 'stretch', sm: 'center' },
} as const;

export interface Feedback {
  severity: 'success' | 'warning';
  text: string;
}

/**
 * The actions the case's state allows now, and only those: what moves the case on first and prominent, sending work
 * back next, and what refuses, archives or ends the contract apart, in red. Each button opens its confirmation.
 */
export function ActionsCard({
  detail,
  onAction,
  feedback,
  feedbackRef,
}: {
  detail: CaseDetail;
  onAction: (intent: CaseIntent, document?: ReviewableDocument) => void;
  feedback: Feedback | null;
  feedbackRef: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation('staff-case');
  const titleId = useId();
  const closingId = useId();
  const forward = offeredIntents(detail.allowedActions, forwardIntents);
  const back = offeredIntents(detail.allowedActions, returnIntents);
  const closing = offeredIntents(detail.allowedActions, closingIntents);
  const isEmpty = forward.length + back.length + closing.length === 0;
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('actions.title')}
        </Typography>
        <Box ref={feedbackRef} tabIndex={-1} sx={{ outline: 'none', '&:empty': { display: 'none' } }}>
          {feedback ? <Alert severity={feedback.severity}>{feedback.text}</Alert> : null}
        </Box>
        {isEmpty ? <Typography sx={{ color: 'text.secondary' }}>{t('actions.none')}</Typography> : null}
        {forward.length > 0 ? (
          <Box sx={group}>
            {forward.map((intent, index) => (
              <Button
                key={intent}
                variant={index === 0 ? 'contained' : 'outlined'}
                size={index === 0 ? 'large' : 'medium'}
                onClick={() => onAction(intent)}
              >
                {t(`actions.labels.${intent}`)}
              </Button>
            ))}
          </Box>
        ) : null}
        {back.length > 0 ? (
          <Box sx={group}>
            {back.map((intent) => (
              <Button key={intent} variant="outlined" onClick={() => onAction(intent)}>
                {t(`actions.labels.${intent}`)}
              </Button>
            ))}
          </Box>
        ) : null}
        {closing.length > 0 ? (
          <Box
            component="section"
            aria-labelledby={closingId}
            sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            {forward.length + back.length > 0 ? <Divider sx={{ mb: 1 }} /> : null}
            <Typography
              id={closingId}
              component="h3"
              sx={{ fontSize: '0.95rem', fontWeight: 600, color: 'text.secondary' }}
            >
              {t('actions.closing')}
            </Typography>
            <Box sx={group}>
              {closing.map((intent) => (
                <Button key={intent} variant="outlined" color="error" onClick={() => onAction(intent)}>
                  {t(`actions.labels.${intent}`)}
                </Button>
              ))}
            </Box>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
