import { ProfileScreen } from '../components/profile-screen.tsx';

export function ProfileDetailsPage() {
  return <ProfileScreen title="Profile Details" />;
}
