import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { EmployerHome } from './employer-home';
import { StaffHome } from './staff-home';
import { VisitorHome } from './visitor-home';

/**
 * '/': applicants go to their space (hash kept for the card it points to), staff and admins to the back office's
 * pipeline; others get the home of their kind.
 */
export function Component() {
  const { token, user } = useAuth();
  const { hash } = useLocation();
  if (!token || !user || user.userType === 'anon') return <VisitorHome />;
  switch (user.userType) {
    case 'admissible':
      return <Navigate to={{ pathname: '/espace-admissible', hash }} replace />;
    case 'company':
      return <EmployerHome user={user} />;
    case 'admin':
    case 'staff':
      // Issue 10: the back office works from its pipeline; a welcome page in between would only cost a click.
      return <Navigate to="/gestion" replace />;
    case 'intervenant':
    case 'student':
    case 'parent':
      return <StaffHome user={user} />;
  }
}
