import { ProfileScreen } from '../components/profile-screen.tsx';

export function UserProfilePage() {
  return <ProfileScreen title="My Profile" />;
}
