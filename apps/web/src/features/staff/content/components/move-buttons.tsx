import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

/**
 * Moves the item at `index` of an ordered list (`ids`) one place up or down and hands the list's new order to `onOrder`,
 * which saves it at once.
 */
export function MoveButtons({
  name,
  index,
  ids,
  disabled,
  onOrder,
}: {
  name: string;
  index: number;
  ids: readonly number[];
  disabled: boolean;
  onOrder: (ids: number[]) => void;
}) {
  const { t } = useTranslation('staff-content');
  const count = ids.length;
  const onMove = (from: number, to: number) => onOrder(movedIds(ids, from, to));
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('order.up', { name })}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUpward fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={t('order.down', { name })}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDownward fontSize="small" />
      </IconButton>
    </>
  );
}

/** The ids in their new order after moving one item. */
export function movedIds(ids: readonly number[], from: number, to: number): number[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
