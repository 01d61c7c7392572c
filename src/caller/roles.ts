import { z } from 'zod';

/** The known role set. users.updateRoles (and every role field) accepts only these. */
export const ROLES = [
  'platform_admin',
  'admin',
  'doctor',
  'nurse',
  'receptionist',
  'hr',
  'pharmacist',
  'lab_technician',
  'accountant',
  'staff',
  'stylist',
  'patient',
] as const;

export type Role = (typeof ROLES)[number];

export const role = () => z.enum(ROLES, { error: `must be one of: ${ROLES.join(', ')}` });
