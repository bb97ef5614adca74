import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The same call registers and unregisters (SPEC section 4); the workshops live in the content feed, reloaded after. */
export function useToggleWorkshop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workshopId: number) => call('POST /admissibles/portal/registerAtelier/:id', { params: { id: workshopId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['cms'] }),
  });
}
