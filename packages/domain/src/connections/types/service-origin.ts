import { propertyText, type ConnectionProperties } from '../connection-type.ts';

/**
 * The scheme, host and port a notification service is reached at: `properties.host`, or the
 * service's public host. A host written with its scheme (`http://chat.internal:8065`) is kept
 * as written, so self-hosted services without TLS work; a bare host gets https.
 */
export function serviceOrigin(
  properties: ConnectionProperties,
  publicHost: string,
  port = '',
): string {
  const host = propertyText(properties, 'host').replace(/\/+$/, '') || publicHost;
  if (/^https?:\/\//i.test(host)) return host;
  return `https://${host}${port && port !== '443' ? `:${port}` : ''}`;
}
