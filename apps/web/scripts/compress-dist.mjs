// After Vite's build (build.mjs): a gzip and a brotli copy next to every text asset of dist/, which the server sends
// to browsers that accept them (@fastify/static `preCompressed`). Compressed once at build time, at the
// highest levels, instead of on every request.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const compressible = /\.(js|css|html|svg|json|txt)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let before = 0;
let after = 0;
for (const file of files(dist)) {
  const body = fs.readFileSync(file);
  if (body.length < 1024) continue;
  const gz = zlib.gzipSync(body, { level: 9 });
  const br = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  fs.writeFileSync(`${file}.gz`, gz);
  fs.writeFileSync(`${file}.br`, br);
  before += body.length;
  after += br.length;
}
console.log(`compressed dist: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (brotli)`);
