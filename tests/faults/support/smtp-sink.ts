import { SMTPServer } from 'smtp-server';
import { parseMessage } from '../../../e2e/support/mail-sink';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export type SmtpState = 'down' | 'refusing' | 'accepting';

/**
 * A real SMTP server on a fixed port that the test switches between down (nothing listens:
 * connection refused), refusing (answers every connection with 421) and accepting (keeps each
 * message, after `acceptDelayMs`, so several workers are delivering at the same time).
 */
export function smtpSink(port: number, acceptDelayMs = 15) {
  const received: ReceivedMail[] = [];
  let state: SmtpState = 'down';
  let server: SMTPServer | undefined;
  let refusedConnections = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onConnect(_session, callback) {
          if (state !== 'refusing') return callback();
          refusedConnections++;
          const refusal = Object.assign(new Error('Service not available, try again later (test)'), { responseCode: 421 });
          callback(refusal);
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            setTimeout(() => {
              const { subject, text } = parseMessage(Buffer.concat(chunks).toString('utf8'));
              received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, text });
              callback();
            }, acceptDelayMs);
          });
        },
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refusedConnections: () => refusedConnections,
    async set(next: SmtpState) {
      if (next === 'down' && server) {
        const closing = server;
        server = undefined;
        await new Promise<void>((resolve) => closing.close(() => resolve()));
      }
      state = next;
      if (next !== 'down' && !server) await listen();
    },
    close: () => (server ? new Promise<void>((resolve) => server!.close(() => resolve())) : Promise.resolve()),
  };
}
