import { text } from '../ui/messages.ts';
import { submit } from '../ui/nodes.ts';
import type { UiNode } from '../ui/ui.types.ts';

/** One button per configured provider; the flow posts provider=<slug> with method oidc. */
export function oidcButtons(
  providers: ReadonlyArray<{ provider: string; label: string }>,
  purpose: 'login' | 'registration',
): UiNode[] {
  return providers.map((p) =>
    submit(
      'oidc',
      'provider',
      p.provider,
      purpose === 'login' ? text.signInWith(p.label) : text.signUpWith(p.label),
    ),
  );
}
