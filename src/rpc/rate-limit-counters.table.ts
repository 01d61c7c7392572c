/** One count of a rate limit (src/rpc/rate-limits.ts): shared by every process of a deployment. */
export interface RateLimitCountersTable {
  /** `<limit name>:<what is counted>`, e.g. `auth.login:identifier:asha@example.com` */
  key: string;
  points: number;
  /** unix ms when the window ends; null: never */
  expiresAt: number | null;
}

declare module '../db/schema.ts' {
  interface Database {
    rateLimitCounters: RateLimitCountersTable;
  }
}
