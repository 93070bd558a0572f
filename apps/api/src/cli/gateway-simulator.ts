import { startSimulator } from '../modules/online-payments/simulator';

/**
 * The local WiPay simulator on its own: SIMULATOR_PORT (default 4010) on 127.0.0.1, merchants
 * from SIMULATOR_ACCOUNTS="account:key,..." plus WiPay's sandbox account. Point the server's
 * WIPAY_BASE_URL at it to try a courier's own credentials without the real gateway.
 */
const app = await startSimulator(Number(process.env.SIMULATOR_PORT ?? 4010));
console.log(`WiPay simulator on ${app.listeningOrigin}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
