import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

export interface MailCapture {
  /** SMTP_URL for the app under test. */
  url: string;
  mails: CapturedMail[];
  /** The next mail to this address (already received or still to come). */
  next(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A local SMTP server that keeps every mail it receives, for tests that read what was sent. */
export async function startMailCapture(): Promise<MailCapture> {
  const mails: CapturedMail[] = [];
  const waiting: { to: string; resolve: (mail: CapturedMail) => void }[] = [];
  const taken = new Set<CapturedMail>();
  const deliver = (mail: CapturedMail) => {
    mails.push(mail);
    const i = waiting.findIndex((w) => mail.to.includes(w.to));
    if (i >= 0) {
      taken.add(mail);
      waiting.splice(i, 1)[0].resolve(mail);
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        deliver({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next(to, timeoutMs = 5_000) {
      const address = to.toLowerCase();
      const ready = mails.find((m) => !taken.has(m) && m.to.includes(address));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({ to: address, resolve: (mail) => { clearTimeout(timer); resolve(mail); } });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The recovery code in a captured mail's text. */
export const recoveryCode = (mail: CapturedMail) => /(\d{6})/.exec(mail.raw.split(/\r?\n\r?\n/).slice(1).join('\n'))?.[1];
