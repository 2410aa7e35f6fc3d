import { shareLimits } from '@pagewright/contracts';
import { Pill, PillsInput, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../toasts/errorToast';
import { chipKeys, takeAddresses, type ChipError } from './emailChips';

/** The recipients typed so far and whether any text is left that is not a chip yet. */
export interface Recipients {
  list: string[];
  typed: string;
}

function useChipErrorText(): (error: ChipError) => string {
  const { t } = useTranslation();
  return (error) => {
    if (error.kind === 'invalid') return t('share.email.notValid', { text: error.text });
    if (error.kind === 'duplicate') return errorMessage('EMAIL_IN_USE');
    return errorMessage('TOO_MANY_RECIPIENTS');
  };
}

/**
 * The recipients of an email share as chips (SPEC §5): Enter, a comma (also ，) or a space
 * makes a chip of the typed address; a refused address stays in the box with the reason
 * under it; the counter shows n/5.
 */
export function RecipientsInput({ value, onChange, error, onError }: {
  value: Recipients;
  onChange: (value: Recipients) => void;
  error: ChipError | null;
  onError: (error: ChipError | null) => void;
}) {
  const { t } = useTranslation();
  const errorText = useChipErrorText();

  const take = (text: string, commit: boolean) => {
    const taken = takeAddresses(value.list, text, commit);
    onChange({ list: taken.recipients, typed: taken.rest });
    onError(taken.error);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (chipKeys.includes(event.key)) {
      event.preventDefault();
      take(value.typed, true);
    } else if (event.key === 'Backspace' && value.typed === '' && value.list.length > 0) {
      onChange({ list: value.list.slice(0, -1), typed: '' });
      onError(null);
    }
  };
  const remove = (address: string) => {
    onChange({ list: value.list.filter((r) => r !== address), typed: value.typed });
    onError(null);
  };

  return (
    <div>
      <PillsInput
        label={t('share.email.to')}
        description={t('share.email.toHint')}
        error={error ? errorText(error) : undefined}
        errorProps={{ 'data-testid': 'share-recipient-error', role: 'alert' }}
        required
        rightSection={
          <Text
            fz="xs"
            c={value.list.length >= shareLimits.maxRecipients ? 'dark.7' : 'dimmed'}
            fw={value.list.length >= shareLimits.maxRecipients ? 700 : 400}
            data-testid="share-recipient-count"
            aria-live="polite"
          >
            {`${value.list.length}/${shareLimits.maxRecipients}`}
          </Text>
        }
        rightSectionWidth={44}
      >
        <Pill.Group>
          {value.list.map((address) => (
            <Pill
              key={address}
              withRemoveButton
              onRemove={() => remove(address)}
              removeButtonProps={{ 'aria-label': t('share.email.remove', { email: address }) }}
              data-testid="share-recipient"
            >
              {address}
            </Pill>
          ))}
          <PillsInput.Field
            value={value.typed}
            inputMode="email"
            autoComplete="off"
            aria-label={t('share.email.to')}
            placeholder={value.list.length === 0 ? t('share.email.toPlaceholder') : undefined}
            onBlur={() => {
              if (value.typed.trim() !== '') take(value.typed, true);
            }}
            onChange={(event) => {
              const text = event.currentTarget.value;
              // A pasted list, or a separator typed through an input method (the full-width comma).
              if (/[,，\s]/.test(text)) take(text, false);
              else {
                onChange({ list: value.list, typed: text });
                if (error) onError(null);
              }
            }}
            onKeyDown={onKeyDown}
            data-testid="share-recipient-input"
          />
        </Pill.Group>
      </PillsInput>
    </div>
  );
}
