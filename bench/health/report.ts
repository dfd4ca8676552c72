import {
  anchor,
  goals,
  goalsOf,
  isKumaLoad,
  meetsLateness,
  ms,
  pct,
  ratio,
  type ScenarioResult,
  type ScenarioSummary,
} from './result.ts';

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const num = (value: number): string => Math.round(value).toLocaleString('en-US');

/** One scenario's block: its figures against the goals and Uptime Kuma's anchor. */
export function scenarioBlock(result: ScenarioResult): string {
  const s = result.summary;
  const d = result.details;
  const u = d.usage;
  const checks = goalsOf(s);
  const mark = (name: string): string =>
    checks.find((g) => g.name === name)?.met ? 'met' : '**NOT met**';
  const perRun = (cpuSeconds: number): string => ms((cpuSeconds * 1000) / Math.max(1, s.runs));
  const tables = Object.entries(d.rows.byTable)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([name, n]) => `${name} ${num(n / u.seconds)}`)
    .join(', ');
  const kuma = isKumaLoad(s);
  const cpuGoal = kuma ? goals.kuma.cores : goals.cores;
  const rssGoal = kuma ? goals.kuma.rssMB : goals.rssMB;
  const lines = [
    `### ${s.label}: ${num(s.checks)} HTTP checks × \`@every ${s.intervalS}s\` (${num(s.rate)} checks/s), ${s.windowS} s${s.profiled ? ' (under --cpu-prof)' : ''}`,
    '',
    `- Date: ${s.date}`,
    `- Command: \`${d.command}\`; server at commit ${d.commit}`,
    `- Machine: ${d.machine.nproc} CPUs (${d.machine.cpu}), Node ${d.machine.node}, PostgreSQL ${d.machine.postgres} (${d.database === 'machine' ? "the machine's server" : 'embedded'}); load average ${u.loadAverage.start.toFixed(2)} → ${u.loadAverage.end.toFixed(2)}; whole machine busy ${u.machine.cores.toFixed(2)} of ${d.machine.nproc} cores during the window; the server's main thread waited for a CPU ${pct(u.serverMainWaiting)} of it`,
    `- Setup: ${num(s.created + 20)} canaries created through the data API in ${d.createSeconds.toFixed(1)} s (${num((s.created + 20) / d.createSeconds)}/s), then one period for the jittered first slots to spread` +
      (s.created < s.checks
        ? `. **Only ${num(s.created)} of the ${num(s.checks)} load canaries could be created within the ${d.createBudgetS} s budget**: batches slowed to minutes as the engine fell behind; the window ran with those (${num(s.created / s.intervalS)} checks/s scheduled)`
        : ''),
    '',
    '| figure | value | goal | vs Uptime Kuma |',
    '| --- | --- | --- | --- |',
    `| completed checks/s | **${s.perSecond.toFixed(1)}** | ${num(s.rate)} | ${ratio(s.perSecond, anchor.ceilingPerSecond)} its 200–240/s ceiling |`,
    s.writerLagging
      ? `| scheduled runs completed | ${pct(s.runs / s.expected)}: results written during the window ${num(s.runs)} of ${num(s.expected)} scheduled; the result writer was over a minute behind, so the window's own runs could not be counted | 100%: ${mark('completed')} | |`
      : `| scheduled runs completed | ${pct(s.runs / s.expected)} (${num(s.runs)} of ${num(s.expected)}; ${num(s.failed)} failed) | 100%: ${mark('completed')} | |`,
    `| lateness p50 / p99, engine metric (5-min sliding summary) | ${ms(s.latenessMetric.p50)} / ${ms(s.latenessMetric.p99)} (p90 ${ms(d.latenessMetric.p90)}, p99.9 ${ms(d.latenessMetric.p999)}) | ${s.latenessWindowValid ? '(spans the minutes before the window too)' : `≤ 2 / ≤ 25 ms: ${mark('lateness')}`} | |`,
    s.latenessWindowValid
      ? `| lateness p50 / p99, this window (stored start vs slot) | ${ms(d.latenessWindow.p50)} / ${ms(d.latenessWindow.p99)} (p90 ${ms(d.latenessWindow.p90)}, max ${ms(d.latenessWindow.max)}; ${num(d.latenessWindow.early)} runs started early by the start slack, at most ${ms(d.latenessWindow.earlyMax ?? 0)}) | ≤ 2 / ≤ 25 ms: ${mark('lateness')} | p99 ${ratio(d.latenessWindow.p99, [anchor.ceilingP99Ms, anchor.ceilingP99Ms])} its 65 ms at its ceiling |`
      : `| lateness, this window (stored start vs slot) | n/a: ${s.writerLagging ? 'the window’s runs were not stored in time' : `${num(d.latenessWindow.early)} runs seem over 150 ms early, so the engine ran over half a period late and slot phases wrap`} | | |`,
    `| server CPU | **${pct(s.serverCores)} of a core** (${u.server.cpuSeconds.toFixed(1)} s; main thread ${pct(u.serverMain.cores)}) | ≤ ${pct(cpuGoal)}: ${mark('CPU')} | ${kuma ? `${(s.serverCores / anchor.kuma.cores).toFixed(2)}× its 24%` : ''} |`,
    `| server CPU per check | ${ms(s.cpuMsPerCheck)} | | ${ratio(s.cpuMsPerCheck, anchor.cpuMsPerCheck)} its 3–5 ms |`,
    `| server RSS median / max | ${s.rssMedianMB.toFixed(0)} / **${s.rssMaxMB.toFixed(0)} MB** | ≤ ${rssGoal} MB: ${mark('RSS')} | ${kuma ? `${(s.rssMaxMB / anchor.kuma.rssMB).toFixed(2)}× its 300 MB` : ''} |`,
    ...(s.probes > 0
      ? [
          `| add a canary p50 / p95 (${d.add.count} POSTs) | ${ms(d.add.median)} / **${ms(d.add.p95)}** | < ${goals.editP95Ms} ms: ${mark('edit')} | ${ratio(d.add.p95, anchor.addMs)} its 3–4 s |`,
          `| edit a canary's spec p50 / p95 (${d.edit.count} PATCHes) | ${ms(d.edit.median)} / **${ms(d.edit.p95)}** | < ${goals.editP95Ms} ms | |`,
        ]
      : ['| add / edit a canary | not timed in this run (--probe-every 0) | | |']),
    `| PostgreSQL CPU, bench database's backends (${u.postgresBench.processes}) | ${pct(s.postgresCores)} of a core (${perRun(u.postgresBench.cpuSeconds)} per check) | | |`,
    `| PostgreSQL CPU, shared background processes (all databases) | ${pct(u.postgresShared.cores)} of a core | | |`,
    `| target (separate process) / bench process CPU | ${pct(u.target.cores)} / ${pct(u.bench.cores)} of a core | | |`,
    `| database rows/s | check_statuses ${num(s.statusRowsPerSecond)}; all tuples written ${num(s.tuplesPerSecond)} (ins ${num(d.rows.inserted / u.seconds)}, upd ${num(d.rows.updated / u.seconds)}); ${num(d.rows.commits / u.seconds)} commits/s; WAL ${(d.rows.walBytes / u.seconds / 1e6).toFixed(2)} MB/s (whole server) | | |`,
    `| rows/s per table | ${tables} | | |`,
    `| check duration p50 / p99 (connect included) | ${s.writerLagging ? 'n/a (not stored in time)' : `${ms(d.durationMs.p50)} / ${ms(d.durationMs.p99)}`} | | |`,
    `| server event-loop delay p50 / p99 / max (window) | ${ms(d.eventLoopMs.p50)} / ${ms(d.eventLoopMs.p99)} / ${ms(d.eventLoopMs.max)} | | |`,
    `| GET /api/metrics (after the window) | ${ms(d.scrape.ms)}, ${mb(d.scrape.bytes)} | | |`,
    ...scrapesDuringRow(d.scrapesDuring),
  ];
  if (d.errors.length > 0) lines.push('', `Failed runs' errors: ${d.errors.join('; ')}`);
  if (s.latenessWindowValid && d.lateTimeline.seconds > 0) {
    const worst = d.lateTimeline.worst
      .map((w) => `+${w.at} s: ${ms(w.maxMs)} (${num(w.late)} runs > 25 ms)`)
      .join('; ');
    lines.push(
      '',
      `Stalls: in ${d.lateTimeline.seconds} of the window's ${s.windowS} seconds a run was due and started over 50 ms late. Worst, by slot second from the window's start: ${worst}.`,
    );
  }
  if (d.writeFailures.length > 0) {
    lines.push('', `Add/edit failures: ${d.writeFailures.slice(0, 5).join('; ')}`);
  }
  if (d.gc) {
    const g = d.gc;
    const worst = g.worst.map((w) => `+${w.at} s ${w.kind} ${ms(w.ms)}`).join('; ');
    lines.push(
      '',
      `GC pauses in the window (--trace-gc): ${num(g.scavenge.count)} scavenges, ${ms(g.scavenge.totalMs)} in all, longest ${ms(g.scavenge.maxMs)}; ` +
        `${num(g.markCompact.count)} mark-compacts, ${ms(g.markCompact.totalMs)} in all, longest ${ms(g.markCompact.maxMs)}. Longest: ${worst}.`,
    );
  }
  if (d.serverWarnings.length > 0) {
    lines.push(
      '',
      `Server warnings (first ${d.serverWarnings.length}):`,
      '',
      '```text',
      ...d.serverWarnings,
      '```',
    );
  }
  if (d.profile) lines.push('', profileBlock(d.profile));
  lines.push(
    '',
    '<details><summary>JSON</summary>',
    '',
    '```json',
    JSON.stringify({ ...result, details: { ...d, profile: undefined } }, null, 2),
    '```',
    '',
    '</details>',
  );
  return lines.join('\n');
}

