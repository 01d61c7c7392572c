/**
 * What an operation with `streamed` (operation.ts) answers: a file sent as the body of the answer
 * at the operation's own path, not in the JSON envelope (app.ts serves it; through /api it is
 * BAD_REQUEST). The body is bytes, text, or lines made as the client reads them (an export).
 */
export class FileAnswer {
  readonly contentType: string;
  /** offered to save as (Content-Disposition: attachment) */
  readonly fileName: string;
  readonly body: Uint8Array | string | AsyncIterable<string>;
  /** further headers of the answer (an export's X-Export-Total) */
  readonly headers: Readonly<Record<string, string>>;

  constructor(contentType: string, fileName: string, body: FileAnswer['body'], headers: Readonly<Record<string, string>> = {}) {
    this.contentType = contentType;
    this.fileName = fileName;
    this.body = body;
    this.headers = headers;
  }
}

/** A file name safe inside a quoted Content-Disposition parameter: no quotes, slashes, control or non-ASCII characters. */
export function safeFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9._ -]/g, '-').slice(0, 200) || 'file';
}
