import type { Locale } from '@portal/contract';
import type { TFunction } from 'i18next';
import { translator } from '../../i18n.ts';
import { escapeHtml, type Mail, mailPage, smallPrint } from '../../plugins/mail.ts';

/** Whom a mail goes to: the address, the name it greets, and the language it is written in. */
export interface Recipient {
  email: string;
  name: string;
  locale: Locale;
}

/** What a mail says, in the recipient's language: its subject, paragraphs after the greeting, and button. */
interface MailText {
  subject: string;
  paragraphs: string[];
  action: string;
}

/** One message in both forms: a greeting, the paragraphs, and a button whose link is also spelled out. */
function compose(to: Recipient, write: (t: TFunction) => MailText, url: string): Mail {
  const t = translator(to.locale);
  const { subject, action, ...said } = write(t);
  const paragraphs = [...(to.name ? [t('mail.hello', { name: to.name })] : []), ...said.paragraphs];
  const text = [...paragraphs, `${action}: ${url}`].join('\n\n');
  const button = `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>`;
  const html = mailPage(
    to.locale,
    [
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      button,
      smallPrint(escapeHtml(t('mail.orOpenLink', { url }))),
    ],
    t('mail.footer'),
  );
  return { to: to.email, subject, text, html };
}

export const verificationMail = (to: Recipient, url: string, hours: number) =>
  compose(
    to,
    (t) => ({
      subject: t('mail.verification.subject'),
      paragraphs: [t('mail.verification.body', { hours })],
      action: t('mail.verification.action'),
    }),
    url,
  );

/**
 * To the owner of an address someone tried to register again, with a link to choose a new password: no name,
 * since the sender can't be trusted.
 */
export const alreadyRegisteredMail = (to: Recipient, resetUrl: string) =>
  compose(
    { ...to, name: '' },
    (t) => ({
      subject: t('mail.alreadyRegistered.subject'),
      paragraphs: [t('mail.alreadyRegistered.body'), t('mail.alreadyRegistered.body2')],
      action: t('mail.alreadyRegistered.action'),
    }),
    resetUrl,
  );

export const resetMail = (to: Recipient, url: string, hours: number) =>
  compose(
    to,
    (t) => ({
      subject: t('mail.reset.subject'),
      paragraphs: [t('mail.reset.body', { hours })],
      action: t('mail.reset.action'),
    }),
    url,
  );

export const passwordChangedMail = (to: Recipient, forgotUrl: string) =>
  compose(
    to,
    (t) => ({
      subject: t('mail.passwordChanged.subject'),
      paragraphs: [t('mail.passwordChanged.body'), t('mail.passwordChanged.body2')],
      action: t('mail.passwordChanged.action'),
    }),
    forgotUrl,
  );
