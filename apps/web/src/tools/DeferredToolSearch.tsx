import { TextInput } from '@mantine/core';
import { lazy, startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolSearchInputProps } from './toolSearchInput';

// The full search carries Mantine's Combobox and its positioning library, about a tenth of the
// home page's JavaScript budget; the header shows a plain field until someone reaches for it.
const loadToolSearch = () => import('./ToolSearch');
const ToolSearch = lazy(loadToolSearch);

/**
 * The header's tool search as it first loads: the same field, without the results list. Pointing
 * at it or focusing it loads the full search, which takes over the field and what was typed.
 */
export function DeferredToolSearch() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [wanted, setWanted] = useState(false);
  const want = () => {
    // A transition keeps this field (and its focus) on screen until the full search has loaded.
    if (!wanted) startTransition(() => setWanted(true));
  };
  if (wanted) return <ToolSearch query={query} onQueryChange={setQuery} takeFocus={typeof document !== 'undefined' && document.activeElement?.getAttribute('data-testid') === 'tool-search'} />;
  return (
    <TextInput
      {...toolSearchInputProps(t)}
      value={query}
      onChange={(event) => {
        setQuery(event.currentTarget.value);
        want();
      }}
      onPointerEnter={() => void loadToolSearch()}
      onFocus={want}
    />
  );
}
