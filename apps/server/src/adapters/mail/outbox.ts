import type { Db } from '../../db/connection.js';
import type { Mail, Mailer } from './mailer.js';

/**
 * Keeps mail in the `mail_outbox` table instead of sending it, so a server with no mail
 * service still works: an administrator (or a test) reads the mail there. The log names the
 * recipient and subject only, because a body may carry a reset token.
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';

  constructor(private readonly db: Db, private readonly log: { info: (o: object, m: string) => void }) {}

  async send(mail: Mail): Promise<void> {
    const row = await this.db.insertInto('mail_outbox')
      .values({ to_address: mail.to, subject: mail.subject, text_body: mail.text, created_at: Date.now() })
      .returning('mail_id').executeTakeFirstOrThrow();
    this.log.info({ mail_id: row.mail_id, to: mail.to, subject: mail.subject }, 'mail kept in the outbox (no SMTP_URL)');
  }

  async close(): Promise<void> {}
}
