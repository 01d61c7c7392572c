/** The organization a call concerns, and whether the input named it or it was found from a record. */
export interface Concerned {
  organizationId: string;
  named: boolean;
}

/** What an operation's `organizationOf` may answer: an organization found from a record, or a Concerned. */
export type OrganizationAnswer = string | Concerned | null | undefined;

/** An organization the input names outright (a refusal is FORBIDDEN). */
export const named = (organizationId: string): Concerned => ({ organizationId, named: true });

/** An organization found from a record the input names (a refusal is NOT_FOUND). */
export const foundFrom = (organizationId: string): Concerned => ({ organizationId, named: false });
