import libqp from 'libqp';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  to: string[];
  from: string;
  replyTo: string | undefined;
  subject: string;
  text: string;
  receivedAt: string;
}

/** Decodes the one-part text/plain messages the portal sends (quoted-printable, base64 or 7bit). */
export function parseMessage(raw: string): Omit<SunkMail, 'to' | 'receivedAt'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim();
  const encoding = header('Content-Transfer-Encoding')?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? libqp.decode(body).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  // A folded long subject: the whitespace between two encoded words is not part of the text (RFC 2047), and
  // a Q word's '_' is a space that must survive quoted-printable's trimming of trailing spaces ('nueva_?=').
  const decodeWords = (v: string | undefined) =>
    (v ?? '')
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : libqp.decode(data.replace(/_/g, '=20')).toString('utf8'),
      );
  return {
    from: decodeWords(header('From')),
    replyTo: header('Reply-To'),
    subject: decodeWords(header('Subject')),
    text: text.replace(/\r\n/g, '\n'),
  };
}

/** A local SMTP server that keeps every message in memory for the end-to-end tests to read. */
export function startMailSink(port: number) {
  const messages: SunkMail[] = [];
  let accepting = true;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (!accepting) return callback(new Error('mail sink is refusing mail (test)'));
        messages.push({
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  server.listen(port, '127.0.0.1');
  return {
    messages,
    setAccepting: (value: boolean) => (accepting = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
