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
  /**
   * Images shown inside the HTML (`<img src="cid:…">`), named by reference only: the queue keeps
   * the references (sealed with the body, far under KV's 64 KB a record may hold), and the bytes
   * are read when the mail is sent (`InlineImageResolver`). No address that loads without a session.
   */
  inlineImages?: InlineImageRef[];
}

/** A stored image (a team's blob), as a mail names it. lib/mail never reads it: its resolver does. */
export interface StoredImageRef {
  teamId: string;
  blobId: string;
}

/** An inline image of a mail: the `cid:` its HTML uses and the image it stands for. */
export interface InlineImageRef {
  cid: string;
  ref: StoredImageRef;
}

/** An image's bytes, read at send time. */
export interface ImageContent {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/**
 * Reads the image a reference names when its mail is sent (main.ts gives the queue one); null when
 * it is gone (the photo was deleted since), so the mail goes without it. A throw fails the attempt.
 */
export type InlineImageResolver = (ref: StoredImageRef) => Promise<ImageContent | null>;

/** An inline image ready for the mail server. */
export interface InlineImage extends ImageContent {
  cid: string;
}

export interface OutgoingMail extends MailContent {
  to: Recipient;
  /** Which template made it ("verification", "sign-in", ...), for the outbox and logs. */
  kind: string;
}

/**
 * What a mailer is handed: the mail and, from the queue at send time, the bytes of its inline
 * images that could still be read. Never stored.
 */
export interface SendableMail extends OutgoingMail {
  inlineContent?: InlineImage[];
}

/** Delivers one message or throws; retrying is the queue's job. */
export interface Mailer {
  readonly name: string;
  /**
   * Keeps only recipient, kind and subject (the outbox in production): the queue hands it the
   * mail with an empty body and never opens the sealed one.
   */
  readonly headersOnly?: boolean;
  send(mail: SendableMail): Promise<void>;
}
