import { toPdfCommand } from '../office/cli-command.js';

export const rtfToPdfCommand = toPdfCommand('rtf-to-pdf', 'RTF documents');
