import type pg from 'pg';

/** [type, config_class, status] for the 15 config types; each gets ~1/15 of the items. */
export const configTypes = [
  ['Kubernetes::Pod', 'Pod', 'Running'],
  ['Kubernetes::Deployment', 'Deployment', 'Available'],
  ['Kubernetes::Service', 'Service', 'Active'],
  ['Kubernetes::Namespace', 'Namespace', 'Active'],
  ['Kubernetes::Node', 'Node', 'Ready'],
  ['Kubernetes::ConfigMap', 'ConfigMap', 'Active'],
  ['Kubernetes::Ingress', 'Ingress', 'Active'],
  ['Kubernetes::StatefulSet', 'StatefulSet', 'Available'],
  ['AWS::EC2::Instance', 'VirtualMachine', 'running'],
  ['AWS::RDS::DBInstance', 'Database', 'available'],
  ['AWS::S3::Bucket', 'Bucket', 'Active'],
  ['AWS::Lambda::Function', 'Function', 'Active'],
  ['AWS::ElasticLoadBalancingV2::LoadBalancer', 'LoadBalancer', 'active'],
  ['Azure::VirtualMachine', 'VirtualMachine', 'PowerState/running'],
  ['GCP::Compute::Instance', 'VirtualMachine', 'RUNNING'],
] as const;

/** Service names that appear in item names and labels; the ilike search looks for them. */
export const services = [
  'checkout',
  'payment',
  'catalog',
  'search',
  'inventory',
  'shipping',
  'auth',
  'gateway',
  'billing',
  'orders',
  'cart',
  'notification',
  'recommendation',
  'review',
  'profile',
  'ledger',
  'reporting',
  'scheduler',
  'ingest',
  'metrics',
  'frontend',
  'admin',
  'mailer',
  'webhook',
  'identity',
  'pricing',
  'quote',
  'fraud',
  'loyalty',
  'media',
  'thumbnail',
  'export',
] as const;

const pick = (values: readonly string[], index: string): string =>
  `(array[${values.map((v) => `'${v}'`).join(',')}])[1 + (${index}) % ${values.length}]`;

/**
 * One set-based statement per table; the summary triggers fire once per statement. Row i has
 * type i % 15; deletion, changes and analysis go by i / 15 so that every type gets its share.
 */
