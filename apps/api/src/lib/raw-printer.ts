import { Socket } from 'node:net';

/** How long a label printer has to accept the connection and take the job. */
export const PRINT_TIMEOUT_MS = 2500;

/**
 * Sends one job to a network printer the way Zebra printers take it: a raw TCP connection to port
 * 9100, the bytes, then the connection closed. Resolves with the milliseconds it took; rejects
 * (with the reason) when the printer cannot be reached or does not take the job in time.
 */
export function sendRawJob(host: string, port: number, data: string | Buffer, timeoutMs = PRINT_TIMEOUT_MS): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let done = false;
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      socket.destroy();
      if (error) reject(error);
      else resolve(performance.now() - started);
    };
    socket.setTimeout(timeoutMs, () => finish(new Error(`no answer from ${host}:${port} within ${timeoutMs} ms`)));
    socket.once('error', (e) => finish(e));
    socket.connect(port, host, () => {
      socket.end(data, () => finish());
    });
  });
}
