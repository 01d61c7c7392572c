import type { Bool } from '../../values/record.ts';

/** A person who can sign in: the service's own identity provider. `id` is the token's `sub` and every user record's idpUserId. */
export interface IdentitiesTable {
  id: string;
  email: string | null;
  phone: string | null;
  name: string | null;
  passwordHash: string | null;
  socialSubject: string | null;
  isVerified: Bool;
  lastLoginAt: number | null;
  /** access tokens issued at an earlier version are refused (a new password ends older sessions) */
  tokenVersion: number;
  createdAt: number;
  updatedAt: number;
}

export interface OneTimeCodesTable {
  id: string;
  purpose: 'otp' | 'password_reset' | 'patient_link';
  /**
   * The mobile number (otp), identity id (password_reset), or organization, identity and mobile
   * number (patient_link) the code was issued for.
   */
  target: string;
  codeHash: string;
  attempts: number;
  expiresAt: number;
  consumedAt: number | null;
  createdAt: number;
}

declare module '../../db/schema.ts' {
  interface Database {
    identities: IdentitiesTable;
    oneTimeCodes: OneTimeCodesTable;
  }
}
