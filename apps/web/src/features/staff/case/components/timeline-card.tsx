import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { StaffDossierEvent } from '@passerelle/contract';
import { useId, useState } from 'react';
import { formatDate, formatDateTime } from '../../../../lib/date-format';
import { useTranslation } from 'react-i18next';
import { builtKey } from '../../../../lib/i18n';
import type { CaseDetail } from '../utils/case-data';

/** How many events show before "show all": a case of a year gathers dozens (every draft saved is one). */
export const RECENT_EVENTS = 8;

const asText = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const asNumber = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * The events whose recorded `reason` is the message staff wrote to a party (a sheet sent back, a missions complement
 * asked for): the dialog called it a message, the history says so too rather than "reason".
 */
const messageEvents: ReadonlySet<string> = new Set(['sheet.returned', 'missions.complement_requested']);

/** What an event's details say, in words: a status change, the decision and the reason or message given. */
function useDetailLines() {
  const { t, i18n } = useTranslation(['staff-case', 'sheets']);
  return (details: StaffDossierEvent['details'], type = ''): string[] => {
    const lines: string[] = [];
    const statut = details['statut'];
    if (typeof statut === 'object' && statut !== null) {
      const from = asNumber((statut as Record<string, unknown>)['from']);
      const to = asNumber((statut as Record<string, unknown>)['to']);
      if (from !== null && to !== null)
        lines.push(
          t('timeline.statusChange', {
            from: t(builtKey<['staff-case', 'sheets']>(`statuts.${from}`)),
            to: t(builtKey<['staff-case', 'sheets']>(`statuts.${to}`)),
          }),
        );
    }
    const kind = asText(details['kind']) ?? asText(details['sheet']);
    if (kind && i18n.exists(`staff-case:sheets.kinds.${kind}`))
      lines.push(t(builtKey<['staff-case', 'sheets']>(`sheets.kinds.${kind}`)));
    const document = asText(details['document']);
    if (document && i18n.exists(`staff-case:documents.kinds.${document}`))
      lines.push(t(builtKey<['staff-case', 'sheets']>(`documents.kinds.${document}`)));
    const decision = asText(details['decision']);
    if (decision && i18n.exists(`staff-case:timeline.decisions.${decision}`))
      lines.push(t(builtKey<['staff-case', 'sheets']>(`timeline.decisions.${decision}`)));
    for (const key of ['date', 'signedOn', 'filedOn']) {
      const date = asText(details[key]);
      if (date) lines.push(t('timeline.date', { date: formatDate(date, i18n.language) }));
    }
    const deca = asText(details['decaNumber']);
    if (deca) lines.push(t('timeline.deca', { number: deca }));
    const reason = asText(details['reason']);
    // Some entries the portal writes itself give a code rather than a person's words.
    const reasonCode = `staff-case:timeline.reasonCodes.${reason ?? ''}`;
    if (reason && messageEvents.has(type)) lines.push(t('timeline.message', { text: reason }));
    else if (reason)
      lines.push(
        t('timeline.reason', {
          text:
            /^[a-z_]+$/.test(reason) && i18n.exists(reasonCode)
              ? t(builtKey<['staff-case', 'sheets']>(reasonCode))
              : reason,
        }),
      );
    const message = asText(details['message']);
    if (message) lines.push(t('timeline.message', { text: message }));
    const cancelled = details['cancelledSignatures'];
    if (Array.isArray(cancelled)) {
      const roles = cancelled
        .map((entry: unknown) => (typeof entry === 'object' && entry !== null ? asText((entry as Record<string, unknown>)['role']) : null))
        .filter((role): role is string => role !== null && i18n.exists(`staff-case:signature.roles.${role}`))
        .map((role) => t(builtKey<['staff-case', 'sheets']>(`signature.roles.${role}`)));
      lines.push(roles.length > 0 ? t('timeline.cancelledSignatures', { roles: roles.join(', ') }) : t('timeline.noSignatureCancelled'));
    }
    return lines;
  };
}

function EventItem({ event }: { event: StaffDossierEvent }) {
  const { t, i18n } = useTranslation(['staff-case', 'common']);
  const detailLines = useDetailLines();
  const typeKey = `staff-case:timeline.types.${event.type}`;
  const title = i18n.exists(typeKey) ? t(builtKey<['staff-case', 'common']>(typeKey)) : event.type;
  const actor = event.actor
    ? t('timeline.by', {
        name: event.actor.name || event.actor.email,
        role: t(`common:userTypes.${event.actor.userType}`),
      })
    : t('timeline.unknownActor');
  const lines = detailLines(event.details, event.type);
  return (
    <Box
      component="li"
      sx={{
        position: 'relative',
        pl: 3,
        pb: 2,
        '&::before': {
          content: '""',
          position: 'absolute',
          left: 6,
          top: 8,
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: 'primary.main',
        },
        '&::after': {
          content: '""',
          position: 'absolute',
          left: 9.5,
          top: 20,
          bottom: 0,
          width: '1px',
          bgcolor: 'divider',
        },
        '&:last-of-type::after': { display: 'none' },
      }}
    >
      <Typography component="p" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <Box component="time" dateTime={event.at}>
          {formatDateTime(event.at, i18n.language)}
        </Box>{' '}
        {actor}
      </Typography>
      {lines.map((line) => (
        <Typography key={line} variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}

/** Every event of the case, newest first: the most recent ones, and all of them on demand. */
export function TimelineCard({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation('staff-case');
  const titleId = useId();
  const listId = useId();
  const [showAll, setShowAll] = useState(false);
  // The API lists them oldest first: reversed, then sorted (a stable sort), entries of the same instant stay newest first.
  const events = [...detail.events].reverse().sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  const shown = showAll ? events : events.slice(0, RECENT_EVENTS);
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('timeline.title')}
        </Typography>
        {events.length === 0 ? (
          <Typography sx={{ color: 'text.secondary' }}>{t('timeline.empty')}</Typography>
        ) : (
          <Box component="ol" id={listId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {shown.map((event, index) => (
              <EventItem key={`${event.at}-${event.type}-${index}`} event={event} />
            ))}
          </Box>
        )}
        {events.length > RECENT_EVENTS ? (
          <Box>
            <Button
              variant="text"
              aria-expanded={showAll}
              aria-controls={listId}
              onClick={() => setShowAll((value) => !value)}
            >
              {showAll
                ? t('timeline.showRecent', { count: RECENT_EVENTS })
                : t('timeline.showAll', { count: events.length })}
            </Button>
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
