import http from 'node:http';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives, plus a tiny HTTP endpoint
 * (GET /messages, DELETE /messages) so journeys can read the mail the product sent.
 */
export async function startSmtpSink(smtpPort: number, httpPort: number) {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A courier's own SMTP settings always carry a user and password: accept any, like a relay.
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  // A client that dies mid-session (a server killed on purpose) resets its connection: that is
  // the client's failure, not the sink's, and must not end the process.
  smtp.on('error', () => {});
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const web = http.createServer((req, res) => {
    if (req.method === 'DELETE') received.length = 0;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(received));
  });
  await new Promise<void>((resolve) => web.listen(httpPort, '127.0.0.1', resolve));
  return {
    smtpPort,
    received,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => web.close(() => resolve()));
    },
  };
}
