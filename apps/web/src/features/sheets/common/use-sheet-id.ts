import { useParams } from 'react-router';

/** The dossier id of the address; NaN for nonsense, which the API answers as not found. */
export function useSheetId(): number {
  const { id } = useParams<'id'>();
  return id && /^\d+$/.test(id) ? Number(id) : Number.NaN;
}
