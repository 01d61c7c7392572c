import { existsSync } from 'node:fs';
import { z } from 'zod';
import { isTimeZone } from './time/zone.ts';
import { toMinor } from './values/money.ts';

/** log2 of scrypt's N for new password hashes unless PASSWORD_SCRYPT_LOG2N says otherwise (src/caller/passwords.ts). */
export const DEFAULT_SCRYPT_LOG2N = 15;

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const url = z.url();
/** A number with at most two decimals (an amount or a percentage), parsed to integer hundredths. */
const hundredths = (max: number) =>
  z.coerce
    .number()
    .min(0)
    .max(max)
    .refine((v) => toMinor(v) !== undefined, 'must have at most two decimals')
    .transform((v) => toMinor(v)!);

/** A rate limit's window: `<points>/<seconds>`, e.g. `10/900` = 10 calls per 15 minutes. */
const rateWindow = z
  .string()
  .regex(/^[1-9]\d*\/[1-9]\d*$/, 'must be <points>/<seconds>, both at least 1, e.g. 10/900')
  .transform((v) => {
    const [points, seconds] = v.split('/').map(Number);
    return { points: points!, seconds: seconds! };
  });
const RATE_LIMIT_PREFIX = 'RATE_LIMIT_';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
    .default('sqlite:./data/healthops.db'),
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
  SQLITE_CACHE_MIB: z.coerce.number().int().min(1).max(65536).default(16),
  SQLITE_CHECKPOINT_PAGES: z.coerce.number().int().min(100).max(1_000_000).default(1000),
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  MIGRATE_ON_START: bool.default(true),
  CORS_ORIGINS: z
    .string()
    .refine((v) => v.split(',').every((o) => /^https?:\/\/[^/\s,]+$/.test(o.trim())), 'must be origins like https://app.example.com, separated by commas')
    .optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(5 * 1024 * 1024),
  PAGE_BUDGET_BYTES: z.coerce.number().int().min(64 * 1024).default(8 * 1024 * 1024),
  TRUST_PROXY: bool.default(false),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as UTC or Asia/Kolkata').default('UTC'),

  AUTH_MODE: z.enum(['optional', 'required']).optional(),
  AUTH_JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_JWT_ISSUER: z.string().min(1).default('healthops'),
  AUTH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  AUTH_DEV_OTP: bool.optional(),
  AUTH_DEV_OTP_CODE: z.string().regex(/^\d{6}$/, 'must be six digits').default('123456'),
  OTP_TTL_SECONDS: z.coerce.number().int().min(30).default(300),
  OTP_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  PASSWORD_SCRYPT_LOG2N: z.coerce.number().int().min(10).max(20).optional(),
  PASSWORD_RESET_TTL_SECONDS: z.coerce.number().int().min(60).default(1800),
  RATE_LIMIT_STORE: z.enum(['database', 'memory']).default('database'),
  OIDC_JWKS_URL: url.optional(),
  OIDC_ISSUER: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),

  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('healthops <no-reply@localhost>'),
  SMS_URL: url.optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  FOOD_ANALYSIS_URL: url.optional(),
  FOOD_ANALYSIS_API_KEY: z.string().min(1).optional(),
  PUSH_URL: url.optional(),
  PUSH_ACCESS_KEY: z.string().min(1).optional(),
  PUSH_POLL_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  PUSH_RETRY_BASE_MS: z.coerce.number().int().min(1).default(2000),
  PUSH_RETRY_MAX_MS: z.coerce.number().int().min(1).default(300_000),
  OUTBOUND_ALLOW_PRIVATE_HOSTS: z.string().regex(/^[\w.,\s-]*$/, 'must be host names separated by commas').default(''),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool.default(false),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  WEBHOOK_RETRY_MAX_MS: z.coerce.number().int().min(1).default(6 * 60 * 60_000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  INVENTORY_EXPIRY_WARNING_DAYS: z.coerce.number().int().min(0).max(3650).default(90),

  APPOINTMENT_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  JOBS_ENABLED: z.enum(['true', 'false']).default('true'),
  APPOINTMENT_REMINDER_OFFSETS: z
    .string()
    .regex(/^(\s*\d{1,4}[mh]\s*)(,\s*\d{1,4}[mh]\s*)*$|^\s*$/, 'must be offsets like 24h,1h or 30m (empty: no reminders)')
    .default('24h,1h'),
  NO_SHOW_GRACE_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  PAYMENT_GATEWAY_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  MARKETPLACE_DEFAULT_RADIUS_KM: z.coerce.number().positive().max(500).default(10),
  MARKETPLACE_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as INR').default('INR'),
  PAYOUT_COMMISSION_PERCENT: hundredths(100).prefault(10),
  PAYOUT_GATEWAY_CHARGE_PERCENT: hundredths(100).prefault(2),
  PAYOUT_FIXED_CHARGE: hundredths(1_000_000_000).prefault(0),
  ORGANIZATION_CREATION: z.enum(['anyone', 'platform']).default('anyone'),

  SOCIAL_AUTHORIZATION_URL: url.optional(),
  SOCIAL_TOKEN_URL: url.optional(),
  SOCIAL_USERINFO_URL: url.optional(),
  SOCIAL_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_CLIENT_SECRET: z.string().min(1).optional(),
  SOCIAL_SCOPE: z.string().min(1).default('openid email profile'),

  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').max(512).regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(200).default('healthops'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  logLevel: string;
  databaseUrl: string;
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** SQLite's page cache of the service's connection (MiB). */
  sqliteCacheMiB: number;
  /** WAL pages after which a commit checkpoints the WAL into the database file (SQLite's wal_autocheckpoint). */
  sqliteCheckpointPages: number;
  /**
   * Start-up: how long to wait for a database that is not reachable yet (ms); whether to apply
   * pending migrations (false: refuse to start while any is pending; `npm run migrate` applies them).
   * PostgreSQL: connections per process, and how long a request waits for one.
   */
  database: { waitMs: number; migrateOnStart: boolean; poolSize: number; connectTimeoutMs: number };
  /** Browser origins allowed to call the API (CORS); empty: none. */
  corsOrigins: string[];
  bodyLimitBytes: number;
  /** Bytes of text and JSON columns one page of a list may read; a larger page answers 413 (docs/api.md "Bounds"). */
  pageBudgetBytes: number;
  shutdownTimeoutMs: number;
  /** Take the caller's address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  timeZone: string;
  auth: {
    mode: 'optional' | 'required';
    jwtSecret: string;
    issuer: string;
    tokenTtlSeconds: number;
    devOtp: boolean;
    devOtpCode: string;
    otpTtlSeconds: number;
    otpMaxAttempts: number;
    passwordResetTtlSeconds: number;
    /** log2 of scrypt's N for new password hashes (docs/identity.md): 15, or 10 in tests (each hash keeps its own) */
    passwordScryptLog2n: number;
    oidc: { jwksUrl: string; issuer: string | undefined; audience: string | undefined } | undefined;
  };
  /**
   * Where rate limits count (`database`: one count for all processes; `memory`: each process its
   * own) and the windows configured in place of the declared ones, by variable name
   * (`RATE_LIMIT_AUTH_LOGIN_IDENTIFIER`, see src/rpc/rate-limits.ts).
   */
  rateLimits: { store: 'database' | 'memory'; windows: Record<string, RateWindow> };
  mail: { smtpUrl: string | undefined; from: string };
  sms: { url: string; apiKey: string | undefined } | undefined;
  /** Image analysis for foods.analyze (FOOD_ANALYSIS_URL); undefined: analyze answers NOT_CONFIGURED. */
  foodAnalysis: { url: string; apiKey: string | undefined } | undefined;
  /** Push delivery: the provider (url undefined = none) and the outbox worker's timing. */
  push: {
    url: string | undefined;
    accessKey: string | undefined;
    pollIntervalMs: number;
    maxAttempts: number;
    retryBaseMs: number;
    retryMaxMs: number;
  };
  /** appointments: how long a pending hold keeps its slot; the payment gateway's signing secret (unset: no signature check). */
  appointments: { holdMinutes: number; paymentGatewaySecret: string | undefined };
  /**
   * The job runner (src/background/): whether this process runs jobs; when before an appointment its
   * reminders go (minutes, largest first; none: no reminders); how long after its end a visit nobody
   * checked in becomes a no-show (0: never automatically).
   */
  jobs: { enabled: boolean; reminderOffsetsMinutes: number[]; noShowGraceMinutes: number };
  /**
   * Outbound webhooks: whether targets on private, loopback or link-local addresses are allowed
   * (never in a normal deployment: a subscriber could reach the service's own network); attempts
   * before a delivery fails; retry backoff; how long a receiver may take to answer.
   */
  webhooks: { allowPrivateTargets: boolean; maxAttempts: number; retryBaseMs: number; retryMaxMs: number; timeoutMs: number };
  /** Provider URLs (push, SMS, mail, image analysis): host names whose private addresses may be connected to (docs/deployment.md). */
  outbound: { allowPrivateHosts: string[] };
  /** inventory: batches expiring within this many days (from today in the service zone) are "expiring soon". */
  inventory: { expiryWarningDays: number };
  /** prescriptionMarketplace: the broadcast radius when uploadPrescription gives none; the currency of prices and quotes. */
  marketplace: { defaultRadiusKm: number; currency: string };
  /**
   * superAdminPayouts.requestByOrganization: the platform's commission and the gateway's charge
   * (basis points of the gross amount) and the fixed payout charge (minor units) of each payout.
   */
  payouts: { commissionBasisPoints: number; gatewayChargeBasisPoints: number; fixedChargeMinor: number };
  /** Who may create an organization: any signed-in account (which becomes its first admin), or platform admins only. */
  access: { organizationCreation: 'anyone' | 'platform' };
  /**
   * GET /metrics (Prometheus): on its own server at `port` (bound to `host`) when a port is set,
   * else on the service's port; behind `Authorization: Bearer <token>` when a token is set. Neither
   * set: no /metrics anywhere.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** OpenTelemetry traces sent (OTLP over HTTP) to this endpoint; undefined: no tracing, nothing of OpenTelemetry loaded. */
  tracing: { endpoint: string; serviceName: string } | undefined;
  social:
    | { authorizationUrl: string; tokenUrl: string; userinfoUrl: string; clientId: string; clientSecret: string; scope: string }
    | undefined;
}

