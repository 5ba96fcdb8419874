import type { MailMessage } from './mail.transport.ts';

/**
 * Account mails. Links are built from the configured site origin (SECURITY
 * promise 9), never from a request's Host header; the caller passes it in.
 */
export type MailContent = Omit<MailMessage, 'to'>;

export function verificationMail(
  siteOrigin: string,
  token: string,
  storeName: string,
  options: { phoneNotAdded?: boolean } = {},
): MailContent {
  return accountMail(storeName, {
    subject: 'Confirm your email address',
    paragraphs: [
      'Please confirm your email address by opening this link:',
      ...(options.phoneNotAdded
        ? ['The mobile number you gave is already used by another account, so it was not added to this one.']
        : []),
    ],
    action: { label: 'Confirm email address', link: accountLink(siteOrigin, '/verify-email', token) },
    footnote: 'If you did not create an account, you can ignore this email.',
  });
}

export function passwordResetMail(siteOrigin: string, token: string, storeName: string): MailContent {
  return accountMail(storeName, {
    subject: 'Reset your password',
    paragraphs: ['Someone asked to reset the password of your account. To choose a new password, open this link:'],
    action: { label: 'Choose a new password', link: accountLink(siteOrigin, '/reset-password', token) },
    footnote: 'The link works once and expires soon. If you did not ask for it, ignore this email: your password stays the same.',
  });
}

export function emailChangeMail(siteOrigin: string, token: string, storeName: string): MailContent {
  return accountMail(storeName, {
    subject: 'Confirm your new email address',
    paragraphs: [
      'You asked to use this address for your account. Your account keeps its old address until you open this link:',
    ],
    action: { label: 'Confirm new email address', link: accountLink(siteOrigin, '/verify-email', token) },
    footnote: 'If you did not ask for this, ignore this email: nothing changes.',
  });
}

export function emailChangeNoticeMail(siteOrigin: string, storeName: string, newEmail: string): MailContent {
  return accountMail(storeName, {
    subject: 'Your email address is about to change',
    paragraphs: [
      `Someone asked to change the email address of your account to ${newEmail}.`,
      'Your account keeps this address until the new one is confirmed from the link sent to it.',
      'If it was not you, reset your password now; that also cancels the change:',
    ],
    action: { label: 'Reset your password', link: `${origin(siteOrigin)}/forgot-password` },
    footnote: 'If it was you, there is nothing else to do.',
  });
}

export function registrationAttemptMail(siteOrigin: string, storeName: string): MailContent {
  return accountMail(storeName, {
    subject: 'Someone tried to register with your address',
    paragraphs: [
      'Someone tried to create an account with this email address, which already has one.',
      'If it was you, sign in, or reset your password if you have forgotten it (that also confirms this address):',
    ],
    action: { label: 'Reset your password', link: `${origin(siteOrigin)}/forgot-password` },
    links: [{ label: 'Sign in', link: `${origin(siteOrigin)}/signin` }],
    footnote: 'If it was not you, you can ignore this email: nothing changed.',
  });
}

export function addressInUseMail(siteOrigin: string, storeName: string): MailContent {
  return accountMail(storeName, {
    subject: 'Someone tried to use your address',
    paragraphs: [
      'Someone asked to move another account to this email address. It already belongs to your account, so nothing changed.',
      'If you have forgotten your password, you can reset it:',
    ],
    action: { label: 'Reset your password', link: `${origin(siteOrigin)}/forgot-password` },
    footnote: 'Otherwise you can ignore this email.',
  });
}

interface Link {
  label: string;
  link: string;
}

interface AccountMailParts {
  subject: string;
  paragraphs: string[];
  action: Link;
  links?: Link[];
  footnote: string;
}

/** The store's name for a subject line: a line break there would start a new header line. */
export function oneLine(storeName: string): string {
  return storeName.replace(/[\r\n]+/g, ' ').trim();
}

/** Every mail's HTML: the store's name at the top, then the parts (already HTML). */
export function htmlMail(storeName: string, parts: string[]): string {
  return ['<!doctype html>', '<html><body>', `<p><strong>${escapeHtml(storeName)}</strong></p>`, ...parts, '</body></html>'].join('\n');
}

function accountMail(storeName: string, parts: AccountMailParts): MailContent {
  const name = oneLine(storeName);
  const others = parts.links ?? [];
  const text = [
    name,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    parts.action.link,
    '',
    ...others.flatMap((l) => [`${l.label}: ${l.link}`, '']),
    parts.footnote,
    '',
  ].join('\n');
  const html = htmlMail(name, [
    ...parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(parts.action.link)}">${escapeHtml(parts.action.label)}</a></p>`,
    `<p>Or copy this address into your browser:<br>${escapeHtml(parts.action.link)}</p>`,
    ...others.map((l) => `<p><a href="${escapeHtml(l.link)}">${escapeHtml(l.label)}</a></p>`),
    `<p>${escapeHtml(parts.footnote)}</p>`,
  ]);
  return { subject: `${name}: ${parts.subject}`, text, html };
}

export const origin = (siteOrigin: string) => siteOrigin.replace(/\/+$/, '');

function accountLink(siteOrigin: string, path: string, token: string): string {
  return `${origin(siteOrigin)}${path}?token=${encodeURIComponent(token)}`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
