import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField, controlProps } from './form-field.tsx';

function Field({ error }: { error?: string }) {
  return (
    <FormField label="Repeat interval" htmlFor="repeat" error={error}>
      <input {...controlProps('repeat', error !== undefined)} />
    </FormField>
  );
}

describe('FormField', () => {
  it('marks a refused control: invalid, described by its message, in the error colour', () => {
    render(<Field error="This field must look like 30m, 4h or 1d" />);
    const input = screen.getByLabelText('Repeat interval');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This field must look like 30m, 4h or 1d');
    expect(screen.getByRole('alert')).toHaveClass('text-unhealthy');
    // The border follows aria-invalid, so every control built with controlProps shows it.
    expect(input.className).toContain('aria-[invalid=true]:border-unhealthy');
  });

  it('leaves a valid control plain and undescribed', () => {
    render(<Field />);
    const input = screen.getByLabelText('Repeat interval');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
