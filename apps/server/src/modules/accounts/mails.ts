import type { Mail } from '../../plugins/mail.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** One message in both forms: paragraphs, and an optional button whose link is also spelled out. */
function compose(to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }): Mail {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n');
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#4f46e5;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#555">Or open this link: ${escapeHtml(action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#222">${body}${button}<p style="font-size:13px;color:#555">Teen Devotional Portal</p></body></html>`;
  return { to, subject, text, html };
}

export function verificationMail(to: string, name: string, url: string, hours: number): Mail {
  return compose(
    to,
    'Verify your e-mail address',
    [`Hello ${name},`, `Thank you for registering. Please verify your e-mail address within ${hours} hours.`],
    { label: 'Verify e-mail', url },
  );
}

export function alreadyRegisteredMail(to: string, forgotUrl: string): Mail {
  return compose(
    to,
    'Someone tried to register with your e-mail address',
    [
      'Someone (perhaps you) tried to register on the Teen Devotional Portal with this e-mail address, which already has an account.',
      'If it was you and you have forgotten your password, you can reset it. If not, you can ignore this message.',
    ],
    { label: 'Reset password', url: forgotUrl },
  );
}

export function resetMail(to: string, name: string, url: string, hours: number): Mail {
  return compose(
    to,
    'Reset your password',
    [
      `Hello ${name},`,
      `Use the link below to choose a new password. It works once, within ${hours} hour${hours === 1 ? '' : 's'}.`,
    ],
    { label: 'Reset password', url },
  );
}

export function passwordChangedMail(to: string, name: string, forgotUrl: string): Mail {
  return compose(
    to,
    'Your password was changed',
    [
      `Hello ${name},`,
      'The password of your Teen Devotional Portal account was just changed.',
      'If this was not you, reset it now.',
    ],
    { label: 'Reset password', url: forgotUrl },
  );
}
