/** One entry of the add flow's type picker (spec 002 §2). */
export interface CanaryType {
  readonly id: string;
  readonly label: string;
  /** The check list under `spec` this type adds to; Custom starts from an empty spec. */
  readonly specKey: string | null;
  /** The first check of a new canary of this type, as its YAML starts. */
  readonly template: Readonly<Record<string, unknown>>;
}

const types: readonly CanaryType[] = [
  { id: 'http', label: 'HTTP', specKey: 'http', template: {} },
  {
    id: 'awsConfigRule',
    label: 'AWS Config Rule',
    specKey: 'awsConfigRule',
    template: { name: 'aws-config-rule' },
  },
  {
    id: 'awsConfig',
    label: 'AWS Config',
    specKey: 'awsConfig',
    template: { name: 'aws-config' },
  },
  { id: 'github', label: 'GitHub', specKey: 'github', template: { name: 'github' } },
  { id: 'ec2', label: 'EC2', specKey: 'ec2', template: { name: 'ec2' } },
  {
    id: 'ldap',
    label: 'LDAP',
    specKey: 'ldap',
    template: {
      name: 'ldap',
      url: 'ldap://ldap.example.com:389',
      bindDN: 'ou=users,dc=example,dc=com',
    },
  },
  { id: 'pod', label: 'Pod', specKey: 'pod', template: { name: 'pod' } },
  { id: 'exec', label: 'Exec', specKey: 'exec', template: {} },
  {
    id: 'alertmanager',
    label: 'Alert Manager',
    specKey: 'alertmanager',
    template: {},
  },
  {
    id: 'cloudwatch',
    label: 'Cloud Watch',
    specKey: 'cloudwatch',
    template: { name: 'cloudwatch' },
  },
  {
    id: 'elasticsearch',
    label: 'Elasticsearch',
    specKey: 'elasticsearch',
    template: {},
  },
  { id: 'redis', label: 'Redis', specKey: 'redis', template: { db: 0 } },
  { id: 'mongodb', label: 'Mongo DB', specKey: 'mongodb', template: {} },
  {
    id: 'dns',
    label: 'DNS',
    specKey: 'dns',
    template: { name: 'dns', query: 'example.com', querytype: 'A' },
  },
  { id: 'icmp', label: 'ICMP Ping', specKey: 'icmp', template: {} },
  { id: 'gcs', label: 'GCS', specKey: 'gcsBucket', template: { name: 'gcs' } },
  { id: 's3', label: 'AWS S3', specKey: 's3', template: { name: 's3' } },
  { id: 'smb', label: 'SMB', specKey: 'smb', template: { name: 'smb' } },
  {
    id: 'sftp',
    label: 'SFTP',
    specKey: 'folder',
    template: {
      name: 'sftp',
      path: 'sftp://host/path',
      sftpConnection: { host: 'host', port: 22 },
    },
  },
  { id: 'folder', label: 'Folder', specKey: 'folder', template: {} },
  {
    id: 'prometheus',
    label: 'Prometheus',
    specKey: 'prometheus',
    template: { name: 'prometheus', url: 'http://prometheus:9090', query: 'up' },
  },
  {
    id: 'kubernetes',
    label: 'Kubernetes',
    specKey: 'kubernetes',
    template: { name: 'kubernetes', kind: 'Pod', ready: true },
  },
  {
    id: 'sql',
    label: 'SQL Query',
    specKey: 'postgres',
    template: { name: 'sql-query', url: 'postgres://host:5432/db', query: 'SELECT 1' },
  },
  { id: 'catalog', label: 'Catalog', specKey: 'catalog', template: { name: 'catalog' } },
  {
    id: 'azureDevops',
    label: 'Azure DevOps',
    specKey: 'azureDevops',
    template: { name: 'azure-devops' },
  },
  { id: 'jmeter', label: 'JMeter', specKey: 'jmeter', template: { name: 'jmeter' } },
  {
    id: 'junit',
    label: 'JUnit',
    specKey: 'junit',
    template: { name: 'junit', script: '', testResults: 'results/' },
  },
  { id: 'dynatrace', label: 'Dynatrace', specKey: 'dynatrace', template: { name: 'dynatrace' } },
  {
    id: 'namespace',
    label: 'Kubernetes Namespace',
    specKey: 'namespace',
    template: { name: 'namespace' },
  },
  { id: 'tcp', label: 'TCP', specKey: 'tcp', template: {} },
  { id: 'custom', label: 'Custom', specKey: null, template: {} },
];

/** Every type spec 002 §2 lists, sorted by label as the picker shows them. */
export const canaryTypes: readonly CanaryType[] = [...types].sort((a, b) =>
  a.label.localeCompare(b.label),
);

export function canaryTypeById(id: string | null): CanaryType | undefined {
  return canaryTypes.find((type) => type.id === id);
}
