import { ComingSoon } from '../../../components/coming-soon.tsx';

export function DashboardPage() {
  return (
    <ComingSoon title="Dashboard">
      For admins, download statistics: downloads per language for a book and a date range, as a table and as line, bar
      and doughnut charts. For members, a welcome with your downloads this month and this year, and the editions ready
      to download.
    </ComingSoon>
  );
}
