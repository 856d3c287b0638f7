import { startFbrSimulator } from './fiscal-sim/fbr-simulator';

/**
 * npm run fbr-sim: FBR's fiscal endpoint stood in for on this machine (fiscal-sim/fbr-simulator.ts), on
 * FBR_SIM_PORT (default 4599). Point a branch's fiscal settings at it with the environment "simulator" (the
 * base URL http://127.0.0.1:4599); any token is accepted.
 */
const port = Number(process.env.FBR_SIM_PORT ?? 4599);
const sim = await startFbrSimulator({ port, host: process.env.FBR_SIM_HOST ?? '127.0.0.1' });
console.log(`FBR simulator listening at ${sim.url} (POST /PostData; GET /__sim/invoices; POST /__sim/behaviour)`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void sim.close().then(() => process.exit(0)));
}
