import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiVoid } from '../../../lib/api-client';

/** The same call registers and unregisters (SPEC section 4); the workshops live in the content feed, reloaded after. */
export function useToggleWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workshopId: number) => apiVoid(`/admissibles/portal/registerAtelier/${workshopId}`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cms'] }),
  });
}
