import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/auth-card.tsx';
import { SignUpForm } from '../components/sign-up-form.tsx';

export function SignUpPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('common.signUp')}>
      <SignUpForm variant="page" />
    </AuthCard>
  );
}
