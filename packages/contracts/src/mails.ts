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

interface ShareWords {
  subject: (sender: string, file: string) => string;
  shared: (sender: string, file: string) => string;
  message: string;
  open: (days: string) => string;
  permanent: string;
  days: (n: number) => string;
}

const share: Record<MailLanguage, ShareWords> = {
  en: {
    subject: (sender, file) => `${sender} shared "${file}" with you`,
    shared: (sender, file) => `${sender} shared the file "${file}" with you on Pagewright.`,
    message: 'Their message:',
    open: (days) => `Open it with this link (sign in first; the link works for ${days}):`,
    permanent: 'Open it with this link (sign in first):',
    days: (n) => (n === 1 ? '1 day' : `${n} days`),
  },
  de: {
    subject: (sender, file) => `${sender} hat „${file}“ mit Ihnen geteilt`,
    shared: (sender, file) => `${sender} hat die Datei „${file}“ auf Pagewright mit Ihnen geteilt.`,
    message: 'Die Nachricht dazu:',
    open: (days) => `Öffnen Sie sie über diesen Link (nach der Anmeldung; der Link gilt ${days}):`,
    permanent: 'Öffnen Sie sie über diesen Link (nach der Anmeldung):',
    days: (n) => (n === 1 ? '1 Tag' : `${n} Tage`),
  },
  es: {
    subject: (sender, file) => `${sender} ha compartido «${file}» contigo`,
    shared: (sender, file) => `${sender} ha compartido contigo el archivo «${file}» en Pagewright.`,
    message: 'Su mensaje:',
    open: (days) => `Ábrelo con este enlace (inicia sesión antes; el enlace vale ${days}):`,
    permanent: 'Ábrelo con este enlace (inicia sesión antes):',
    days: (n) => (n === 1 ? '1 día' : `${n} días`),
  },
  fr: {
    subject: (sender, file) => `${sender} a partagé « ${file} » avec vous`,
    shared: (sender, file) => `${sender} a partagé le fichier « ${file} » avec vous sur Pagewright.`,
    message: 'Son message :',
    open: (days) => `Ouvrez-le avec ce lien (après connexion ; le lien est valable ${days}) :`,
    permanent: 'Ouvrez-le avec ce lien (après connexion) :',
    days: (n) => (n === 1 ? '1 jour' : `${n} jours`),
  },
  ja: {
    subject: (sender, file) => `${sender} さんが「${file}」を共有しました`,
    shared: (sender, file) => `${sender} さんが Pagewright でファイル「${file}」をあなたと共有しました。`,
    message: 'メッセージ：',
    open: (days) => `次のリンクから開けます（ログインが必要です。有効期限は ${days}）：`,
    permanent: '次のリンクから開けます（ログインが必要です）：',
    days: (n) => `${n} 日`,
  },
  'pt-br': {
    subject: (sender, file) => `${sender} compartilhou "${file}" com você`,
    shared: (sender, file) => `${sender} compartilhou o arquivo "${file}" com você no Pagewright.`,
    message: 'A mensagem:',
    open: (days) => `Abra com este link (entre primeiro; o link vale por ${days}):`,
    permanent: 'Abra com este link (entre primeiro):',
    days: (n) => (n === 1 ? '1 dia' : `${n} dias`),
  },
  'zh-cn': {
    subject: (sender, file) => `${sender} 与您分享了“${file}”`,
    shared: (sender, file) => `${sender} 在 Pagewright 上与您分享了文件“${file}”。`,
    message: '附言：',
    open: (days) => `请通过此链接打开（需先登录；链接有效期 ${days}）：`,
    permanent: '请通过此链接打开（需先登录）：',
    days: (n) => `${n} 天`,
  },
};

/**
 * The mail of a share by email: who shares which file, their message as plain text (quoted,
 * never markup), and the link. `days` is the expiry, or null for a permanent link.
 */
export function shareMail(language: MailLanguage, sender: string, fileName: string, link: string, days: number | null, message: string): Mail {
  const words = share[language];
  const note = message.trim() === '' ? '' : `${words.message}\n${message.trim().split(/\r?\n/).map((l) => `> ${l}`).join('\n')}\n\n`;
  const open = days === null ? words.permanent : words.open(words.days(days));
  return { subject: words.subject(sender, fileName), text: `${words.shared(sender, fileName)}\n\n${note}${open}\n\n${link}\n` };
}
