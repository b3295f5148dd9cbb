import { useTranslation } from 'react-i18next';
import { ProfileScreen } from '../components/profile-screen.tsx';

export function ProfileDetailsPage() {
  const { t } = useTranslation();
  return <ProfileScreen title={t('profile.details')} />;
}
