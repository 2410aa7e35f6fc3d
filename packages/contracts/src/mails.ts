/**
 * The mails the server sends a user, in each language of SPEC §2. The request that causes a
 * mail names the visitor's language; English when it names none.
 */
import { z } from 'zod';

export const mailLanguages = ['en', 'de', 'es', 'fr', 'ja', 'pt-br', 'zh-cn'] as const;
export type MailLanguage = (typeof mailLanguages)[number];
export const mailLanguage = z.enum(mailLanguages);

export interface Mail {
  subject: string;
  text: string;
}

interface ResetWords {
  subject: string;
  hello: (name: string) => string;
  helloNoName: string;
  open: string;
  ignore: string;
}

const reset: Record<MailLanguage, ResetWords> = {
  en: {
    subject: 'Reset your Pagewright password',
    hello: (name) => `Hello ${name},`,
    helloNoName: 'Hello,',
    open: 'To choose a new password, open this link within 60 minutes:',
    ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  de: {
    subject: 'Pagewright-Passwort zurücksetzen',
    hello: (name) => `Hallo ${name},`,
    helloNoName: 'Hallo,',
    open: 'Um ein neues Passwort zu wählen, öffnen Sie diesen Link innerhalb von 60 Minuten:',
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  es: {
    subject: 'Restablece tu contraseña de Pagewright',
    hello: (name) => `Hola, ${name}:`,
    helloNoName: 'Hola:',
    open: 'Para elegir una nueva contraseña, abre este enlace en los próximos 60 minutos:',
    ignore: 'Si no lo has pedido, ignora este correo: tu contraseña no cambia.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Pagewright',
    hello: (name) => `Bonjour ${name},`,
    helloNoName: 'Bonjour,',
    open: 'Pour choisir un nouveau mot de passe, ouvrez ce lien dans les 60 minutes :',
    ignore: "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
  },
  ja: {
    subject: 'Pagewright のパスワードの再設定',
    hello: (name) => `${name} 様`,
    helloNoName: 'こんにちは。',
    open: '新しいパスワードを設定するには、60 分以内に次のリンクを開いてください。',
    ignore: 'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  },
  'pt-br': {
    subject: 'Redefina sua senha do Pagewright',
    hello: (name) => `Olá, ${name},`,
    helloNoName: 'Olá,',
    open: 'Para escolher uma nova senha, abra este link em até 60 minutos:',
    ignore: 'Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.',
  },
  'zh-cn': {
    subject: '重置您的 Pagewright 密码',
    hello: (name) => `${name}，您好：`,
    helloNoName: '您好：',
    open: '要设置新密码，请在 60 分钟内打开此链接：',
    ignore: '如果这不是您本人的操作，请忽略此邮件：您的密码不会改变。',
  },
};

/** The password-reset mail with its link (valid 60 minutes). */
export function passwordResetMail(language: MailLanguage, firstName: string, link: string): Mail {
  const words = reset[language];
  const greeting = firstName ? words.hello(firstName) : words.helloNoName;
  return { subject: words.subject, text: `${greeting}\n\n${words.open}\n\n${link}\n\n${words.ignore}\n` };
}
