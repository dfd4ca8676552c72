import type { FlowBody } from '../api/flow-body.ts';
import type { InputNode, UiNode } from '../api/flow-schema.ts';

const buttonTypes = new Set(['submit', 'button']);

export function isInputNode(node: UiNode): node is InputNode {
  return node.type === 'input';
}

export function isButtonNode(node: InputNode): boolean {
  return buttonTypes.has(node.attributes.type);
}

export function isSubmitNode(node: UiNode): node is InputNode {
  return isInputNode(node) && node.attributes.type === 'submit';
}

/** Buttons share names (method=password, provider=github), so the value is part of the key. */
export function nodeKey(node: UiNode): string {
  if (node.type !== 'input') return `${node.type}:${node.attributes.id}`;
  return `${node.group}:${node.attributes.name}:${inputValue(node.attributes.value)}`;
}

export function inputValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

export function checkboxValue(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The value a clicked button posts: JSON booleans stay booleans (lookup_secret_reveal: true). */
export function buttonValue(node: InputNode): string | boolean {
  const { value } = node.attributes;
  return typeof value === 'boolean' ? value : inputValue(value);
}

/** The starting name/value map of the form's fields; buttons add theirs when clicked. */
export function initialValues(nodes: readonly UiNode[]): FlowBody {
  const values: FlowBody = {};
  for (const node of nodes) {
    if (!isInputNode(node) || isButtonNode(node)) continue;
    const { name, type, value } = node.attributes;
    values[name] = type === 'checkbox' ? checkboxValue(value) : inputValue(value);
  }
  return values;
}

export function nodeLabel(node: UiNode): string | undefined {
  return node.meta.label?.text;
}
