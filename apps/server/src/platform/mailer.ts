import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

/**
 * Outgoing mail through the SMTP server named by SMTP_URL (smtp://user:pass@host:port, or
 * smtps:// for TLS from the start; `?from=` sets the sender). No URL, no mailer.
 */
export function createMailer(smtpUrl: string | undefined): SendMail | null {
  if (!smtpUrl) return null;
  const url = new URL(smtpUrl);
  const from = url.searchParams.get('from') ?? `Atende <no-reply@${url.hostname}>`;
  url.searchParams.delete('from');
  const transport = nodemailer.createTransport(url.toString());
  return async (mail) => {
    await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  };
}
