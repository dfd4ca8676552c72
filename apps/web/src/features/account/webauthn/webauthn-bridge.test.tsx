import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FlowBody } from '../api/flow-body.ts';
import { FlowForm } from '../flows/flow-form.tsx';
import { csrfNode, inputNode, parsedFlow } from '../test-fixtures.ts';
import { installWebAuthnBridge, webauthnResultEvent } from './webauthn-bridge.ts';

describe('the WebAuthn bridge', () => {
  it('puts the functions the trigger buttons call on window', () => {
    installWebAuthnBridge();
    expect(typeof Reflect.get(window, '__vigilWebAuthnRegister')).toBe('function');
    expect(typeof Reflect.get(window, '__vigilWebAuthnLogin')).toBe('function');
  });

  it('submits the form that holds the field, with method webauthn', async () => {
    const onSubmit = vi.fn(async (_body: FlowBody) => {});
    render(
      <FlowForm
        flow={parsedFlow('settings', {
          nodes: [
            csrfNode(),
            inputNode('webauthn_register', { type: 'hidden', group: 'webauthn', value: '' }),
          ],
        })}
        onSubmit={onSubmit}
      />,
    );
    act(() => {
      document.dispatchEvent(
        new CustomEvent(webauthnResultEvent, { detail: { name: 'webauthn_login', value: '{}' } }),
      );
    });
    expect(onSubmit).not.toHaveBeenCalled();
    act(() => {
      document.dispatchEvent(
        new CustomEvent(webauthnResultEvent, {
          detail: { name: 'webauthn_register', value: '{"id":"key"}' },
        }),
      );
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      csrf_token: 'csrf-123',
      webauthn_register: '{"id":"key"}',
      method: 'webauthn',
    });
  });
});
