import Chip, { type ChipProps } from '@mui/material/Chip';
import { dossierBadge, type DossierBadge as Badge } from '@passerelle/contract/dossier-progress';

/** SPEC section 4's badge colours, the same on the applicant's cases and on the employer's home. */
const badgeColors: Record<Badge, ChipProps['color']> = {
  started: 'info',
  inProgress: 'secondary',
  refused: 'error',
  accepted: 'success',
  archived: 'default',
  breaking: 'warning',
  broken: 'error',
};

/** The status badge of a dossier; `label` turns the badge key into the page's words. */
export function DossierBadge({ statut, label }: { statut: number; label: (badge: Badge) => string }) {
  const badge = dossierBadge(statut);
  return <Chip size="small" color={badgeColors[badge]} label={label(badge)} />;
}
