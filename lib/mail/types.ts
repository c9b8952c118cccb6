/** A recipient, always passed as an object so no user text is parsed as an address list. */
export interface Recipient {
  name?: string;
  address: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers, such as a notification's List-Unsubscribe (RFC 8058). They may hold a link, so
   * the queue seals them with the body and a failed or production-outbox mail keeps none.
   */
  headers?: Record<string, string>;
}

export interface OutgoingMail extends MailContent {
  to: Recipient;
  /** Which template made it ("verification", "sign-in", ...), for the outbox and logs. */
  kind: string;
}

/** Delivers one message or throws; retrying is the queue's job. */
export interface Mailer {
  readonly name: string;
  /**
   * Keeps only recipient, kind and subject (the outbox in production): the queue hands it the
   * mail with an empty body and never opens the sealed one.
   */
  readonly headersOnly?: boolean;
  send(mail: OutgoingMail): Promise<void>;
}
