/**
 * Table row types as stored. Booleans read back as 0/1 on SQLite and JSON columns are text on
 * both databases: records are mapped from rows in one place (src/rpc/record.ts).
 */
export type Bool = boolean | number;
export type Json = string;

export interface OrganizationsTable {
  id: string;
  name: string;
  slug: string | null;
  type: string | null;
  idpTeamId: string | null;
  timezone: string | null;
  address: Json | null;
  latitude: number | null;
  longitude: number | null;
  isActive: Bool;
  /** Organization settings as JSON text; null = every default (src/namespaces/organizations/settings.ts). */
  settings: Json | null;
  createdAt: number;
  updatedAt: number;
}

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
  createdAt: number;
  updatedAt: number;
}

export interface OneTimeCodesTable {
  id: string;
  purpose: 'otp' | 'password_reset';
  /** The mobile number (otp) or identity id (password_reset) the code was issued for. */
  target: string;
  codeHash: string;
  attempts: number;
  expiresAt: number;
  consumedAt: number | null;
  createdAt: number;
}

export interface AuditLogTable {
  id: string;
  at: number;
  actorId: string | null;
  actorAddress: string | null;
  operation: string;
  recordId: string | null;
  organizationId: string | null;
  requestId: string | null;
}

export interface UsersTable {
  id: string;
  idpUserId: string;
  organizationId: string | null;
  organizationBranchIds: Json | null;
  email: string;
  title: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  role: string;
  roles: Json;
  isActive: Bool | null;
  isBlocked: Bool | null;
  blockedAt: number | null;
  blockedBy: string | null;
  lastLoginAt: number | null;
  isVerified: Bool | null;
  verifiedAt: number | null;
  verifiedBy: string | null;
  gender: string | null;
  yoe: number | null;
  totalReviews: number | null;
  averageRatings: number | null;
  onboardingStatus: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface TokenCountersTable {
  id: string;
  organizationId: string;
  date: string;
  prefix: string;
  lastSequence: number;
  createdAt: number;
  updatedAt: number;
}

export interface HrmAttendanceTable {
  id: string;
  organizationId: string;
  employeeId: string;
  attendanceDate: string;
  firstCheckIn: string | null;
  lastCheckOut: string | null;
  workedMinutes: number | null;
  lateMinutes: number | null;
  shiftId: string | null;
  status: string;
  source: string | null;
  remarks: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A person's app install that can receive pushes; in an organization when its owner has a user record there. */
export interface PushDevicesTable {
  id: string;
  idpUserId: string;
  platform: string;
  providerPushToken: string;
  deviceId: string | null;
  appVersion: string | null;
  locale: string | null;
  timezone: string | null;
  isActive: Bool;
  invalidReason: string | null;
  lastSeenAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface NotificationsTable {
  id: string;
  organizationId: string;
  recipientIdpUserId: string;
  recipientRole: string;
  type: string;
  title: string;
  message: string;
  priority: string | null;
  relatedEntityType: string | null;
  relatedEntityId: string | null;
  actionUrl: string | null;
  navigationTarget: string | null;
  navigationParams: Json | null;
  channels: Json | null;
  deliveryState: string | null;
  pushTicketIds: Json | null;
  deliveryError: string | null;
  dedupeKey: string | null;
  expiresAt: number | null;
  isRead: Bool;
  readAt: number | null;
  openedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** The push outbox: one job per notification to deliver, claimed by the delivery worker with a lease. */
export interface NotificationDeliveriesTable {
  id: string;
  notificationId: string;
  organizationId: string;
  state: 'pending' | 'done' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  lockedUntil: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

/** calorieLogs: a person's daily calorie goal, kept for the following days. */
export interface CalorieGoalsTable {
  idpUserId: string;
  dailyGoal: number;
  createdAt: number;
  updatedAt: number;
}

/** calorieLogs: one log per person per day; totals in integer thousandths of the unit (kcal, g). */
export interface CalorieLogsTable {
  id: string;
  idpUserId: string;
  date: string;
  dailyGoal: number;
  entryCount: number;
  nextSeq: number;
  caloriesMilli: number;
  proteinMilli: number;
  carbsMilli: number;
  fatMilli: number;
  fiberMilli: number;
  createdAt: number;
  updatedAt: number;
}

export interface CalorieLogEntriesTable {
  id: string;
  logId: string;
  seq: number;
  name: string;
  calories: number;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
  fiber: number | null;
  quantity: string | null;
  createdAt: number;
}

export interface SleepPreferencesTable {
  id: string;
  idpUserId: string;
  sleepTime: string;
  wakeTime: string;
  sleepGoalMinutes: number;
  sleepReminderEnabled: Bool;
  wakeReminderEnabled: Bool;
  createdAt: number;
  updatedAt: number;
}

/** One sleep log per person per date, with the goal in force when it was logged. */
export interface SleepLogsTable {
  id: string;
  idpUserId: string;
  date: string;
  hoursSlept: number;
  sleptMinutes: number;
  bedTime: string | null;
  wakeTime: string | null;
  notes: string | null;
  quality: string;
  goalMinutes: number;
  createdAt: number;
  updatedAt: number;
}

/** The platform food catalogue (no organization); see src/db/migrations/0035_foods.ts for the derived columns. */
export interface FoodsTable {
  id: string;
  name: string;
  foodCode: string | null;
  categoryId: string | null;
  category: string | null;
  description: string | null;
  calories: number | null;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
  fiber: number | null;
  sugar: number | null;
  sodium: number | null;
  cholesterol: number | null;
  serving_size: string | null;
  ingredients: Json | null;
  image_url: string | null;
  imageUrl: string | null;
  nutritionPer100g: Json | null;
  servings: Json | null;
  isActive: Bool;
  nameKey: string;
  categoryKey: string;
  foodCodeKey: string | null;
  searchText: string;
  createdAt: number;
  updatedAt: number;
}

export interface PatientsTable {
  id: string;
  organizationId: string;
  name: string;
  dob: string | null;
  gender: string | null;
  /** normalised: separators removed, `+` and 7 to 15 digits */
  mobileNumber: string | null;
  /** lower case */
  email: string | null;
  address: Json | null;
  idpUserId: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface WardsTable {
  id: string;
  organizationId: string;
  name: string;
  code: string | null;
  floor: string | null;
  description: string | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

export interface RoomsTable {
  id: string;
  organizationId: string;
  wardId: string;
  roomNumber: string;
  name: string | null;
  /** a services record of category `bed` in the same organization */
  bedTypeServiceId: string | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

export interface ServicesTable {
  id: string;
  organizationId: string;
  name: string;
  category: string;
  code: string | null;
  /** integer minor units (paise / cents); the API shows it as a number with two decimals */
  price: number;
  /** integer basis points (1800 = 18 %); the API shows it as a percentage */
  taxPercent: number;
  /** the users record id of the doctor whose consultation this is */
  doctorId: string | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

export interface Database {
  organizations: OrganizationsTable;
  identities: IdentitiesTable;
  oneTimeCodes: OneTimeCodesTable;
  auditLog: AuditLogTable;
  users: UsersTable;
  tokenCounters: TokenCountersTable;
  hrmAttendance: HrmAttendanceTable;
  pushDevices: PushDevicesTable;
  notifications: NotificationsTable;
  notificationDeliveries: NotificationDeliveriesTable;
  calorieGoals: CalorieGoalsTable;
  calorieLogs: CalorieLogsTable;
  calorieLogEntries: CalorieLogEntriesTable;
  sleepPreferences: SleepPreferencesTable;
  sleepLogs: SleepLogsTable;
  foods: FoodsTable;
  patients: PatientsTable;
  wards: WardsTable;
  rooms: RoomsTable;
  services: ServicesTable;
}
