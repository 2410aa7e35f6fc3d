import { create } from 'zustand';

/**
 * The top bar's export button (SPEC §2, editor path only) runs what the editor page registers;
 * with nothing registered the button is disabled.
 */
export const useEditorExport = create<{ exportFile: (() => void) | null }>(() => ({ exportFile: null }));
