import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/**
 * The FBR simulator as the e2e specs run it: the server's build (apps/server/src/fbr-sim.ts, built by
 * `scripts/start.mjs --build-only`) on a free port (FBR_SIM_PORT 0). Answers its URL, as it prints it, and a
 * way to stop it.
 */
export function startFbrSimulator(): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn(process.execPath, [path.resolve('apps/server/dist/fbr-sim.js')], {
    env: { ...process.env, FBR_SIM_PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening at (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ url, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`the FBR simulator exited (${code}): ${out}`)));
  });
}
