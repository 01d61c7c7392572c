/**
 * Table row types as stored. Booleans read back as 0/1 on SQLite and JSON columns are text on
 * both databases: records are mapped from rows in one place (src/values/record.ts).
 */
import type { Bool, Json } from '../values/record.ts';

export type { Bool, Json };

export interface OrganizationsTable {
  id: string;
  name: string;
  slug: string | null;
  type: string | null;
  idpTeamId: string | null;
  timezone: string | null;
  address: Json<Record<string, unknown>> | null;
  latitude: number | null;
  longitude: number | null;
  isActive: Bool;
  /** Organization settings as JSON text; null = every default (src/namespaces/organizations/organizations.settings.ts). */
  settings: Json<Record<string, unknown>> | null;
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

/** One read of patient data by a caller with a token (src/access/read-log.ts); append-only. */
export interface PatientDataReadsTable {
  id: string;
  at: number;
  actorIdpUserId: string;
  /** `namespace.apiName` */
  operation: string;
  organizationId: string | null;
  /** JSON text: the ids of the records answered */
  recordIds: Json<string[]>;
  /** JSON text: the ids of the patients those records are of */
  patientIds: Json<string[]>;
  requestId: string | null;
  ip: string | null;
}

/** One patient a read touched: the index from a patient to the reads of its data; append-only. */
export interface PatientDataReadPatientsTable {
  readId: string;
  patientId: string;
  organizationId: string | null;
  at: number;
}

export interface UsersTable {
  id: string;
  idpUserId: string;
  organizationId: string | null;
  organizationBranchIds: Json<string[]> | null;
  email: string;
  title: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  role: string;
  roles: Json<string[]>;
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
  navigationParams: Json<Record<string, unknown>> | null;
  channels: Json<string[]> | null;
  deliveryState: string | null;
  pushTicketIds: Json<string[]> | null;
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
  ingredients: Json<unknown> | null;
  image_url: string | null;
  imageUrl: string | null;
  nutritionPer100g: Json<Record<string, unknown>> | null;
  servings: Json<unknown> | null;
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
  address: Json<Record<string, unknown>> | null;
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

export interface LabOrdersTable {
  id: string;
  organizationId: string;
  patientId: string;
  selectedLabId: string | null;
  doctorId: string | null;
  consultationId: string | null;
  orderId: string | null;
  status: string;
  priority: string;
  notes: string | null;
  assignedTo: string | null;
  completedAt: number | null;
  completedBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** One test of a lab order; `position` is its index in the order's test list. `price` in minor units. */
export interface LabOrderTestsTable {
  id: string;
  organizationId: string;
  labOrderId: string;
  position: number;
  name: string | null;
  code: string | null;
  serviceId: string | null;
  itemType: string | null;
  price: number | null;
  quantity: number;
  reviewStatus: string | null;
  instructions: string | null;
  status: string;
  sampleCollectedAt: number | null;
  sampleCollectedBy: string | null;
  sampleType: string | null;
  processingStartedAt: number | null;
  processingStartedBy: string | null;
  completedAt: number | null;
  completedBy: string | null;
  isExternal: Bool;
  externalLabName: string | null;
  externalMarkedAt: number | null;
  externalResultUploadedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface LabResultFilesTable {
  id: string;
  organizationId: string;
  labOrderId: string;
  testName: string | null;
  fileId: string;
  fileUrl: string | null;
  fileName: string;
  fileSize: number;
  mimeType: string;
  description: string | null;
  uploadedBy: string | null;
  patientIdpUserId: string | null;
  uploadedAt: number;
  isExternalResult: Bool;
  uploadedByPatient: Bool;
  createdAt: number;
  updatedAt: number;
}

/** Platform-wide home-screen content (no organization). */
export interface HomeCollectionsTable {
  id: string;
  name: string;
  orderLevel: number;
  imageUrl: string | null;
  webImageUrl: string | null;
  subTitle: string | null;
  organizationTypeId: string;
  platformServiceCategoryIds: Json<string[]>;
  gridTitle: string | null;
  featuredTitle: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A pre-consultation form; `departmentKey` is the normalised department name (unique per appointment). */
export interface PreConsultationFormsTable {
  id: string;
  organizationId: string;
  appointmentId: string;
  idpUserId: string;
  departmentName: string;
  departmentKey: string;
  /** JSON object as text */
  answers: string;
  status: string;
  submittedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface DoctorEducationTable {
  id: string;
  organizationId: string;
  doctorId: string;
  degree: string;
  institute: string | null;
  startYear: number | null;
  endYear: number | null;
  educationStatus: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface BedsTable {
  id: string;
  organizationId: string;
  wardId: string;
  roomId: string;
  bedNumber: string;
  displayName: string;
  /** AVAILABLE, OCCUPIED, RESERVED, CLEANING, MAINTENANCE (or any other text: not assignable) */
  status: string;
  /** the admission occupying the bed (OCCUPIED) or the one it is reserved for (RESERVED) */
  currentAdmissionId: string | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

export interface AdmissionsTable {
  id: string;
  organizationId: string;
  patientId: string;
  /** users record id of a doctor of the organization */
  admittingDoctorId: string;
  appointmentId: string | null;
  consultationId: string | null;
  status: string;
  admissionReason: string;
  admissionNotes: string | null;
  requestedAt: number;
  wardId: string | null;
  roomId: string | null;
  bedId: string | null;
  admittedAt: number | null;
  confirmedByUserId: string | null;
  dischargingDoctorId: string | null;
  dischargeReason: string | null;
  dischargeSummary: string | null;
  dischargeRequestedAt: number | null;
  dischargedAt: number | null;
  billingClearedByUserId: string | null;
  billingClearedAt: number | null;
  /** integer minor units */
  advanceAmount: number | null;
  advancePaymentMethod: string | null;
  advanceTransactionId: string | null;
  advancePaidAt: number | null;
  advanceCollectedByUserId: string | null;
  firstCareStartedByNurseId: string | null;
  firstCareStartedAt: number | null;
  cancelledAt: number | null;
  cancelledByUserId: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface AdmissionLogsTable {
  id: string;
  organizationId: string;
  admissionId: string;
  patientId: string;
  event: string;
  /** users record id of the actor; null when the change came without a token (optional mode) */
  performedByUserId: string | null;
  performedByRole: string | null;
  notes: string | null;
  /** `system`: written by the admissions workflow (immutable); `manual`: through admissionLogs.create */
  source: string;
  createdAt: number;
  updatedAt: number;
}

export interface AdmissionChargesTable {
  id: string;
  organizationId: string;
  admissionId: string;
  patientId: string;
  serviceId: string;
  /** the service's name and category when the charge was applied */
  serviceName: string;
  serviceCategory: string;
  chargeType: string;
  quantity: number;
  /** money columns: integer minor units; taxPercent basis points */
  unitPrice: number;
  subtotal: number;
  taxPercent: number;
  taxAmount: number;
  amount: number;
  referenceType: string | null;
  referenceId: string | null;
  doctorId: string | null;
  notes: string | null;
  appliedByUserId: string;
  voidedAt: number | null;
  voidedByUserId: string | null;
  voidReason: string | null;
  createdAt: number;
  updatedAt: number;
}

/** An appointment; see src/db/migrations/0050_appointments.ts for startMinute / endMinute. */
export interface AppointmentsTable {
  id: string;
  organizationId: string;
  organizationBranchId: string | null;
  patientId: string;
  /** the users record id of the doctor */
  doctorId: string;
  serviceId: string | null;
  scheduledDate: string;
  scheduledTime: string;
  duration: number;
  /** local minutes since 1970-01-01 00:00 of the start and end (wall clock) */
  startMinute: number;
  endMinute: number;
  type: string | null;
  status: string;
  reason: string | null;
  notes: string | null;
  rescheduleReason: string | null;
  cancelledAt: number | null;
  cancelledReason: string | null;
  /** integer minor units */
  consultationFee: number | null;
  paymentStatus: string | null;
  /** integer minor units */
  amountPaid: number | null;
  paidAt: number | null;
  paymentMethod: string | null;
  gateway: string | null;
  gatewayOrderId: string | null;
  gatewayPaymentId: string | null;
  checkoutSessionId: string | null;
  holdExpiresAt: number | null;
  isPreConsultationCompleted: Bool | null;
  followUpDate: string | null;
  followUpStatus: string | null;
  followUpNotificationSent: Bool | null;
  callJoinNotifiedAt: number | null;
  patientJoinedAt: number | null;
  /** JSON array of the appointment's moves (previous date, time, duration, status) */
  history: Json<unknown> | null;
  createdAt: number;
  updatedAt: number;
}

/** One block of time a doctor reserved (not bookable); in the doctor's organization. */
export interface DoctorReservedSlotsTable {
  id: string;
  organizationId: string;
  doctorId: string;
  slotDate: string;
  startTime: string;
  endTime: string;
  startMinute: number;
  endMinute: number;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** suppliers of an organization (inventory). */
export interface SuppliersTable {
  id: string;
  organizationId: string;
  module: string | null;
  name: string;
  contactPerson: string | null;
  phone: string | null;
  email: string | null;
  gstNumber: string | null;
  address: string | null;
  isActive: Bool;
  createdAt: number;
  updatedAt: number;
}

/**
 * An inventory item (docs/inventory.md). Money in integer minor units, gstPercentage in basis
 * points. quantity = sum of its batches = sum of its movements. batchId / batchNumber / lotNumber /
 * expiryDate describe the batch the item shows (the next to issue). lowStockEpisode / lowStockOpen:
 * the low-stock alert state, never in the API record.
 */
export interface InventoryItemsTable {
  id: string;
  organizationId: string;
  module: string | null;
  itemName: string;
  category: string | null;
  genericName: string | null;
  brandName: string | null;
  unitOfMeasure: string | null;
  hsnCode: string | null;
  gstPercentage: number | null;
  mrp: number | null;
  onlinePrice: number | null;
  offlinePrice: number | null;
  supplierId: string | null;
  supplierName: string | null;
  quantity: number;
  unitPrice: number | null;
  minStock: number | null;
  maxStock: number | null;
  locationId: string | null;
  locationName: string | null;
  batchId: string | null;
  batchNumber: string | null;
  lotNumber: string | null;
  expiryDate: string | null;
  productId: string | null;
  variantId: string | null;
  medicineType: string | null;
  strength: string | null;
  strengthUnit: string | null;
  lowStockEpisode: number;
  lowStockOpen: Bool;
  createdAt: number;
  updatedAt: number;
}

/** Stock of one batch of an item; batchKey identifies it within the item. */
export interface InventoryBatchesTable {
  id: string;
  organizationId: string;
  inventoryItemId: string;
  batchKey: string;
  batchNumber: string | null;
  lotNumber: string | null;
  expiryDate: string | null;
  quantity: number;
  purchasePrice: number | null;
  supplierId: string | null;
  receivedAt: number | null;
  /** the expiryDate a near-expiry alert was sent for (null: none yet) */
  expiryAlertedFor: string | null;
  createdAt: number;
  updatedAt: number;
}

/** The stock ledger: append-only (database triggers). quantity is signed: + in, - out. */
export interface InventoryMovementsTable {
  id: string;
  organizationId: string;
  inventoryItemId: string;
  batchId: string;
  transactionId: string;
  type: 'OPENING' | 'RECEIPT' | 'ISSUE' | 'ADJUSTMENT';
  quantity: number;
  balanceAfter: number;
  batchNumber: string | null;
  lotNumber: string | null;
  expiryDate: string | null;
  unitPrice: number | null;
  purchasePrice: number | null;
  supplierId: string | null;
  issuedToId: string | null;
  issuedToName: string | null;
  issuedToType: string | null;
  departmentId: string | null;
  originalTransactionId: string | null;
  reason: string | null;
  notes: string | null;
  locationId: string | null;
  performedBy: string | null;
  transactionAt: number;
  createdAt: number;
}

/** A patient's prescription request (docs/marketplace.md). patientId = the person's idpUserId; organizationId = the pharmacy named (null: broadcast by distance). */
export interface PrescriptionRequestsTable {
  id: string;
  patientId: string;
  organizationId: string | null;
  organizationBranchId: string | null;
  addressId: string | null;
  uploadedFileUrl: string;
  latitude: number | null;
  longitude: number | null;
  radiusKm: number | null;
  status: string;
  acceptedQuoteId: string | null;
  acceptedAt: number | null;
  cancelledAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A medicine line of a prescription request; productIds = JSON array of catalogue item ids. */
export interface PrescriptionRequestItemsTable {
  id: string;
  prescriptionRequestId: string;
  position: number;
  medicineName: string;
  medicineType: string | null;
  strength: string | null;
  strengthUnit: string | null;
  quantity: number;
  notes: string | null;
  productIds: Json<string[]>;
  createdAt: number;
}

/** A request as one pharmacy organization received it. */
export interface PrescriptionBroadcastsTable {
  id: string;
  prescriptionRequestId: string;
  organizationId: string;
  organizationBranchId: string | null;
  distanceKm: number | null;
  status: string;
  rejectionReason: string | null;
  viewedAt: number | null;
  respondedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A pharmacy's quote for a broadcast (one per broadcast). Money in integer minor units. */
export interface PrescriptionQuotesTable {
  id: string;
  organizationId: string;
  organizationBranchId: string | null;
  prescriptionRequestId: string;
  broadcastId: string;
  status: string;
  currency: string;
  itemsTotal: number;
  discount: number;
  deliveryCharge: number;
  tax: number;
  grandTotal: number;
  remarks: string | null;
  submittedAt: number | null;
  decidedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** A line of a quote, priced from the pharmacy's catalogue. Money in integer minor units. */
export interface PrescriptionQuoteItemsTable {
  id: string;
  quoteId: string;
  organizationId: string;
  position: number;
  productId: string | null;
  requestedMedicineName: string | null;
  quantity: number;
  mrp: number | null;
  sellingPrice: number | null;
  finalPrice: number;
  available: Bool;
  substituteProductId: string | null;
  remarks: string | null;
  productName: string | null;
  substituteProductName: string | null;
  createdAt: number;
}

/** Money columns in integer minor units; commissionPercent in basis points; paymentIds JSON text. */
export interface SuperAdminPayoutsTable {
  id: string;
  organizationId: string;
  grossAmount: number;
  commissionPercent: number;
  commissionAmount: number;
  gatewayCharge: number;
  payoutCharge: number;
  netPayout: number;
  gatewayPayoutId: string | null;
  gatewayFundAccountId: string | null;
  status: string;
  paymentIds: Json<string[]> | null;
  notes: string | null;
  processedByUserId: string | null;
  processedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface SaloonMembersTable {
  id: string;
  organizationId: string;
  locationId: string;
  seatId: string | null;
  idpUserId: string;
  userId: string | null;
  role: string | null;
  status: string;
  gender: string | null;
  yoe: number | null;
  totalReviews: number | null;
  averageRatings: number | null;
  assignedAt: number;
  assignedBy: string | null;
  createdAt: number;
  updatedAt: number;
}

/** One count of a rate limit (src/rpc/rate-limits.ts): shared by every process of a deployment. */
export interface RateLimitCountersTable {
  /** `<limit name>:<what is counted>`, e.g. `auth.login:identifier:asha@example.com` */
  key: string;
  points: number;
  /** unix ms when the window ends; null: never */
  expiresAt: number | null;
}

export interface Database {
  organizations: OrganizationsTable;
  identities: IdentitiesTable;
  oneTimeCodes: OneTimeCodesTable;
  auditLog: AuditLogTable;
  patientDataReads: PatientDataReadsTable;
  patientDataReadPatients: PatientDataReadPatientsTable;
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
  beds: BedsTable;
  admissions: AdmissionsTable;
  admissionLogs: AdmissionLogsTable;
  admissionCharges: AdmissionChargesTable;
  labOrders: LabOrdersTable;
  labOrderTests: LabOrderTestsTable;
  labResultFiles: LabResultFilesTable;
  homeCollections: HomeCollectionsTable;
  doctorEducation: DoctorEducationTable;
  appointments: AppointmentsTable;
  doctorReservedSlots: DoctorReservedSlotsTable;
  suppliers: SuppliersTable;
  inventoryItems: InventoryItemsTable;
  inventoryBatches: InventoryBatchesTable;
  inventoryMovements: InventoryMovementsTable;
  prescriptionRequests: PrescriptionRequestsTable;
  prescriptionRequestItems: PrescriptionRequestItemsTable;
  prescriptionBroadcasts: PrescriptionBroadcastsTable;
  prescriptionQuotes: PrescriptionQuotesTable;
  prescriptionQuoteItems: PrescriptionQuoteItemsTable;
  superAdminPayouts: SuperAdminPayoutsTable;
  saloonMembers: SaloonMembersTable;
  preConsultationForms: PreConsultationFormsTable;
  rateLimitCounters: RateLimitCountersTable;
}
