import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth-store';
import { EmployerHome } from './employer-home';
import { StaffHome } from './staff-home';
import { VisitorHome } from './visitor-home';

/** '/': applicants go to their space (hash kept for the card it points to); others get the home of their kind. */
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
    case 'intervenant':
    case 'student':
    case 'parent':
      return <StaffHome user={user} />;
  }
}
