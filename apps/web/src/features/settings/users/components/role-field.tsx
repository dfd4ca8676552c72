import { roles } from '@vigil/domain';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { controlProps, FormField } from '@/ui/form-field.tsx';

export const roleRequired = { required: 'Please select any role' };

export interface RoleFieldProps {
  id: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}

export function RoleField({ id, error, registration }: RoleFieldProps) {
  return (
    <FormField label="Role" htmlFor={id} error={error?.message}>
      <select {...controlProps(id, error !== undefined)} {...registration}>
        <option value="">Select a role</option>
        {roles.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
    </FormField>
  );
}
