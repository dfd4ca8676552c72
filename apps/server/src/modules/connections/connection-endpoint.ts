/** Where credentials are sent: scheme, host (lower case) and port, as written. */
export interface Endpoint {
  readonly scheme: string;
  readonly host: string;
  readonly port: string;
}

const defaultPorts: Readonly<Record<string, string>> = {
  http: '80',
  https: '443',
  ws: '80',
  wss: '443',
  postgres: '5432',
  mysql: '3306',
  sqlserver: '1433',
  mongodb: '27017',
  redis: '6379',
  rediss: '6379',
  ldap: '389',
  ldaps: '636',
  sftp: '22',
  ssh: '22',
  smtp: '25',
  smtps: '465',
  smb: '445',
  ftp: '21',
};

const schemeAliases: Readonly<Record<string, string>> = {
  postgresql: 'postgres',
  mssql: 'sqlserver',
  'mongodb+srv': 'mongodb',
};

const placeholders = /\$\((username|password)\)/g;

/**
 * The endpoint of a URL, a `host:port`, or a key=value / DSN connection string; scheme and port
 * are empty when the text names none. Undefined when it cannot be read.
 */
export function endpointOf(text: string): Endpoint | undefined {
  const plain = text.trim().replace(placeholders, 'x');
  if (plain === '') return undefined;
  const explicit = /^([a-z][a-z0-9+.-]*):\/\//i.test(plain);
  const url = explicit ? plain : `none://${keyValueHost(plain) ?? plain}`;
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const raw = explicit ? parsed.protocol.slice(0, -1).toLowerCase() : '';
  // A multi-host URL (mongodb://a,b/) keeps its whole host list: the list is what is compared.
  const host = parsed.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return { scheme: schemeAliases[raw] ?? raw, host, port: parsed.port };
}

/** `host=h port=p` (libpq), `server=h,p;` (ADO) or `user@tcp(h:p)/db` (Go MySQL DSN). */
function keyValueHost(text: string): string | undefined {
  const dsn = /@(?:tcp|unix)\(([^)]*)\)/i.exec(text);
  if (dsn) return dsn[1] ?? '';
  const host = /(?:^|[\s;])(?:host|server|data source|address|addr)\s*=\s*([^\s;]+)/i.exec(text);
  if (!host) return undefined;
  const [name = '', adoPort] = (host[1] ?? '').replace(/^tcp:/i, '').split(',');
  const port = /(?:^|[\s;])port\s*=\s*(\d+)/i.exec(text)?.[1] ?? adoPort;
  return `${name}${port ? `:${port}` : ''}`;
}

/**
 * The same scheme, host and port (default ports filled in). A side written without a scheme
 * (`host:port`) takes the other's; anything unreadable is never the same.
 */
export function sameEndpoint(own: string, connectionUrl: string): boolean {
  const mine = endpointOf(own);
  const theirs = endpointOf(connectionUrl);
  if (!mine || !theirs) return false;
  const scheme = mine.scheme || theirs.scheme;
  if ((theirs.scheme || scheme) !== scheme) return false;
  const port = (endpoint: Endpoint) => endpoint.port || (defaultPorts[scheme] ?? '');
  return mine.host === theirs.host && port(mine) === port(theirs);
}

/** `scheme://host:port`, for messages. */
export function describeEndpoint(text: string): string {
  const endpoint = endpointOf(text);
  if (!endpoint) return 'an unreadable url';
  const port = endpoint.port || (defaultPorts[endpoint.scheme] ?? '');
  return `${endpoint.scheme || 'tcp'}://${endpoint.host}${port ? `:${port}` : ''}`;
}
