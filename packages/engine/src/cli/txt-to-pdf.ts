import { toPdfCommand } from '../office/cli-command.js';

export const txtToPdfCommand = toPdfCommand('txt-to-pdf', 'plain text (UTF-8)');
