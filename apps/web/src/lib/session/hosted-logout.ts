import { z } from 'zod';
import { apiRequest } from '@/lib/http.ts';

const signedOutSchema = z.object({ redirect_to: z.string() });

/**
 * Hosted mode (docs/hosted.md): ends Vigil's session, then sends the browser to the provider's
 * sign-out page when it has one (else to sign in), so the next sign-in asks again.
 */
export async function hostedSignOut(): Promise<void> {
  let target = '/login';
  try {
    const answer = await apiRequest('auth', '/hosted/logout', signedOutSchema, {
      method: 'POST',
      body: {},
    });
    target = answer.redirect_to;
  } catch {
    // The user asked to leave; sign-in shows whether a session is still active.
  }
  window.location.assign(target);
}
