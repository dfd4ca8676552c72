// `npm run screenshots:ui`: docs/ui.md's pictures, each design-system component on a real
// screen of a fresh server in both themes (e2e/ui-docs), written to docs/ui/ (committed).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import UPNG from 'upng-js';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'docs', 'ui');
fs.mkdirSync(dir, { recursive: true });
const started = Date.now();
const run = spawnSync(
  process.execPath,
  ['scripts/e2e.mjs', '--project', 'ui-docs', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, VIGIL_UI_DOCS: dir, VIGIL_E2E_WORKERS: '1' },
  },
);

/** 256 colours (as pngquant does) keep UI pictures sharp at a third of their size. */
function quantize(file) {
  const original = fs.readFileSync(file);
  const bytes = original.buffer.slice(original.byteOffset, original.byteOffset + original.length);
  const image = UPNG.decode(bytes);
  const [rgba] = UPNG.toRGBA8(image);
  const smaller = Buffer.from(UPNG.encode([rgba], image.width, image.height, 256));
  if (smaller.length < original.length) fs.writeFileSync(file, smaller);
  return Math.min(smaller.length, original.length);
}

for (const name of fs
  .readdirSync(dir)
  .filter((entry) => entry.endsWith('.png'))
  .sort()) {
  const file = path.join(dir, name);
  if (fs.statSync(file).mtimeMs < started) continue;
  const size = quantize(file);
  process.stdout.write(
    `${name} ${Math.round(size / 1024)} kB${size > 40_960 ? ' (over 40 kB)' : ''}\n`,
  );
}
if (run.status === 0) process.stdout.write(`Pictures in ${path.relative(root, dir)}/\n`);
process.exit(run.status ?? 1);
