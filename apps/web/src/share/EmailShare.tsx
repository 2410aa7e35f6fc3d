import { Button, Stack, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/accountStore';
import { errorMessage } from '../toasts/errorToast';
import { canSend, isEmail, senderEmailOf, takeAddresses, type ChipError } from './emailChips';
import { RecipientsInput, type Recipients } from './RecipientsInput';

export interface EmailDraft {
  senderEmail: string;
  recipients: string[];
  message: string;
}

/**
 * The email tab (SPEC §5): the sender's own address (the account's, unless it is a phone
 * account's @mobile one), up to 5 recipients as chips, a free-text message, and Send once
 * there is a valid sender and at least one recipient.
 */
export function EmailShare({ busy, onSend }: { busy: boolean; onSend: (draft: EmailDraft) => void }) {
  const { t } = useTranslation();
  const { user } = useAccount();
  const [senderEmail, setSenderEmail] = useState(() => senderEmailOf(user?.email));
  const [senderTouched, setSenderTouched] = useState(false);
  const [recipients, setRecipients] = useState<Recipients>({ list: [], typed: '' });
  const [chipError, setChipError] = useState<ChipError | null>(null);
  const [message, setMessage] = useState('');

  const senderError = !senderTouched ? undefined
    : senderEmail.trim() === '' ? t('share.email.fromRequired')
      : isEmail(senderEmail) ? undefined : errorMessage('EMAIL_INVALID');
  // Text still in the box counts once it would make a chip: Send takes it first.
  const pending = recipients.typed.trim() === '' ? recipients.list : takeAddresses(recipients.list, recipients.typed, true).recipients;

  const send = () => {
    setSenderTouched(true);
    const taken = takeAddresses(recipients.list, recipients.typed, true);
    setRecipients({ list: taken.recipients, typed: taken.rest });
    setChipError(taken.error);
    if (taken.error || !canSend(senderEmail, taken.recipients)) return;
    onSend({ senderEmail: senderEmail.trim(), recipients: taken.recipients, message });
  };

  return (
    <Stack gap="md">
      <TextInput
        label={t('share.email.from')}
        required
        inputMode="email"
        autoComplete="email"
        value={senderEmail}
        onChange={(event) => setSenderEmail(event.currentTarget.value)}
        onBlur={() => setSenderTouched(true)}
        error={senderError}
        data-testid="share-sender-email"
      />
      <RecipientsInput value={recipients} onChange={setRecipients} error={chipError} onError={setChipError} />
      <Textarea
        label={t('share.email.message')}
        placeholder={t('share.email.messagePlaceholder')}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={1000}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        data-testid="share-message"
      />
      <Button
        radius="xl"
        leftSection={<IconSend size={18} />}
        loading={busy}
        disabled={!canSend(senderEmail, pending)}
        onClick={send}
        data-testid="share-send"
      >
        {t('share.email.send')}
      </Button>
    </Stack>
  );
}
