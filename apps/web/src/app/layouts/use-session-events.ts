import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { setSessionEvents } from '../../lib/api-client';

/** SPEC section 4: a 401 sends the person to /unauthorized; a renewed token reloads the user and stays on the page. */
export function useSessionEvents() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    setSessionEvents({
      onUnauthorized: () => void navigate('/unauthorized'),
      onTokenRenewed: () => {
        void queryClient.invalidateQueries({ queryKey: ['me'] });
        const { pathname, search, hash } = window.location;
        void navigate({ pathname, search, hash }, { replace: true });
      },
    });
  }, [navigate, queryClient]);
}
