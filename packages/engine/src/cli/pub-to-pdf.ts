import { toPdfCommand } from '../office/cli-command.js';

export const pubToPdfCommand = toPdfCommand('pub-to-pdf', 'Publisher documents');
