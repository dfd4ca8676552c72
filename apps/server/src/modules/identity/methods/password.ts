import { text } from '../ui/messages.ts';
import { input, submit } from '../ui/nodes.ts';
import type { UiNode } from '../ui/ui.types.ts';
import type { Traits } from '../accounts/credentials.ts';

export function loginPasswordNodes(identifier?: string): UiNode[] {
  return [
    identifier
      ? input('default', 'identifier', 'hidden', { value: identifier, required: true })
      : input('default', 'identifier', 'text', {
          required: true,
          autocomplete: 'username',
          label: text.identifier(),
        }),
    input('password', 'password', 'password', {
      required: true,
      autocomplete: 'current-password',
      label: text.password(),
    }),
    submit('password', 'method', 'password', text.signIn()),
  ];
}

export function traitNodes(group: 'password' | 'profile', traits?: Traits): UiNode[] {
  return [
    input(group, 'traits.email', 'email', {
      required: true,
      autocomplete: 'email',
      label: text.trait('E-Mail'),
      ...(traits ? { value: traits.email } : {}),
    }),
    input(group, 'traits.name.first', 'text', {
      autocomplete: 'given-name',
      label: text.trait('First Name'),
      ...(traits ? { value: traits.name.first } : {}),
    }),
    input(group, 'traits.name.last', 'text', {
      autocomplete: 'family-name',
      label: text.trait('Last Name'),
      ...(traits ? { value: traits.name.last } : {}),
    }),
  ];
}

export function registrationPasswordNodes(): UiNode[] {
  return [
    ...traitNodes('password'),
    input('password', 'password', 'password', {
      required: true,
      autocomplete: 'new-password',
      label: text.password(),
    }),
    submit('password', 'method', 'password', text.signUp()),
  ];
}

export function settingsPasswordNodes(): UiNode[] {
  return [
    input('password', 'password', 'password', {
      required: true,
      autocomplete: 'new-password',
      label: text.password(),
    }),
    submit('password', 'method', 'password', text.save()),
  ];
}

export function settingsProfileNodes(traits: Traits): UiNode[] {
  return [...traitNodes('profile', traits), submit('profile', 'method', 'profile', text.save())];
}
