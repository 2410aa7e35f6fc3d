import { Box, Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCloud } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../account/accountStore';
import { openLogin } from '../account/loginDialog';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { CloudBrowser } from '../cloud/CloudBrowser';
import { WorkspaceHeader } from '../workspace/WorkspaceHeader';

/** /app/document-cloud, the cloud document store: login forced (SPEC §2, §6). */
export default function DocumentCloudPage() {
  const { t } = useTranslation();
  const { loggedIn, ready } = useAccount();
  const title = t('features.document-cloud.title');
  useDocumentTitle(title);
  useEffect(() => {
    if (ready && !loggedIn) void openLogin();
  }, [ready, loggedIn]);
  return (
    <Box maw={1180} mx="auto" px={{ base: 14, sm: 24 }} py={28}>
      <WorkspaceHeader
        icon={<ThemeIcon size={52} radius="md" variant="light" color="violet" aria-hidden="true"><IconCloud size={30} stroke={1.7} /></ThemeIcon>}
        title={title}
        description={t('features.document-cloud.description')}
      />
      {loggedIn ? (
        <CloudBrowser />
      ) : (
        <Paper withBorder radius="lg" p="xl" data-testid="cloud-login-required">
          <Stack gap="sm" align="flex-start">
            <Text>{t('shell.cloud.loginRequired')}</Text>
            <Button onClick={() => void openLogin()}>{t('topbar.login')}</Button>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
