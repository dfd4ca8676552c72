import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InputNode } from '../api/flow-schema.ts';
import { errorText, inputNode, submitNode } from '../test-fixtures.ts';
import { NodeView } from './node-view.tsx';

function asInput(node: ReturnType<typeof inputNode>): InputNode {
  if (node.type !== 'input') throw new Error('not an input node');
  return node;
}

describe('input nodes', () => {
  it.each([
    ['text', 'traits.name.first', 'First name'],
    ['email', 'traits.email', 'E-Mail'],
    ['password', 'password', 'Password'],
  ])('renders a %s input with its label and reports changes', async (type, name, label) => {
    const onChange = vi.fn();
    render(
      <NodeView
        node={inputNode(name, { type, label, required: true })}
        value=""
        onChange={onChange}
      />,
    );
    const input = screen.getByLabelText(label);
    expect(input).toHaveAttribute('type', type);
    expect(input).toHaveAttribute('name', name);
    expect(input).toBeRequired();
    await userEvent.type(input, 'a');
    expect(onChange).toHaveBeenCalledWith(name, 'a');
  });

  it('renders a hidden input with its value', () => {
    const { container } = render(
      <NodeView
        node={inputNode('csrf_token', { type: 'hidden', value: 'tok' })}
        value="tok"
        onChange={() => {}}
      />,
    );
    const hidden = container.querySelector('input[type="hidden"]');
    expect(hidden).toHaveAttribute('name', 'csrf_token');
    expect(hidden).toHaveValue('tok');
  });

  it('renders a checkbox and reports its checked state', async () => {
    const onChange = vi.fn();
    render(
      <NodeView
        node={inputNode('traits.newsletter', { type: 'checkbox', label: 'Newsletter' })}
        value={false}
        onChange={onChange}
      />,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'Newsletter' });
    expect(checkbox).not.toBeChecked();
    await userEvent.click(checkbox);
    expect(onChange).toHaveBeenCalledWith('traits.newsletter', true);
  });

  it('renders a submit input as a button labelled by meta.label.text', async () => {
    const onButtonClick = vi.fn();
    const node = submitNode('password', 'Sign in');
    render(<NodeView node={node} onChange={() => {}} onButtonClick={onButtonClick} />);
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('name', 'method');
    expect(button).toHaveAttribute('value', 'password');
    await userEvent.click(button);
    expect(onButtonClick).toHaveBeenCalledWith(node);
  });

  it('shows a spinner on a busy submit button but not on a social sign-in button', () => {
    const { rerender } = render(
      <NodeView node={submitNode('password', 'Sign in')} busy pending onChange={() => {}} />,
    );
    const button = screen.getByRole('button', { name: /Sign in/ });
    expect(button).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Submitting');
    rerender(
      <NodeView
        node={submitNode('oidc', 'Sign in with GitHub', 'provider', 'github')}
        busy
        pending
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Sign in with GitHub' })).toBeDisabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("runs the script function named by a webauthn button's onclick", async () => {
    const trigger = vi.fn();
    Object.defineProperty(window, '__oryWebAuthnRegistration', {
      value: trigger,
      configurable: true,
    });
    const node = asInput(
      inputNode('webauthn_register_trigger', {
        group: 'webauthn',
        type: 'button',
        value: '',
        label: 'Add security key',
        onclick: 'window.__oryWebAuthnRegistration({"publicKey":{}})',
      }),
    );
    render(<NodeView node={node} onChange={() => {}} />);
    const button = screen.getByRole('button', { name: 'Add security key' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(trigger).toHaveBeenCalledWith({ publicKey: {} });
  });

  it('leaves an onclick that is not a plain call to the browser', () => {
    const node = asInput(
      inputNode('webauthn_login_trigger', {
        group: 'webauthn',
        type: 'button',
        label: 'Use security key',
        onclick: 'doSomething(); return false',
      }),
    );
    render(<NodeView node={node} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Use security key' })).toHaveAttribute(
      'onclick',
      'doSomething(); return false',
    );
  });

  it('shows error messages in red below the field', () => {
    render(
      <NodeView
        node={inputNode('password', {
          type: 'password',
          label: 'Password',
          messages: [errorText('Property password is missing.')],
        })}
        value=""
        onChange={() => {}}
      />,
    );
    const input = screen.getByLabelText('Password');
    const message = screen.getByText('Property password is missing.');
    expect(message).toHaveClass('text-unhealthy');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Property password is missing.');
    expect(input.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
