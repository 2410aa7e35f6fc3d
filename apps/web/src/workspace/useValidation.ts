import { useState } from 'react';

/**
 * A tool page's options check: no field shows its error until the user first tries to run the
 * tool (`checked`); `validated(valid)` marks that attempt and answers whether the run may go on.
 */
export function useValidation(): { checked: boolean; validated: (valid: boolean) => boolean } {
  const [checked, setChecked] = useState(false);
  return {
    checked,
    validated: (valid) => {
      setChecked(true);
      return valid;
    },
  };
}
