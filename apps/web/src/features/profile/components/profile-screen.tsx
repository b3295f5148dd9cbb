import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { DailyReminder } from './daily-reminder.tsx';
import { DangerZone } from './danger-zone.tsx';
import { NewEditionMail } from './new-edition-mail.tsx';
import { ProfileForm } from './profile-form.tsx';

/** The signed-in account's profile form under the page's heading, and below it the deletion of the account. */
export function ProfileScreen({ title }: { title: string }) {
  useDocumentTitle(title);
  const { user } = useSession();
  return (
    <>
      <section className="surface-card border-round-xl shadow-1 p-4 md:p-5" aria-labelledby="page-title">
        <h1 id="page-title" className="text-2xl font-semibold mt-0 mb-4">
          {title}
        </h1>
        {user && <ProfileForm key={user.id} user={user} />}
      </section>
      {user && <NewEditionMail key={user.id} />}
      {user && <DailyReminder key={user.id} />}
      {user && <DangerZone accountId={user.id} />}
    </>
  );
}
