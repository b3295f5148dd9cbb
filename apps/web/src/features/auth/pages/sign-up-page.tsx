import { AuthCard } from '../components/auth-card.tsx';
import { SignUpForm } from '../components/sign-up-form.tsx';

export function SignUpPage() {
  return (
    <AuthCard title="Sign Up">
      <SignUpForm variant="page" />
    </AuthCard>
  );
}
