import { fileExtension, toolByPageName, type ToolDefinition } from '@pagewright/contracts';
import { Box, Button, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileTypePdf, IconLock, IconReplace, IconShare } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../account/accountStore';
import { openLogin } from '../../account/loginDialog';
import { uploadFile } from '../../api/upload';
import { SharesList } from '../../share/SharesList';
import type { ShareTarget } from '../../share/shareApi';
import { openShareDialog } from '../../share/shareDialog';
import { errorMessage, showErrorToast } from '../../toasts/errorToast';
import { showToast } from '../../toasts/toastStore';
import { DropZone } from '../../workspace/DropZone';
import { WorkspaceHeader } from '../../workspace/WorkspaceHeader';
import { ToolIcon } from '../ToolIcon';

const tool = toolByPageName('share-document') as ToolDefinition;

/**
 * Share Document (SPEC §2 tool page share-document): a signed-in user chooses a PDF, which is
 * uploaded and offered to the share dialog; their live shares are listed below to copy or revoke.
 */
export default function ShareDocumentPage() {
  const { t } = useTranslation();
  const { loggedIn } = useAccount();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [chosen, setChosen] = useState<ShareTarget | null>(null);

  const choose = async (files: File[]) => {
    const [file] = files;
    if (!file) return;
    if (fileExtension(file.name) !== 'pdf') {
      showToast(errorMessage('FILE_TYPE_ERROR'));
      return;
    }
    setProgress({ name: file.name, percent: 0 });
    try {
      const uploaded = await uploadFile(file, {
        onProgress: (done, total) => setProgress({ name: file.name, percent: total > 0 ? Math.round((done / total) * 100) : 0 }),
      });
      const target = { fileId: uploaded.file_id, name: file.name };
      setChosen(target);
      openShareDialog(target);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setProgress(null);
    }
  };
  const browse = () => input.current?.click();

  return (
    <Box maw={1180} mx="auto" px={{ base: 14, sm: 24 }} py={28}>
      <input
        ref={input}
        type="file"
        hidden
        accept=".pdf,application/pdf"
        data-testid="file-input"
        onChange={(event) => {
          void choose(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }}
      />
      <WorkspaceHeader icon={<ToolIcon tool={tool} size="xl" />} title={t('tools.share-document.title')} description={t('tools.share-document.description')} />
      {!loggedIn ? (
        <Paper withBorder radius="lg" p="xl" data-testid="share-login-required">
          <Stack align="center" gap="md" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true"><IconLock size={30} /></ThemeIcon>
            <Text>{errorMessage('SHARE_LOGIN_REQUIRED')}</Text>
            <Button radius="xl" onClick={() => void openLogin()} data-testid="share-sign-in">{t('topbar.login')}</Button>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="xl">
          {progress ? (
            <Paper withBorder radius="lg" p="xl" data-testid="share-uploading">
              <Stack gap="sm">
                <Text fw={600} truncate="end">{progress.name}</Text>
                <Progress value={progress.percent} aria-label={t('share.page.uploading')} animated />
                <Text fz="sm" c="dimmed">{t('share.page.uploading')}</Text>
              </Stack>
            </Paper>
          ) : chosen ? (
            <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="share-chosen">
              <Group justify="space-between" gap="md">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
                  <IconFileTypePdf size={32} aria-hidden="true" style={{ flexShrink: 0 }} />
                  <Text fw={600} truncate="end" data-testid="share-chosen-name">{chosen.name}</Text>
                </Group>
                <Group gap="sm">
                  <Button variant="default" radius="xl" leftSection={<IconReplace size={18} />} onClick={browse} data-testid="share-choose-another">
                    {t('share.page.chooseAnother')}
                  </Button>
                  <Button radius="xl" leftSection={<IconShare size={18} />} onClick={() => openShareDialog(chosen)} data-testid="share-open-dialog">
                    {t('tools.share-document.convert')}
                  </Button>
                </Group>
              </Group>
            </Paper>
          ) : (
            <DropZone tool={tool} onFiles={(files) => void choose(files)} onBrowse={browse} />
          )}
          <SharesList />
        </Stack>
      )}
    </Box>
  );
}
