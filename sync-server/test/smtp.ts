/** A real SMTP server on loopback for tests (TOOLCHAIN.md): collects what nodemailer sends. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { onTestEnd } from './helper';

export interface TestSmtp {
  url: string;
  messages: ParsedMail[];
  /** Resolves when `count` messages have arrived. */
  waitFor(count: number): Promise<ParsedMail[]>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestEnd(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(count) {
      while (messages.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return messages;
    },
  };
}
