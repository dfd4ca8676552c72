import type { ReactNode } from 'react';
import { cx, focusRing } from './class-names.ts';

/** A control whose value was refused (aria-invalid) takes the error colour, as its message does. */
const controlClassName = cx(
  'w-full rounded-md border border-border bg-surface px-3 text-sm text-fg read-only:bg-surface-muted disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-unhealthy',
  focusRing,
);
export const inputClassName = cx(controlClassName, 'h-9');
export const textareaClassName = cx(controlClassName, 'min-h-16 py-2');

/** Id of a field's error text, for aria-describedby on the control. */
export function errorIdFor(controlId: string): string {
  return `${controlId}-error`;
}

export interface FormFieldProps {
  label: string;
  htmlFor: string;
  error?: string;
  children: ReactNode;
}

export function FormField({ label, htmlFor, error, children }: FormFieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {error !== undefined && (
        <p id={errorIdFor(htmlFor)} role="alert" className="text-xs text-unhealthy">
          {error}
        </p>
      )}
    </div>
  );
}

/** The id, style and error wiring of an input or select inside a FormField. */
export function controlProps(id: string, hasError: boolean) {
  return {
    id,
    className: inputClassName,
    'aria-invalid': hasError,
    'aria-describedby': hasError ? errorIdFor(id) : undefined,
  };
}
