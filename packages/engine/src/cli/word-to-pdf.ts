import { toPdfCommand } from '../office/cli-command.js';

export const wordToPdfCommand = toPdfCommand('word-to-pdf', 'Word documents');
