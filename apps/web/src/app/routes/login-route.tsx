import { useNavigate, useSearchParams } from 'react-router';
import { SignInDialog } from '../../features/auth/components/sign-in-dialog.tsx';
import { LandingPage } from '../../features/landing/pages/landing-page.tsx';
import { redirectTarget } from '../../lib/session/redirect.ts';

/** /login is the landing page with the Sign In dialog open over it. */
export function LoginRoute() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  return (
    <>
      <LandingPage />
      <SignInDialog returnTo={redirectTarget(search)} onHide={() => navigate('/en/dist', { replace: true })} />
    </>
  );
}
