import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SecretSourceInput } from './secret-source-input.tsx';

function Harness({ initial, multiline = false }: { initial: string; multiline?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SecretSourceInput
        label="Password"
        value={value}
        error={undefined}
        concealed
        multiline={multiline}
        onChange={setValue}
      />
      <output aria-label="stored">{value}</output>
    </>
  );
}

describe('SecretSourceInput', () => {
  it('reads a reference back and clears the value when the source changes', async () => {
    render(<Harness initial="secret://db/password" />);
    expect(screen.getByRole('radio', { name: 'Secret' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Password Secret name')).toHaveValue('db');
    expect(screen.getByLabelText('Password Secret key')).toHaveValue('password');
    await userEvent.click(screen.getByRole('radio', { name: 'ConfigMap' }));
    expect(screen.getByLabelText('stored')).toHaveTextContent(/^$/);
    await userEvent.type(screen.getByLabelText('Password ConfigMap name'), 'settings');
    await userEvent.type(screen.getByLabelText('Password ConfigMap key'), 'pw');
    expect(screen.getByLabelText('stored')).toHaveTextContent('configmap://settings/pw');
    await userEvent.click(screen.getByRole('radio', { name: 'Static' }));
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveValue('');
  });

  it('keeps line breaks of a static certificate', async () => {
    render(<Harness initial="" multiline />);
    await userEvent.type(screen.getByLabelText('Password'), 'line one{enter}line two');
    expect(screen.getByLabelText('stored').textContent).toBe('line one\nline two');
  });
});
