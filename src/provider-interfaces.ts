/** Outside providers: one small interface each. A missing one means the operation answers NOT_CONFIGURED. */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** files sent with the message (a bill's PDF) */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** One push message as the provider takes it: `to` is the device's providerPushToken. */
export interface PushMessage {
  to: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

/** The provider's answer for one message, in the order of the messages sent. */
export type PushTicket =
  | { status: 'ok'; id: string }
  | { status: 'error'; message: string; details?: { error?: string } | undefined };

export interface PushProvider {
  /** Sends a batch (at most 100 messages); throws when the request as a whole failed. */
  send(messages: PushMessage[]): Promise<PushTicket[]>;
}

/** An image for foods.analyze: a URL the provider fetches, or the image itself in base64. */
export type FoodImage = { imageUrl: string } | { imageBase64: string };

/** One food the provider recognised in an image, with its estimate for the portion shown. */
export interface RecognisedFood {
  name: string;
  confidence: number | null;
  calories: number;
  protein: number | null;
  carbs: number | null;
  fat: number | null;
  fiber: number | null;
  quantity: string | null;
}

/** `rejected`: the provider refused this image (its 4xx); `rate_limited`: it asks to slow down; `unavailable`: anything else. */
export type FoodAnalysisResult =
  | { ok: true; foods: RecognisedFood[] }
  | { ok: false; reason: 'rejected' | 'rate_limited' | 'unavailable'; message: string };

export interface FoodAnalyzer {
  /** Never throws for a provider failure: it answers `ok: false`. */
  analyze(image: FoodImage): Promise<FoodAnalysisResult>;
}

/** Resolves a host name to its addresses (every one of them), for outbound requests. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export interface Services {
  mailer: Mailer | undefined;
  sms: SmsSender | undefined;
  /** Push notifications (PUSH_URL); undefined: notifications are stored and delivery stays pending. */
  push: PushProvider | undefined;
  /** Image analysis for foods.analyze (FOOD_ANALYSIS_URL); undefined: analyze answers NOT_CONFIGURED. */
  foodAnalysis: FoodAnalyzer | undefined;
  /** Injectable clock (unix ms) so tests can move time. */
  now: () => number;
  /**
   * Resolves host names for outbound requests (src/providers/outbound.ts), which check and then
   * connect to exactly the addresses it answers; unset: the system's resolver. Tests inject theirs.
   */
  resolveHost?: ResolveHost | undefined;
}
