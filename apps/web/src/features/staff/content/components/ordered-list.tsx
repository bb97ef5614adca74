import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ErrorState } from '../../../../components/error-state';
import { ListRow } from '../../components/list-row';
import { MoveButtons } from './move-buttons';

/**
 * A list of the content screen whose order the visitors see (partners, documents): its loading, failure and emptiness,
 * then rows that each move up or down, open their editing, or are removed after a confirmation.
 */
export function OrderedList<T extends { id: number }>({
  query,
  items,
  nameOf,
  section,
  isOrdering,
  orderError,
  onOrder,
  onEdit,
  isRemoving,
  onRemove,
  children,
}: {
  /** The list's query (TanStack Query's result): its failure with a retry, a progress bar while it loads. */
  query: { data: unknown; error: unknown; isPending: boolean; refetch: () => Promise<unknown> };
  items: readonly T[];
  nameOf: (item: T) => string;
  /** Where its words are in the screen's translations: `<section>.remove`, `<section>.empty`… */
  section: 'partners' | 'files';
  isOrdering: boolean;
  /** Why the last new order was refused, if it was. */
  orderError: string | null;
  onOrder: (ids: number[]) => void;
  onEdit: (item: T) => void;
  isRemoving: boolean;
  /** Removes the confirmed item; `done` closes the confirmation, whatever the outcome. */
  onRemove: (item: T, done: () => void) => void;
  /** What a row shows of its item. */
  children: (item: T) => ReactNode;
}) {
  const { t } = useTranslation('staff-content');
  const [removing, setRemoving] = useState<T | null>(null);
  // A partner is edited, a document only renamed.
  const editLabel = section === 'files' ? t('files.rename') : t('partners.edit');
  const editNamed = (name: string) =>
    section === 'files' ? t('files.renameNamed', { name }) : t('partners.editNamed', { name });
  const ids = items.map((item) => item.id);
  return (
    <>
      {query.error ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <LinearProgress aria-label={t('loading')} /> : null}
      {orderError ? <Alert severity="error">{orderError}</Alert> : null}
      {query.data && items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t(`${section}.empty`)}</Typography>
      ) : null}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item, index) => (
          <ListRow
            key={item.id}
            actions={
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
                <MoveButtons name={nameOf(item)} index={index} ids={ids} disabled={isOrdering} onOrder={onOrder} />
                <Button
                  size="small"
                  startIcon={<Edit />}
                  aria-label={editNamed(nameOf(item))}
                  onClick={() => onEdit(item)}
                >
                  {editLabel}
                </Button>
                <Button
                  size="small"
                  color="error"
                  startIcon={<Delete />}
                  aria-label={t(`${section}.removeNamed`, { name: nameOf(item) })}
                  onClick={() => setRemoving(item)}
                >
                  {t(`${section}.remove`)}
                </Button>
              </Box>
            }
          >
            {children(item)}
          </ListRow>
        ))}
      </Box>
      <ConfirmDialog
        open={removing !== null}
        title={t(`${section}.removeTitle`)}
        message={t(`${section}.removeMessage`, { name: removing ? nameOf(removing) : '' })}
        confirmLabel={t(`${section}.remove`)}
        destructive
        isPending={isRemoving}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) onRemove(removing, () => setRemoving(null));
        }}
      />
    </>
  );
}
