import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from '../provider-interfaces.ts';
import { checkTarget, providerPolicy, OutboundRefused, type OutboundPolicy } from './outbound.ts';

/**
 * Mail over SMTP (SMTP_URL). Before each message the server's host is resolved and checked like
 * every outbound request (src/providers/outbound.ts), and the connection goes to the checked
 * address: the URL handed to nodemailer names that address, and TLS still presents and verifies
 * the configured name.
 */
export function smtpMailer(smtpUrl: string, from: string, policy: OutboundPolicy = providerPolicy()): Mailer {
  return {
    async send(message: MailMessage) {
      const url = new URL(smtpUrl);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // The check reads the host as an http URL would, so every IPv4 spelling is normalised.
      const checked = await checkTarget(`http://${url.hostname}/`, policy);
      if (!checked.ok) throw new OutboundRefused(`mail server refused: ${checked.reason}`);
      const { address, family } = checked.target.addresses[0]!;
      url.hostname = family === 6 ? `[${address}]` : address;
      const named = checked.target.url.hostname !== address && checked.target.url.hostname !== `[${address}]`;
      const transport = nodemailer.createTransport({ url: url.toString(), ...(named ? { servername: host } : {}) });
      try {
        const attachments = message.attachments?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: Buffer.from(file.content) }));
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(attachments ? { attachments } : {}) });
      } finally {
        transport.close();
      }
    },
  };
}
