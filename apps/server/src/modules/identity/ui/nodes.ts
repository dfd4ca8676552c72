import type { InputAttributes, NodeGroup, UiNode, UiText } from './ui.types.ts';

interface InputOptions {
  readonly value?: unknown;
  readonly required?: boolean;
  readonly disabled?: boolean;
  readonly autocomplete?: string;
  readonly onclick?: string;
  readonly label?: UiText;
}

export function input(
  group: NodeGroup,
  name: string,
  type: InputAttributes['type'],
  options: InputOptions = {},
): UiNode {
  return {
    type: 'input',
    group,
    attributes: {
      node_type: 'input',
      name,
      type,
      disabled: options.disabled ?? false,
      ...(options.value !== undefined ? { value: options.value } : {}),
      ...(options.required ? { required: true } : {}),
      ...(options.autocomplete ? { autocomplete: options.autocomplete } : {}),
      ...(options.onclick ? { onclick: options.onclick } : {}),
    },
    messages: [],
    meta: options.label ? { label: options.label } : {},
  };
}

/** A submit button: Kratos forms post the clicked button's name=value (e.g. method=password). */
export function submit(group: NodeGroup, name: string, value: string, label: UiText): UiNode {
  return input(group, name, 'submit', { value, label });
}

export function textNode(group: NodeGroup, id: string, content: UiText, label?: UiText): UiNode {
  return {
    type: 'text',
    group,
    attributes: { node_type: 'text', id, text: content },
    messages: [],
    meta: label ? { label } : {},
  };
}

export function image(group: NodeGroup, id: string, src: string, label: UiText): UiNode {
  return {
    type: 'img',
    group,
    attributes: { node_type: 'img', id, src, width: 256, height: 256 },
    messages: [],
    meta: { label },
  };
}

export function script(group: NodeGroup, id: string, src: string, integrity: string): UiNode {
  return {
    type: 'script',
    group,
    attributes: {
      node_type: 'script',
      id,
      src,
      async: true,
      crossorigin: 'anonymous',
      integrity,
      referrerpolicy: 'no-referrer',
      type: 'text/javascript',
      nonce: '',
    },
    messages: [],
    meta: {},
  };
}

export function anchor(group: NodeGroup, id: string, href: string, title: UiText): UiNode {
  return {
    type: 'a',
    group,
    attributes: { node_type: 'a', id, href, title },
    messages: [],
    meta: { label: title },
  };
}

export function nameOf(node: UiNode): string | undefined {
  return node.attributes.node_type === 'input' ? node.attributes.name : undefined;
}

/** Returns the nodes with the message attached to the named input. */
export function withFieldMessage(nodes: UiNode[], name: string, message: UiText): UiNode[] {
  return nodes.map((node) =>
    nameOf(node) === name ? { ...node, messages: [...node.messages, message] } : node,
  );
}

/** Echoes submitted values back into the form, except secrets (never sent back to a client). */
export function withValues(nodes: UiNode[], values: Readonly<Record<string, string>>): UiNode[] {
  return nodes.map((node) => {
    const attributes = node.attributes;
    if (attributes.node_type !== 'input') return node;
    if (['password', 'hidden', 'submit', 'button'].includes(attributes.type)) return node;
    const value = values[attributes.name];
    return value === undefined ? node : { ...node, attributes: { ...attributes, value } };
  });
}
