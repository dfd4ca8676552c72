import fs from 'node:fs';

/** CHROMIUM_PATH, else Debian's chromium; undefined when neither exists. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate) => candidate && fs.existsSync(candidate));
}
