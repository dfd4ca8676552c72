/** Hosted mode (VIGIL_AUTH=oidc-org): one external OIDC provider whose tokens name an organisation. */
export interface HostedSettings {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scopes: string;
  readonly orgClaim: string;
  readonly orgNameClaim: string;
  readonly roleClaim: string;
  /** Where a ready organisation's API answers (spec 000 §7 backend_url). */
  readonly backendUrl: string;
  /** How often provisioning looks for organisations still waiting for their schema, in ms. */
  readonly provisionPollMs: number;
}

export function hostedSettingsFrom(config: {
  VIGIL_AUTH: 'self' | 'oidc-org';
  VIGIL_OIDC_ISSUER?: string | undefined;
  VIGIL_OIDC_CLIENT_ID?: string | undefined;
  VIGIL_OIDC_CLIENT_SECRET?: string | undefined;
  VIGIL_OIDC_SCOPES: string;
  VIGIL_OIDC_ORG_CLAIM: string;
  VIGIL_OIDC_ORG_NAME_CLAIM: string;
  VIGIL_OIDC_ROLE_CLAIM: string;
  VIGIL_PUBLIC_URL?: string | undefined;
}): HostedSettings | undefined {
  if (config.VIGIL_AUTH !== 'oidc-org') return undefined;
  return {
    issuer: config.VIGIL_OIDC_ISSUER ?? '',
    clientId: config.VIGIL_OIDC_CLIENT_ID ?? '',
    clientSecret: config.VIGIL_OIDC_CLIENT_SECRET ?? '',
    scopes: config.VIGIL_OIDC_SCOPES,
    orgClaim: config.VIGIL_OIDC_ORG_CLAIM,
    orgNameClaim: config.VIGIL_OIDC_ORG_NAME_CLAIM,
    roleClaim: config.VIGIL_OIDC_ROLE_CLAIM,
    backendUrl: `${(config.VIGIL_PUBLIC_URL ?? '').replace(/\/$/, '')}/api`,
    provisionPollMs: 2000,
  };
}