export interface RateWindow {
  points: number;
  seconds: number;
}

const DEV_JWT_SECRET = 'healthops-development-secret-do-not-use-in-production';

export class ConfigError extends Error {}

/** An IANA time zone name this runtime knows (e.g. UTC, Asia/Kolkata). */

/** Reads the environment (after an optional .env file) and fails naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = readEnvironment()): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const windows = z.record(z.string(), rateWindow).safeParse(rateLimitWindowVariables(cleaned));
  if (!parsed.success || !windows.success) {
    const issues = [...(parsed.error?.issues ?? []), ...(windows.error?.issues ?? [])];
    const lines = issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.AUTH_JWT_SECRET) throw new ConfigError('invalid configuration:\n  AUTH_JWT_SECRET: required in production');
  if (isProduction && e.PASSWORD_SCRYPT_LOG2N !== undefined && e.PASSWORD_SCRYPT_LOG2N < DEFAULT_SCRYPT_LOG2N) {
    throw new ConfigError(`invalid configuration:\n  PASSWORD_SCRYPT_LOG2N: at least ${DEFAULT_SCRYPT_LOG2N} in production`);
  }
  if (isProduction && e.AUTH_DEV_OTP) throw new ConfigError('invalid configuration:\n  AUTH_DEV_OTP: cannot be on in production');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('invalid configuration:\n  METRICS_PORT: must differ from PORT (unset it to serve /metrics on PORT behind METRICS_TOKEN)');
  }
  const socialKeys = ['SOCIAL_AUTHORIZATION_URL', 'SOCIAL_TOKEN_URL', 'SOCIAL_USERINFO_URL', 'SOCIAL_CLIENT_ID', 'SOCIAL_CLIENT_SECRET'] as const;
  const socialSet = socialKeys.filter((k) => e[k] !== undefined);
  if (socialSet.length > 0 && socialSet.length < socialKeys.length) {
    const missing = socialKeys.filter((k) => e[k] === undefined);
    throw new ConfigError(`invalid configuration:\n  ${missing.join(', ')}: required when social sign-in is configured`);
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    sqliteCacheMiB: e.SQLITE_CACHE_MIB,
    sqliteCheckpointPages: e.SQLITE_CHECKPOINT_PAGES,
    database: { waitMs: e.DATABASE_WAIT_SECONDS * 1000, migrateOnStart: e.MIGRATE_ON_START, poolSize: e.DATABASE_POOL_SIZE, connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS },
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((o) => o.trim()) : [],
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    pageBudgetBytes: e.PAGE_BUDGET_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    timeZone: e.TIME_ZONE,
    auth: {
      // The interface's optional mode is for development; production holds every caller to its audience.
      mode: e.AUTH_MODE ?? (isProduction ? 'required' : 'optional'),
      jwtSecret: e.AUTH_JWT_SECRET ?? DEV_JWT_SECRET,
      issuer: e.AUTH_JWT_ISSUER,
      tokenTtlSeconds: e.AUTH_TOKEN_TTL_SECONDS,
      devOtp: !isProduction && (e.AUTH_DEV_OTP ?? true),
      devOtpCode: e.AUTH_DEV_OTP_CODE,
      otpTtlSeconds: e.OTP_TTL_SECONDS,
      otpMaxAttempts: e.OTP_MAX_ATTEMPTS,
      passwordResetTtlSeconds: e.PASSWORD_RESET_TTL_SECONDS,
      // Tests hash thousands of passwords: a cheaper scrypt there, the same algorithm and check.
      passwordScryptLog2n: e.PASSWORD_SCRYPT_LOG2N ?? (e.NODE_ENV === 'test' ? 10 : DEFAULT_SCRYPT_LOG2N),
      oidc: e.OIDC_JWKS_URL ? { jwksUrl: e.OIDC_JWKS_URL, issuer: e.OIDC_ISSUER, audience: e.OIDC_AUDIENCE } : undefined,
    },
    rateLimits: { store: e.RATE_LIMIT_STORE, windows: windows.data },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms: e.SMS_URL ? { url: e.SMS_URL, apiKey: e.SMS_API_KEY } : undefined,
    foodAnalysis: e.FOOD_ANALYSIS_URL ? { url: e.FOOD_ANALYSIS_URL, apiKey: e.FOOD_ANALYSIS_API_KEY } : undefined,
    push: {
      url: e.PUSH_URL,
      accessKey: e.PUSH_ACCESS_KEY,
      pollIntervalMs: e.PUSH_POLL_INTERVAL_MS,
      maxAttempts: e.PUSH_MAX_ATTEMPTS,
      retryBaseMs: e.PUSH_RETRY_BASE_MS,
      retryMaxMs: e.PUSH_RETRY_MAX_MS,
    },
    appointments: { holdMinutes: e.APPOINTMENT_HOLD_MINUTES, paymentGatewaySecret: e.PAYMENT_GATEWAY_SECRET },
    jobs: { enabled: e.JOBS_ENABLED === 'true', reminderOffsetsMinutes: offsetsOf(e.APPOINTMENT_REMINDER_OFFSETS), noShowGraceMinutes: e.NO_SHOW_GRACE_MINUTES },
    webhooks: {
      allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: e.WEBHOOK_RETRY_MAX_MS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    outbound: { allowPrivateHosts: e.OUTBOUND_ALLOW_PRIVATE_HOSTS.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean) },
    inventory: { expiryWarningDays: e.INVENTORY_EXPIRY_WARNING_DAYS },
    marketplace: { defaultRadiusKm: e.MARKETPLACE_DEFAULT_RADIUS_KM, currency: e.MARKETPLACE_CURRENCY },
    payouts: {
      commissionBasisPoints: e.PAYOUT_COMMISSION_PERCENT,
      gatewayChargeBasisPoints: e.PAYOUT_GATEWAY_CHARGE_PERCENT,
      fixedChargeMinor: e.PAYOUT_FIXED_CHARGE,
    },
    access: { organizationCreation: e.ORGANIZATION_CREATION },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME } : undefined,
    social:
      socialSet.length === socialKeys.length
        ? {
            authorizationUrl: e.SOCIAL_AUTHORIZATION_URL!,
            tokenUrl: e.SOCIAL_TOKEN_URL!,
            userinfoUrl: e.SOCIAL_USERINFO_URL!,
            clientId: e.SOCIAL_CLIENT_ID!,
            clientSecret: e.SOCIAL_CLIENT_SECRET!,
            scope: e.SOCIAL_SCOPE,
          }
        : undefined,
  };
}

/** The `RATE_LIMIT_<LIMIT>` variables; which limits exist is known only to the operations (checked at start). */
function rateLimitWindowVariables(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith(RATE_LIMIT_PREFIX) && name !== 'RATE_LIMIT_STORE'));
}

