import { can } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { filesQuery } from '../../../lib/resources/files.ts';
import { languageRecords } from '../../../lib/resources/languages.ts';
import { useSession } from '../../../lib/session/session-provider.tsx';

/**
 * While the portal has no edition, there is nothing for the statistics to count: what to do first (the
 * languages, then the month's PDFs; for a Super Admin, the legacy portal's migration), as File List says too.
 */
export function FirstStep() {
  const { t } = useTranslation();
  const role = useSession().user?.role;
  const noEditions = useQuery(filesQuery).data?.length === 0;
  const noLanguages = useQuery(languageRecords.listQuery).data?.length === 0;
  if (!noEditions) return null;
  return (
    <section className="surface-ground border-round p-3 mb-3" aria-labelledby="first-step-title">
      <h2 id="first-step-title" className="text-lg font-semibold mt-0 mb-2">
        {t('stats.firstStep.title')}
      </h2>
      <p className="mt-0 mb-2 line-height-3">
        {noLanguages ? t('stats.firstStep.languages') : t('stats.firstStep.files')}
      </p>
      {can(role, 'migration:run') && <p className="mt-0 mb-2 line-height-3">{t('stats.firstStep.migration')}</p>}
      <div className="flex flex-wrap gap-3">
        {noLanguages && <Link to="/admin/languages">{t('menu.languages')}</Link>}
        <Link to="/admin/file-list">{t('menu.fileList')}</Link>
        {can(role, 'migration:run') && <Link to="/admin/migrate">{t('menu.migration')}</Link>}
      </div>
    </section>
  );
}
