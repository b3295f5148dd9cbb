import { type Locale, NOTIFICATION_MESSAGES } from '@portal/contract';
import { BadRequest } from '../../errors.ts';
import { translator } from '../../i18n.ts';
import { readLinkToken, signLinkToken } from '../../plugins/auth/tokens.ts';
import { escapeHtml, type Mail, mailPage, smallPrint } from '../../plugins/mail.ts';

/**
 * A mail's unsubscribe links work for this long after it is sent: well past the 30 days CAN-SPAM asks of an
 * opt-out, and two monthly editions' mails, yet a forwarded or old mail stops changing the member's choice.
 */
export const UNSUBSCRIBE_LINK_DAYS = 60;

/** Whose mail, and which (its digest), a mail's unsubscribe links belong to. */
export interface UnsubscribeLink {
  accountId: string;
  digestId: string;
}

/** The token of one mail's unsubscribe links: the account, the mail and when the links expire, signed. */
export const unsubscribeToken = (accountId: string, digestId: string, secret: string, now = Date.now()) =>
  signLinkToken('unsubscribe', [accountId, digestId], UNSUBSCRIBE_LINK_DAYS * 86_400, secret, now);

/** The link a genuine, unexpired token stands for; any other token is refused, saying which it is not. */
export function unsubscribeLink(token: string, secret: string): UnsubscribeLink {
  const link = readLinkToken('unsubscribe', token, secret);
  if (!link) throw new BadRequest(NOTIFICATION_MESSAGES.linkInvalid);
  if (link.expired) throw new BadRequest(NOTIFICATION_MESSAGES.linkExpired);
  const [accountId, digestId] = link.ids;
  return { accountId, digestId };
}

export interface NewEdition {
  fileId: string;
  book: string;
  language: string;
  year: number;
  month: number;
}

export interface DigestMail {
  to: { email: string; name: string; locale: Locale };
  editions: NewEdition[];
  publicUrl: string;
  token: string;
  /** The same for every attempt at this mail, so a mailbox that got it twice can tell. */
  messageId: string;
}

/**
 * One mail listing the new editions, each with a link that opens it in the reader after sign-in, and the
 * one-click unsubscribe of RFC 8058 beside a link to the page that confirms it.
 */
export function digestMail({ to, editions, publicUrl, token, messageId }: DigestMail): Mail {
  const t = translator(to.locale);
  const monthOf = new Intl.DateTimeFormat(to.locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const items = editions.map((edition) => ({
    label: t('mail.newEditions.edition', {
      book: edition.book,
      language: edition.language,
      month: monthOf.format(Date.UTC(edition.year, edition.month - 1, 1)),
    }),
    url: `${publicUrl}/user/read/${edition.fileId}`,
  }));
  const unsubscribePage = `${publicUrl}/${to.locale}/account/unsubscribe?token=${encodeURIComponent(token)}`;
  const oneClick = `${publicUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  const count = editions.length;
  const greeting = to.name ? [t('mail.hello', { name: to.name })] : [];
  const intro = t('mail.newEditions.body', { count });
  const why = t('mail.newEditions.why');
  const stop = t('mail.newEditions.unsubscribe');
  const text = [
    ...greeting,
    intro,
    items.map((item) => `- ${item.label}: ${item.url}`).join('\n'),
    `${why}\n${stop}: ${unsubscribePage}`,
  ].join('\n\n');
  const list = items.map((item) => `<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.label)}</a></li>`).join('');
  const html = mailPage(
    to.locale,
    [
      ...[...greeting, intro].map((p) => `<p>${escapeHtml(p)}</p>`),
      `<ul>${list}</ul>`,
      smallPrint(`${escapeHtml(why)} <a href="${escapeHtml(unsubscribePage)}">${escapeHtml(stop)}</a>`),
    ],
    t('mail.footer'),
  );
  return {
    to: to.email,
    subject: t('mail.newEditions.subject', { count }),
    text,
    html,
    messageId,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
