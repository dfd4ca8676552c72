import { text } from '../ui/messages.ts';
import { submit } from '../ui/nodes.ts';
import type { UiNode } from '../ui/ui.types.ts';

/** Link or unlink each configured provider, as the identity stands. */
export function settingsOidcNodes(
  providers: ReadonlyArray<{ provider: string; label: string }>,
  linked: ReadonlySet<string>,
): UiNode[] {
  return providers.map((p) =>
    linked.has(p.provider)
      ? submit('oidc', 'unlink', p.provider, text.unlink(p.label))
      : submit('oidc', 'link', p.provider, text.link(p.label)),
  );
}

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
