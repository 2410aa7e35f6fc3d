/**
 * Copies text through the Clipboard API; where that is refused (an insecure origin, a denied
 * permission) it selects `field` and copies the selection instead. False when neither worked.
 */
export async function copyText(text: string, field?: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand('copy');
  }
}
