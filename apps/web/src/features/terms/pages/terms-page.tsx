import { REFRESH_TOKEN_DAYS } from '@portal/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { PRIVACY_SECTION_ID, usePublicConfig } from '../../../lib/public-config.ts';

/**
 * The terms and privacy notice of an installation that has not set TERMS_URL or PRIVACY_URL: who runs the
 * portal, what using it asks, and what it stores (decision 024).
 */
export function TermsPage() {
  useDocumentTitle('Terms and privacy');
  const { hash } = useLocation();
  const config = usePublicConfig().data;
  const operator = config?.operator ?? 'the portal’s operator';
  const home = config?.links.home;

  // The privacy link points into this page, which is drawn only once its code has loaded.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <article
      className="surface-card border-round-xl shadow-1 p-4 md:p-5 mx-auto w-full line-height-3"
      style={{ maxWidth: '48rem' }}
      aria-labelledby="page-title"
    >
      <h1 id="page-title" className="text-2xl font-semibold mt-0 mb-3">
        Terms and privacy
      </h1>
      <p>
        This portal is run by <strong>{operator}</strong>
        {home && (
          <>
            {' '}
            (<a href={home}>{new URL(home).host}</a>)
          </>
        )}
        . It hands out the monthly Teevo and Take5 devotionals, as PDF files, to the people who sign up.
      </p>

      <h2 id="terms" className="text-xl font-semibold mt-4 mb-2">
        Terms of use
      </h2>
      <ul className="pl-4 mt-0">
        <li>Sign up with your own e-mail address and keep your password to yourself.</li>
        <li>
          The editions are for your own reading and for your church or group; ask {operator} before publishing them
          elsewhere.
        </li>
        <li>You can stop at any time by deleting your account under Profile.</li>
      </ul>

      <h2 id={PRIVACY_SECTION_ID} className="text-xl font-semibold mt-4 mb-2">
        What the portal stores
      </h2>
      <ul className="pl-4 mt-0">
        <li>
          Your account: your name and title, e-mail address, country, postal address if you gave one, whether you are a
          church member and of which church, that you agreed to these terms, and when you verified your address. Your
          password is kept only as a one-way hash that cannot be read back.
        </li>
        <li>
          Your downloads: which edition (book, language, month and year) and when. The portal’s admins see them in the
          download statistics.
        </li>
        <li>
          While you are signed in: a cookie that keeps you signed in for up to {REFRESH_TOKEN_DAYS} days, and your
          account’s details and display settings in your browser’s storage. There are no advertising or tracking
          cookies.
        </li>
        <li>The server’s log: the network address each request came from, to keep the portal safe from abuse.</li>
        <li>E-mails the portal sends you: the link that verifies your address, and password reset links.</li>
      </ul>
      <p className="mb-0">
        Under Profile you can change your name and password, and delete your account: your downloads then stay only as
        anonymous counts. For anything else about your data, contact {operator}
        {home && (
          <>
            {' '}
            through <a href={home}>{new URL(home).host}</a>
          </>
        )}
        .
      </p>
    </article>
  );
}
