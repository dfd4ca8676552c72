import type { SessionRecord } from '../sessions/session.repository.ts';
import type { IdentityRecord } from './identity.repository.ts';

/** An identity as Kratos shows it to its owner: traits and addresses, never credentials. */
export function identityJson(identity: IdentityRecord) {
  const email = identity.traits.email;
  const verified = identity.verified_at !== null;
  return {
    id: identity.id,
    schema_id: 'default',
    schema_url: '',
    state: identity.state,
    state_changed_at: identity.state_changed_at.toISOString(),
    traits: identity.traits,
    verifiable_addresses: [
      {
        id: identity.id,
        value: email,
        verified,
        via: 'email',
        status: verified ? 'completed' : 'pending',
        ...(identity.verified_at ? { verified_at: identity.verified_at.toISOString() } : {}),
        created_at: identity.created_at.toISOString(),
        updated_at: identity.updated_at.toISOString(),
      },
    ],
    recovery_addresses: [{ id: identity.id, value: email, via: 'email' }],
    metadata_public: identity.metadata_public ?? null,
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
  };
}

export function sessionJson(session: SessionRecord, identity: IdentityRecord) {
  return {
    id: session.id,
    active: session.active,
    expires_at: session.expires_at.toISOString(),
    authenticated_at: session.authenticated_at.toISOString(),
    authenticator_assurance_level: session.aal,
    authentication_methods: session.authentication_methods,
    issued_at: session.issued_at.toISOString(),
    identity: identityJson(identity),
    devices: [],
  };
}
