/**
 * The LibreOffice user profile each pool instance starts with: written before soffice first
 * runs, so the settings below are in force from the first document on. They are the second
 * line of defence; the first is the empty network namespace (`isolation.ts`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

type Value = boolean | number | string;

/** [configuration path, property, value] */
const SETTINGS: Array<[string, string, Value]> = [
  // Macros: the highest security level (only signed macros from trusted authors, and we trust
  // none), and macro execution disabled outright; Basic never runs.
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', 3],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', true],
  ['/org.openoffice.Office.Common/Security/Scripting', 'OfficeBasic', 0],
  ['/org.openoffice.Office.Common/Security/Scripting', 'ExecutePlugins', false],
  // Linked graphics and other links of a document outside the trusted locations (there are
  // none) are not fetched: remote and local images a document only points to stay unloaded.
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', true],
  // Links are never updated on load (Writer: 0 = never; Calc: 1 = never).
  ['/org.openoffice.Office.Writer/Content/Update', 'Link', 0],
  ['/org.openoffice.Office.Calc/Content/Update', 'Link', 1],
  // No lock files beside the inputs, no backups or recovery data in the profile.
  ['/org.openoffice.Office.Common/Misc', 'UseLocking', false],
  ['/org.openoffice.Office.Common/Save/Document', 'CreateBackup', false],
  ['/org.openoffice.Office.Recovery/AutoSave', 'Enabled', false],
  ['/org.openoffice.Office.Recovery/RecoveryInfo', 'Enabled', false],
  // No update checks, no first-start or tip dialogs, no automatic spell checking (CPU only).
  ['/org.openoffice.Office.Jobs/Jobs/org.openoffice.Office.Jobs:Job[\'UpdateCheck\']/Arguments', 'AutoCheckEnabled', false],
  ['/org.openoffice.Office.Common/Misc', 'ShowTipOfTheDay', false],
  ['/org.openoffice.Office.Common/Misc', 'FirstRun', false],
  ['/org.openoffice.Office.Linguistic/SpellChecking', 'IsSpellAuto', false],
];

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function item([path, name, value]: [string, string, Value]): string {
  return `<item oor:path="${xmlEscape(path)}"><prop oor:name="${name}" oor:op="fuse"><value>${xmlEscape(String(value))}</value></prop></item>`;
}

export function registryModifications(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${SETTINGS.map(item).join('\n')}
</oor:items>
`;
}

/** Writes `<dir>/user/registrymodifications.xcu`; `dir` becomes the UserInstallation. */
export async function writeProfile(dir: string): Promise<void> {
  await mkdir(join(dir, 'user'), { recursive: true });
  await writeFile(join(dir, 'user', 'registrymodifications.xcu'), registryModifications());
}
