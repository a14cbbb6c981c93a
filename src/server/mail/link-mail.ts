/**
 * The platform's mails that carry one link (email verification, password reset): fixed texts in the recipient's
 * language around our own link, in a plain-text and an HTML part. They carry no text a user chose (issue 14): a staff
 * name picked by an admin who also picks the address could otherwise reach anyone as the platform's own words.
 */
import { escapeHtml } from '../http/drawn-page';
import type { MailMessage } from './mailer';

export interface LinkMailTexts {
  subject: string;
  hello: string;
  intro: string;
  button: string;
  outro: string;
}

export function linkMail(to: string, link: string, texts: LinkMailTexts): MailMessage {
  return {
    to,
    subject: texts.subject,
    text: `${texts.hello}\n\n${texts.intro}\n\n${link}\n\n${texts.outro}\n`,
    html:
      `<p>${escapeHtml(texts.hello)}</p>` +
      `<p>${escapeHtml(texts.intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(texts.button)}</a></p>` +
      `<p>${escapeHtml(link)}</p>` +
      `<p>${escapeHtml(texts.outro)}</p>`,
  };
}
