import { describe, expect, it } from 'vitest';
import { mailLanguages, passwordResetMail } from './mails.js';

describe('the password-reset mail', () => {
  it('is written in every language with the link, the 60 minutes and the name', () => {
    const subjects = new Set<string>();
    for (const language of mailLanguages) {
      const mail = passwordResetMail(language, 'Ann', 'https://example.org/app/reset-password?token=t1');
      expect(mail.text, language).toContain('https://example.org/app/reset-password?token=t1');
      expect(mail.text, language).toContain('60');
      expect(mail.text, language).toContain('Ann');
      subjects.add(mail.subject);
    }
    expect(subjects.size).toBe(mailLanguages.length);
  });

  it('greets without a name when the account has none', () => {
    expect(passwordResetMail('de', '', 'L').text.startsWith('Hallo,\n')).toBe(true);
  });
});
