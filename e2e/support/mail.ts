import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { SMTPServer } from 'smtp-server';

/** A captured mail as global-setup writes it: one JSON object per line of the mail file. */
export interface CapturedMail {
  to: string[];
  raw: string;
}

/**
 * The local SMTP server of the journeys (global-setup starts it and hands its URL to the app as
 * SMTP_URL): every mail received is appended to `file`, which the journeys read.
 */
export async function startMailCapture(file: string): Promise<{ url: string; close: () => Promise<void> }> {
  writeFileSync(file, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail: CapturedMail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') };
        appendFileSync(file, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function mailsTo(address: string): CapturedMail[] {
  const file = process.env.E2E_MAIL_FILE;
  if (!file || !existsSync(file)) throw new Error('no mail capture: E2E_MAIL_FILE is set by e2e/global-setup.ts');
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Waits for the recovery mail to `address` and answers the six-digit code in its text. */
export async function recoveryCodeMailedTo(address: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const last = mailsTo(address).at(-1);
      // The code is in the body, after the headers (whose dates have digits too).
      code = last ? /\b(\d{6})\b/.exec(last.raw.split(/\r?\n\r?\n/).slice(1).join('\n'))?.[1] : undefined;
      return code;
    }, { timeout: 15_000 })
    .toMatch(/^\d{6}$/);
  return code!;
}
