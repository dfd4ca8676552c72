import { roles } from '@vigil/domain';

export function RoleOptions() {
  return (
    <>
      <option value="">Select a role</option>
      {roles.map((role) => (
        <option key={role} value={role}>
          {role}
        </option>
      ))}
    </>
  );
}