export function seedStatements(items: number): string[] {
  const types = configTypes.map(([type]) => type);
  const classes = configTypes.map(([, cls]) => cls);
  const statuses = configTypes.map(([, , status]) => status);
  const envs = ['production', 'staging', 'development', 'qa'];
  const teams = ['payments', 'platform', 'storefront', 'data', 'identity', 'growth', 'sre'];
  const regions = ['eu-west-1', 'us-east-1', 'us-west-2', 'ap-southeast-1', 'eu-central-1'];
  const clusters = ['prod-eu', 'prod-us', 'staging-eu', 'dev-shared', 'prod-ap', 'qa-us'];
  const health = ['healthy', 'healthy', 'healthy', 'healthy', 'warning', 'unhealthy', 'unknown'];
  const changeTypes = ['diff', 'CREATE', 'UPDATE', 'Pulled', 'Scheduled', 'BackOff', 'Killing'];
  const severities = ['info', 'info', 'info', 'low', 'medium', 'high', 'critical'];
  const analysisTypes = ['security', 'cost', 'reliability', 'performance', 'compliance'];
  const svc = pick(services, '(i * 7) / 3');
  const items_ = `
    insert into config_items (name, namespace, type, config_class, status, health, ready,
      labels, tags, config, cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d,
      source, last_scraped_time, created_at, updated_at, deleted_at)
    select
      s.svc || '-' || substr(md5(i::text), 1, 10) || '-' || substr(md5((i * 31)::text), 1, 5),
      s.ns, ${pick(types, 'i')}, ${pick(classes, 'i')}, ${pick(statuses, 'i')},
      ${pick(health, '(i * 13) / 5')}, i % 17 <> 0,
      jsonb_build_object('app', s.svc, 'env', s.env, 'team', ${pick(teams, 'i / 11')},
        'version', 'v' || (1 + i % 9) || '.' || (i % 23),
        'app.kubernetes.io/managed-by', case when i % 3 = 0 then 'Helm' else 'flux' end),
      jsonb_build_object('cluster', ${pick(clusters, 'i / 7')}, 'namespace', s.ns,
        'region', ${pick(regions, 'i / 5')}, 'account', 'acct-' || (100000 + i % 12)),
      jsonb_build_object('metadata', jsonb_build_object('name', s.svc, 'namespace', s.ns,
        'uid', md5(i::text), 'resourceVersion', (i * 97)::text),
        'spec', jsonb_build_object('replicas', 1 + i % 5, 'image',
          'registry.example.com/' || s.svc || ':' || substr(md5((i % 50)::text), 1, 8))),
      round((i % 997) / 100000.0, 4), round((i % 991) / 10.0, 4), round((i % 983) / 1.4, 4),
      round((i % 977) * 3.0, 4),
      'kubernetes/' || ${pick(clusters, 'i / 7')},
      now() - make_interval(secs => i % 3600),
      now() - make_interval(mins => i % 129600), now() - make_interval(mins => i % 7200),
      case when (i / 15) % 10 = 0 then now() - make_interval(hours => i % 720) end
    from generate_series(1, ${items}) as g(i)
    cross join lateral (select ${svc} as svc, ${pick(envs, 'i / 13')} as env,
      ${pick(services, 'i / 17')} || '-' || ${pick(envs, 'i / 13')} as ns) s`;
  const changes = `
    insert into config_changes (config_id, change_type, severity, source, summary, details,
      fingerprint, created_at)
    select c.id, ${pick(changeTypes, 'c.n + k')}, ${pick(severities, 'c.n * 3 + k')},
      'kubernetes', 'changed ' || c.name, jsonb_build_object('k', k), md5(c.id::text || k),
      now() - make_interval(mins => ((c.n * 37 + k * 101) % 43200)::int)
    from (select id, name, row_number() over (order by id) as n from config_items) c
    cross join lateral generate_series(1, ((c.n / 15) % 6)::int) as k`;
  const analysis = `
    insert into config_analysis (config_id, analyzer, analysis_type, severity, status,
      message, summary, last_observed)
    select c.id, 'analyzer-' || k, ${pick(analysisTypes, 'c.n + k')},
      ${pick(severities, 'c.n + k * 2')},
      case when (c.n + k) % 5 = 0 then 'resolved' else 'open' end,
      'finding ' || k || ' on ' || c.name, 'summary ' || k, now()
    from (select id, name, row_number() over (order by id) as n from config_items) c
    cross join lateral generate_series(1, ((c.n / 15) % 4)::int) as k
    where (c.n / 15) % 3 = 0`;
  return [items_, changes, analysis];
}

export interface SeedCounts {
  readonly items: number;
  readonly deleted: number;
  readonly changes: number;
  readonly analysis: number;
  readonly seconds: number;
}

export async function seed(pool: pg.Pool, items: number): Promise<SeedCounts> {
  const started = performance.now();
  for (const statement of seedStatements(items)) await pool.query(statement);
  await pool.query('vacuum analyze');
  const counts = await pool.query<{
    items: string;
    deleted: string;
    changes: string;
    analysis: string;
  }>(`
    select (select count(*) from config_items) as items,
      (select count(*) from config_items where deleted_at is not null) as deleted,
      (select count(*) from config_changes) as changes,
      (select count(*) from config_analysis) as analysis`);
  const row = counts.rows[0];
  return {
    items: Number(row?.items),
    deleted: Number(row?.deleted),
    changes: Number(row?.changes),
    analysis: Number(row?.analysis),
    seconds: (performance.now() - started) / 1000,
  };
}
