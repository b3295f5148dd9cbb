import type { UseQueryResult } from '@tanstack/react-query';
import { Message } from 'primereact/message';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { activeLocale, localePath } from '../../../lib/i18n/i18n.ts';
import './token-status.css';

interface TokenCheckProps {
  /** The mailed link's token ('' without one) and the server's check of it. */
  token: string;
  check: UseQueryResult;
  /** What the page says while the check runs, and when the token did not work. */
  pending: string;
  failed: string;
  /** What the page shows once the token has worked. */
  children: ReactNode;
  /** Where a failed token leads instead: by default, to ask for a new link. */
  recovery?: ReactNode;
}

/** A page opened from a mailed link: a wait while its token is checked, then `children`, or the way to a new link. */
export function TokenCheck({ token, check, pending, failed, children, recovery }: TokenCheckProps) {
  const hydrated = useHydrated();
  if (!hydrated) {
    // A prerendered page (verify-email) cannot know the link's token: it draws the wait and the failure, and the boot
    // script's mark shows the one the address calls for (token-status.css) until the app has come, or for good
    // without one, where the app starts only when the visitor needs it (decision 052).
    return (
      <>
        <div className="token-pending-before-start">
          <TokenPending label={pending} />
        </div>
        <div className="token-failed-before-start">
          <TokenFailed message={failed} recovery={recovery} />
        </div>
      </>
    );
  }
  if (token !== '' && check.isPending) return <TokenPending label={pending} />;
  return check.isSuccess ? children : <TokenFailed message={failed} recovery={recovery} />;
}

/** Shown while a mailed token is being checked. */
function TokenPending({ label }: { label: string }) {
  return (
    <div role="status">
      <p className="mt-0">{label}</p>
      <PageLoader />
    </div>
  );
}

/** A mailed token that did not work, with the way to get a new one. */
function TokenFailed({ message, recovery }: { message: string; recovery: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Message
      severity="error"
      className="w-full justify-content-start"
      content={
        <span className="line-height-3">
          {message}{' '}
          {recovery ?? (
            // Under the page's locale: a prerendered page's link leads to the prerendered page before the app runs.
            <Link to={localePath(activeLocale(), 'account/forgot-password')} className="font-medium">
              {t('auth.token.forgot')}
            </Link>
          )}
        </span>
      }
    />
  );
}