function scrapesDuringRow(scrapes: ScenarioResult['details']['scrapesDuring']): string[] {
  if (!scrapes || scrapes.ms.length === 0) return [];
  const sorted = [...scrapes.ms].sort((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const max = sorted[sorted.length - 1] ?? 0;
  return [
    `| GET /api/metrics during the window, every ${scrapes.everyS} s (${sorted.length}) | median ${ms(median)}, max ${ms(max)} (event-loop delay above: since the last of them) | | |`,
  ];
}

function profileBlock(p: NonNullable<ScenarioResult['details']['profile']>): string {
  const share = (v: number): string => `${((v / p.busyMs) * 100).toFixed(1)}%`;
  return [
    `<details><summary>CPU profile of the server's main thread over the window (${p.file}): ${(p.busyMs / 1000).toFixed(1)} s busy, ${(p.idleMs / 1000).toFixed(1)} s idle</summary>`,
    '',
    '| self time by area | ms | share of busy |',
    '| --- | ---: | ---: |',
    ...p.areas.map((a) => `| ${a.name} | ${a.ms.toFixed(0)} | ${share(a.ms)} |`),
    '',
    '| self time by function | ms | share of busy |',
    '| --- | ---: | ---: |',
    ...p.functions.map((f) => `| \`${f.name}\` | ${f.ms.toFixed(0)} | ${share(f.ms)} |`),
    '',
    '| server function, total time (itself and its callees) | ms | share of busy |',
    '| --- | ---: | ---: |',
    ...p.inclusive.map((f) => `| \`${f.name}\` | ${f.ms.toFixed(0)} | ${share(f.ms)} |`),
    '',
    '</details>',
  ].join('\n');
}

/** The table over every scenario recorded so far, and the largest rate meeting lateness. */
export function overviewBlock(all: readonly ScenarioSummary[]): string {
  const sorted = [...all].sort((a, b) => a.rate - b.rate || a.label.localeCompare(b.label));
  const rows = sorted.map((s) => {
    const failed = goalsOf(s)
      .filter((g) => !g.met)
      .map((g) => g.name);
    return (
      `| ${s.label} | ${num(s.checks)} × ${s.intervalS}s | ${num(s.rate)} | ${s.windowS} s | ` +
      `${s.perSecond.toFixed(1)} | ${pct(s.runs / s.expected)} | ` +
      `${ms(s.latenessMetric.p50)} / ${ms(s.latenessMetric.p99)} | ${s.latenessWindowValid ? `${ms(s.latenessWindow.p50)} / ${ms(s.latenessWindow.p99)}` : 'n/a (> half a period late)'} | ` +
      `${pct(s.serverCores)} | ${ms(s.cpuMsPerCheck)} | ${s.rssMedianMB.toFixed(0)} / ${s.rssMaxMB.toFixed(0)} | ` +
      `${pct(s.postgresCores)} | ${num(s.statusRowsPerSecond)} / ${num(s.tuplesPerSecond)} | ` +
      `${s.probes > 0 ? `${ms(s.addP95)} / ${ms(s.editP95)}` : 'not timed'} | ${s.machineCores.toFixed(2)} | ${failed.length === 0 ? 'all met' : `not met: ${failed.join(', ')}`} |`
    );
  });
  const unprofiled = sorted.filter((s) => !s.profiled);
  const best = unprofiled.filter(meetsLateness).sort((a, b) => b.rate - a.rate)[0];
  const worst = unprofiled.filter((s) => !meetsLateness(s)).sort((a, b) => a.rate - b.rate)[0];
  return [
    '| scenario | checks × interval | scheduled/s | window | completed/s | completed | lateness p50 / p99, metric | lateness p50 / p99, window | server CPU (1 core = 100%) | CPU per check | RSS median / max MB | PostgreSQL CPU | rows/s: check_statuses / all | add / edit p95 | machine busy (cores) | goals |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | --- | ---: | --- | --- | ---: | --- |',
    ...rows,
    '',
    `Largest rate meeting the lateness goal (p50 ≤ ${goals.latenessP50Ms} ms, p99 ≤ ${goals.latenessP99Ms} ms, with every scheduled run completed): ` +
      (best ? `**${num(best.rate)} checks/s** (${best.label})` : 'none measured') +
      (worst ? `; lowest rate missing it: ${num(worst.rate)} checks/s (${worst.label}).` : '.') +
      ` Uptime Kuma's ceiling: 200–240 checks/s (p99 delay 65 ms).`,
  ].join('\n');
}
