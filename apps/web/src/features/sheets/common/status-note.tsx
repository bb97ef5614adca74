import Inventory from '@mui/icons-material/Inventory2Outlined';
import Block from '@mui/icons-material/BlockOutlined';
import Undo from '@mui/icons-material/UndoOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { SheetStatusNote } from '@passerelle/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from './dates';

const looks = {
  returned: { severity: 'warning', icon: <Undo /> },
  refused: { severity: 'error', icon: <Block /> },
  archived: { severity: 'info', icon: <Inventory /> },
} as const;

/**
 * Why the sheet is back with its author or the case is closed (SPEC 8: "this case has been archived"), with the reason
 * staff recorded, quoted as they wrote it.
 */
export function StatusNote({ note }: { note: SheetStatusNote }) {
  const { t, i18n } = useTranslation('sheets');
  const { severity, icon } = looks[note.kind];
  return (
    <Alert severity={severity} icon={icon}>
      <AlertTitle>
        {t(`readOnly.note.${note.kind}`)}
        {note.at ? ` ${t('readOnly.note.on', { date: formatDate(note.at.slice(0, 10), i18n.language) })}` : null}
      </AlertTitle>
      {note.reason ? (
        <Box component="p" sx={{ m: 0, mb: 0.5, whiteSpace: 'pre-line', fontWeight: 500 }}>
          {t('readOnly.note.reason', { reason: note.reason })}
        </Box>
      ) : null}
      <Box component="p" sx={{ m: 0 }}>
        {t(`readOnly.note.${note.kind}Text`)}
      </Box>
    </Alert>
  );
}
