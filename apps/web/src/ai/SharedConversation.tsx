import { Alert, Box, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/accountStore';
import { openLogin } from '../account/loginDialog';
import { toApiError } from '../api/ApiError';
import { errorMessage } from '../toasts/errorToast';
import { previewSharedConversation } from './aiApi';
import { AnswerText, ProviderBadge } from './AnswerText';
import { useAiKeys } from './useAiKeys';
import classes from './ai.module.css';

/**
 * A conversation opened from its read-only link (`?conversation_share=<code>`): its questions
 * and answers without any control. Behind the share gate (SPEC §9) a guest reads the first
 * part and is asked to sign in for the rest.
 */
export function SharedConversation({ code }: { code: string }) {
  const { t } = useTranslation();
  const { loggedIn, ready } = useAccount();
  const keys = useAiKeys();
  const preview = useQuery({
    queryKey: keys.sharedConversation(code),
    queryFn: ({ signal }) => previewSharedConversation(code, signal),
    enabled: ready,
    retry: false,
  });

  if (preview.isError) {
    return (
      <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={20} />} data-testid="shared-conversation-error">
        {errorMessage(toApiError(preview.error).code)}
      </Alert>
    );
  }
  if (!preview.data) {
    return <Stack gap="sm" aria-busy="true"><Skeleton h={40} /><Skeleton h={80} /></Stack>;
  }

  const { title, file_name: fileName, records, total_records: total, locked } = preview.data;
  return (
    <Stack gap="md" maw={860} data-testid="shared-conversation" data-locked={locked || undefined}>
      <Box>
        <Title order={2} fz="lg">{title}</Title>
        <Text fz="sm" c="dimmed">{t('ai.shared.readOnly', { name: fileName })}</Text>
      </Box>
      {records.map((record) => (
        <Stack key={record.record_id} gap="sm">
          <Box className={classes.question}>{record.question}</Box>
          <Box className={classes.answer} data-testid="shared-answer">
            <Stack gap={8}>
              <AnswerText text={record.answer} citations={record.citations} />
              <div><ProviderBadge provider={record.provider} /></div>
            </Stack>
          </Box>
        </Stack>
      ))}
      {locked && (
        <Paper withBorder radius="lg" p="lg" data-testid="shared-locked">
          <Stack gap="sm" align="flex-start">
            <Text fw={600}><IconLock size={16} style={{ verticalAlign: 'text-bottom' }} aria-hidden="true" /> {t('ai.shared.lockedCount', { shown: records.length, total })}</Text>
            {loggedIn ? (
              <Text fz="sm" c="dimmed">{t('ai.shared.lockedSignedIn')}</Text>
            ) : (
              <>
                <Text fz="sm">{t('ai.shared.signInPrompt')}</Text>
                <Button onClick={() => void openLogin()} data-testid="shared-sign-in">{t('topbar.login')}</Button>
              </>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
