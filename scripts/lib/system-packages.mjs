// The Debian packages that the test suites start as real targets, in one list that both
// `npm test` and `.ci/run` read. `npm test` installs what is missing when it runs as root with
// apt, and otherwise skips exactly the suites whose program is missing, naming it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const checkTypes = 'apps/server/test/health/check-types';
const targets = 'apps/server/test/connections/connection-test-targets.test.ts';

/** `program` is what a suite runs; `suites` are the test files that need it (vitest paths). */
export const systemPackages = [
  { pkg: 'chromium', program: '/usr/bin/chromium', suites: [] },
  { pkg: 'iputils-ping', program: '/usr/bin/ping', suites: [`${checkTypes}/icmp.test.ts`] },
  { pkg: 'procps', program: '/usr/bin/pgrep', suites: [`${checkTypes}/icmp.test.ts`] },
  { pkg: 'dnsmasq-base', program: '/usr/sbin/dnsmasq', suites: [`${checkTypes}/dns.test.ts`] },
  {
    pkg: 'prometheus',
    program: '/usr/bin/prometheus',
    suites: [`${checkTypes}/prometheus.test.ts`, targets],
  },
  {
    pkg: 'prometheus-alertmanager',
    program: '/usr/bin/prometheus-alertmanager',
    suites: [`${checkTypes}/alertmanager.test.ts`],
  },
  { pkg: 'slapd', program: '/usr/sbin/slapd', suites: [`${checkTypes}/ldap.test.ts`, targets] },
  { pkg: 'ldap-utils', program: '/usr/bin/ldapsearch', suites: [] },
  {
    pkg: 'openssh-server',
    program: '/usr/sbin/sshd',
    suites: [`${checkTypes}/folder-sftp.test.ts`, targets],
  },
  {
    pkg: 'openssl',
    program: '/usr/bin/openssl',
    suites: [
      `${checkTypes}/http.test.ts`,
      'apps/server/test/health/kubernetes-keys.test.ts',
      'apps/server/test/kube-api/kubectl.test.ts',
    ],
  },
  {
    pkg: 'kubernetes-client',
    program: '/usr/bin/kubectl',
    suites: [
      'apps/server/test/kube-api/kubectl.test.ts',
      'apps/server/test/deploy/kubernetes-manifests.test.ts',
    ],
  },
  { pkg: 'mariadb-server', program: '/usr/sbin/mariadbd', suites: [`${checkTypes}/mysql.test.ts`] },
  {
    pkg: 'redis-server',
    program: '/usr/bin/redis-server',
    suites: [`${checkTypes}/redis.test.ts`],
  },
  { pkg: 'restic', program: '/usr/bin/restic', suites: [`${checkTypes}/restic.test.ts`] },
  {
    pkg: 'systemd-journal-remote',
    program: '/usr/lib/systemd/systemd-journal-remote',
    suites: ['apps/server/test/logs/journal.test.ts'],
  },
  { pkg: 'postgresql', program: '/usr/bin/pg_ctlcluster', suites: [] },
  { pkg: 'postgresql-client', program: '/usr/bin/pg_isready', suites: [] },
];

function installed(entry) {
  return fs.existsSync(entry.program);
}

export function missingPackages() {
  return systemPackages.filter((entry) => !installed(entry));
}

function canInstall() {
  return process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
}

function apt(args) {
  return spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  }).status;
}

/** Installs the missing packages when this process may (root with apt); returns what is still missing. */
export function ensureSystemPackages() {
  const missing = missingPackages();
  if (missing.length === 0 || !canInstall()) return missing;
  process.stdout.write(`Installing ${missing.map((entry) => entry.pkg).join(' ')} (apt-get)…\n`);
  if (apt(['update', '-qq']) === 0) {
    apt([
      'install',
      '-o',
      'Dpkg::Options::=--force-confold',
      '-y',
      '-qq',
      ...missing.map((entry) => entry.pkg),
    ]);
  }
  return missingPackages();
}

/** Vitest `--exclude` arguments for the suites whose program is missing, after saying which. */
export function exclusionsFor(missing) {
  const suites = new Set();
  for (const entry of missing) {
    if (entry.suites.length === 0) continue;
    process.stdout.write(
      `Skipping ${entry.suites.join(', ')}: ${entry.program} is missing (apt-get install ${entry.pkg}).\n`,
    );
    for (const suite of entry.suites) suites.add(suite);
  }
  return [...suites].flatMap((suite) => ['--exclude', `**/${suite.split('/').slice(2).join('/')}`]);
}

// `node scripts/lib/system-packages.mjs`: .ci/run's install step; exits 1 if any stays missing.
if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = ensureSystemPackages();
  for (const entry of missing) process.stderr.write(`missing: ${entry.pkg} (${entry.program})\n`);
  process.exit(missing.length === 0 ? 0 : 1);
}