function readEnvironment(): Record<string, string | undefined> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return process.env;
}

/** What start-up says of the auth mode: always which one runs, and a warning for optional under production. */
export function authModeNotices(config: Config): { level: 'info' | 'warn'; message: string }[] {
  const notices: { level: 'info' | 'warn'; message: string }[] = [{ level: 'info', message: `auth mode: ${config.auth.mode}` }];
  if (config.isProduction && config.auth.mode === 'optional') {
    notices.push({
      level: 'warn',
      message: 'AUTH_MODE=optional under NODE_ENV=production: requests without a token reach every operation the interface leaves open; set AUTH_MODE=required',
    });
  }
  return notices;
}

/** The switches that only make sense in development, as they are on in this configuration. */
export function developmentSwitches(config: Config): string[] {
  const on: string[] = [];
  if (config.auth.devOtp) on.push(`AUTH_DEV_OTP (every OTP is ${config.auth.devOtpCode})`);
  if (config.auth.jwtSecret === DEV_JWT_SECRET) on.push('AUTH_JWT_SECRET unset (the development signing secret)');
  if (config.auth.mode === 'optional') on.push('AUTH_MODE=optional (requests without a token reach what the interface leaves open)');
  if (config.rateLimits.store === 'memory') on.push('RATE_LIMIT_STORE=memory (each process counts alone)');
  return on;
}

/** `24h,1h,30m` as minutes, largest first, without repeats. */
function offsetsOf(text: string): number[] {
  const minutes = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => Number(part.slice(0, -1)) * (part.endsWith('h') ? 60 : 1))
    .filter((m) => m > 0);
  return [...new Set(minutes)].sort((a, b) => b - a);
}
