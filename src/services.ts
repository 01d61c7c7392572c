/** Outside providers: one small interface each. A missing one means the operation answers NOT_CONFIGURED. */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export interface Services {
  mailer: Mailer | undefined;
  sms: SmsSender | undefined;
  /** Injectable clock (unix ms) so tests can move time. */
  now: () => number;
}
