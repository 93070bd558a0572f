import { workerPorts } from './ports';
import type { ReceivedMail } from './smtp-sink';

/** This worker's sink (each worker's server sends to its own). */
const url = `http://127.0.0.1:${workerPorts().mailbox}/messages`;

/** Waits for a message to `to` whose raw text matches, as delivered to the loopback SMTP sink. */
export async function waitForMail(to: string, match: RegExp, timeoutMs = 20_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const messages = (await (await fetch(url)).json()) as ReceivedMail[];
    const found = messages.find((m) => m.to.includes(to) && match.test(m.raw));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`No mail to ${to} matching ${match} within ${timeoutMs} ms`);
}
