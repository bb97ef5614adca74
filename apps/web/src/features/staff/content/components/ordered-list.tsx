import Delete from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { ListRow } from '../../components/list-row';
import { MoveButtons } from './move-buttons';

/** The texts of an ordered list's actions; the `…Named` ones and the removal's message are given the item's name. */
export interface OrderedListTexts {
  edit: string;
  editNamed: (name: string) => string;
  remove: string;
  removeNamed: (name: string) => string;
  removeTitle: string;
  removeMessage: (name: string) => string;
}

/**
 * A list of the content screen whose order the visitors see (partners, documents): each row moves up or down, opens
 * its editing, or is removed after a confirmation.
 */
export function OrderedList<T extends { id: number }>({
  items,
  nameOf,
  texts,
  isOrdering,
  onOrder,
  onEdit,
  isRemoving,
  onRemove,
  children,
}: {
  items: readonly T[];
  nameOf: (item: T) => string;
  texts: OrderedListTexts;
  isOrdering: boolean;
  onOrder: (ids: number[]) => void;
  onEdit: (item: T) => void;
  isRemoving: boolean;
  /** Removes the confirmed item; `done` closes the confirmation, whatever the outcome. */
  onRemove: (item: T, done: () => void) => void;
  /** What a row shows of its item. */
  children: (item: T) => ReactNode;
}) {
  const [removing, setRemoving] = useState<T | null>(null);
  const ids = items.map((item) => item.id);
  return (
    <>
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
                  aria-label={texts.editNamed(nameOf(item))}
                  onClick={() => onEdit(item)}
                >
                  {texts.edit}
                </Button>
                <Button
                  size="small"
                  color="error"
                  startIcon={<Delete />}
                  aria-label={texts.removeNamed(nameOf(item))}
                  onClick={() => setRemoving(item)}
                >
                  {texts.remove}
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
        title={texts.removeTitle}
        message={texts.removeMessage(removing ? nameOf(removing) : '')}
        confirmLabel={texts.remove}
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
