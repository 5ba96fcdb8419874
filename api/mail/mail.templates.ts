import type { MailMessage } from './mail.transport.ts';

/**
 * Account mails. Links are built from the configured site origin (SECURITY
 * promise 9), never from a request's Host header; the caller passes it in.
 */
export type MailContent = Omit<MailMessage, 'to'>;

export function verificationMail(siteOrigin: string, token: string, storeName: string): MailContent {
  const link = accountLink(siteOrigin, '/verify-email', token);
  return accountMail(storeName, {
    subject: 'Confirm your email address',
    lead: 'Please confirm your email address by opening this link:',
    action: 'Confirm email address',
    link,
    footnote: 'If you did not create an account, you can ignore this email.',
  });
}

export function passwordResetMail(siteOrigin: string, token: string, storeName: string): MailContent {
  const link = accountLink(siteOrigin, '/reset-password', token);
  return accountMail(storeName, {
    subject: 'Reset your password',
    lead: 'Someone asked to reset the password of your account. To choose a new password, open this link:',
    action: 'Choose a new password',
    link,
    footnote: 'The link works once and expires soon. If you did not ask for it, ignore this email: your password stays the same.',
  });
}

interface AccountMailParts {
  subject: string;
  lead: string;
  action: string;
  link: string;
  footnote: string;
}

function accountMail(storeName: string, parts: AccountMailParts): MailContent {
  // A line break in a subject would start a new header line.
  const name = storeName.replace(/[\r\n]+/g, ' ').trim();
  const text = [`${name}`, '', parts.lead, '', parts.link, '', parts.footnote, ''].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body>',
    `<p><strong>${escapeHtml(name)}</strong></p>`,
    `<p>${escapeHtml(parts.lead)}</p>`,
    `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(parts.action)}</a></p>`,
    `<p>Or copy this address into your browser:<br>${escapeHtml(parts.link)}</p>`,
    `<p>${escapeHtml(parts.footnote)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: `${name}: ${parts.subject}`, text, html };
}

function accountLink(siteOrigin: string, path: string, token: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
