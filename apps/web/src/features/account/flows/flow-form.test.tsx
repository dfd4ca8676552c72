import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FlowBody } from '../api/flow-body.ts';
import {
  errorText,
  inputNode,
  parsedFlow,
  passwordLoginNodes,
  submitNode,
  uiText,
} from '../test-fixtures.ts';
import { FlowForm } from './flow-form.tsx';

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('FlowForm', () => {
  it('posts the name/value map with csrf_token and the clicked method', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_body: FlowBody) => {});
    render(
      <FlowForm flow={parsedFlow('login', { nodes: passwordLoginNodes() })} onSubmit={onSubmit} />,
    );
    await user.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSubmit).toHaveBeenCalledWith({
      csrf_token: 'csrf-123',
      identifier: 'ada@example.com',
      password: 'secret',
      method: 'password',
    });
  });

  it('shows a spinner on the clicked button and ignores a second submit while pending', async () => {
    const user = userEvent.setup();
    const request = deferred();
    const onSubmit = vi.fn(() => request.promise);
    render(
      <FlowForm flow={parsedFlow('login', { nodes: passwordLoginNodes() })} onSubmit={onSubmit} />,
    );
    const button = screen.getByRole('button', { name: 'Sign in' });
    await user.click(button);
    expect(within(button).getByRole('status')).toHaveTextContent('Submitting');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    request.resolve();
    await vi.waitFor(() => expect(button).toBeEnabled());
    expect(within(button).queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders ui.messages at the top and node errors under their field', () => {
    const nodes = passwordLoginNodes().map((node) =>
      node.type === 'input' && node.attributes.name === 'password'
        ? { ...node, messages: [errorText('Property password is missing.')] }
        : node,
    );
    const messages = [uiText(4000006, 'The provided credentials are invalid.', 'error')];
    render(<FlowForm flow={parsedFlow('login', { nodes, messages })} onSubmit={async () => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The provided credentials are invalid.');
    expect(screen.getByText('Property password is missing.')).toHaveClass('text-unhealthy');
  });

  it('renders only the given groups plus the csrf token, and posts a button with its group', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_body: FlowBody) => {});
    const nodes = [
      ...passwordLoginNodes(),
      inputNode('totp_code', { group: 'totp', label: 'Verify code' }),
      submitNode('totp', 'Unlink TOTP Authenticator App', 'totp_unlink', true),
    ];
    const { container } = render(
      <FlowForm flow={parsedFlow('settings', { nodes })} groups={['totp']} onSubmit={onSubmit} />,
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(container.querySelector('input[name="csrf_token"]')).toHaveValue('csrf-123');
    await user.click(screen.getByRole('button', { name: 'Unlink TOTP Authenticator App' }));
    expect(onSubmit).toHaveBeenCalledWith({
      csrf_token: 'csrf-123',
      totp_code: '',
      totp_unlink: true,
      method: 'totp',
    });
  });

  it('submits with the first submit button when Enter is pressed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_body: FlowBody) => {});
    render(
      <FlowForm flow={parsedFlow('login', { nodes: passwordLoginNodes() })} onSubmit={onSubmit} />,
    );
    await user.type(screen.getByLabelText('Password'), 'pw{Enter}');
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'password', password: 'pw' }),
    );
  });
});
