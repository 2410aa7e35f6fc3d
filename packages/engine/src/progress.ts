/** Reports integer percentages 0..100 to the caller, never backwards, never twice the same. */
export type ProgressFn = (percent: number) => void;

export function progressReporter(onProgress: ProgressFn | undefined): (percent: number) => void {
  let last = -1;
  return (percent: number) => {
    if (!onProgress) return;
    const value = Math.max(0, Math.min(100, Math.floor(percent)));
    if (value <= last) return;
    last = value;
    try {
      onProgress(value);
    } catch {
      // A failing progress listener must not fail the operation.
    }
  };
}
