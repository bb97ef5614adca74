import Box from '@mui/material/Box';
import type { UserType } from '@passerelle/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { ErrorState } from '../components/error-state';
import { FullPageSpinner } from '../components/full-page-spinner';
import { meQueryOptions } from '../features/auth/api/me';
import { rememberReturnPath, useAuth } from '../lib/auth-store';
import { ApiError } from '../lib/api-client';
import type { RouteHandle } from './route-handle';
import { admittedTypes } from './route-loaders';

function isRouteHandle(handle: unknown): handle is Partial<RouteHandle> {
  return typeof handle === 'object' && handle !== null;
}

/**
 * The user types the nearest route (deepest first) that states one admits (`userType` or `userTypes`), and whether
 * the route skips the check (logout).
 */
function useRouteRequirement() {
  const matches = useMatches();
  let userTypes: readonly UserType[] | undefined;
  let skipAuth = false;
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle: unknown = matches[i]?.handle;
    if (!isRouteHandle(handle)) continue;
    if (handle.skipAuth) skipAuth = true;
    userTypes ??= admittedTypes(handle);
  }
  return { userTypes, skipAuth };
}

/** No token on a protected route: remember where the person wanted to go (a sign-in brings them back there). */
function ToUnauthorized() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberReturnPath(location.pathname + location.search + location.hash);
    void navigate('/unauthorized', { replace: true });
  }, [location, navigate]);
  return <FullPageSpinner />;
}

/**
 * SPEC section 2 "Navigation behaviour" and section 6. A route that requires a user type: no token goes to
 * /unauthorized, another type to /forbidden. Any route: with a token, the current user is fetched before the screen
 * renders (on open routes a failure is silently ignored, SPEC section 8). The route's loader (route-loaders.ts'
 * guardLoader) has fetched the user already, and sent another type to /forbidden: this is what is left to render.
 */
export function RouteGuard() {
  const { userTypes, skipAuth } = useRouteRequirement();
  const { token } = useAuth();
  const me = useQuery({ ...meQueryOptions, enabled: Boolean(token) && !skipAuth });

  if (skipAuth) return <Outlet />;
  if (!token) return userTypes ? <ToUnauthorized /> : <Outlet />;
  if (me.isPending) return <FullPageSpinner />;
  if (!userTypes) return <Outlet />;
  if (me.isError) {
    // A 401 already ended the session (api-client) and is on its way to /unauthorized.
    if (me.error instanceof ApiError && me.error.status === 401) return <FullPageSpinner />;
    return (
      <Box sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}>
        <ErrorState error={me.error} onRetry={() => void me.refetch()} />
      </Box>
    );
  }
  if (!userTypes.includes(me.data.userType)) return <Navigate to="/forbidden" replace />;
  return <Outlet />;
}
